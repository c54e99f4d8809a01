import fs from 'node:fs/promises';
import path from 'node:path';

/** What a lock system encodes on a card: the room, who, and the validity (hotel local time). */
export interface KeyPayload {
  cardNo: string;
  branchCode: string;
  room: string;
  guest: string;
  reservation: string;
  /** a test card opens its room's door for a few minutes, with no stay (the lock tried after a battery change) */
  kind: 'new' | 'duplicate' | 'test';
  validFrom: string;
  validTo: string;
}

/**
 * A lock system (a vendor's encoder) as Hotelier drives it: encode a card, cancel one. Vendors plug in by
 * implementing this and registering in KEY_ENCODERS; the property chooses one with KEY_ENCODER.
 */
export interface KeyEncoder {
  name: string;
  /** encodes the card and answers the lock system's reference for it */
  encode(card: KeyPayload): Promise<string>;
  cancel(card: KeyPayload): Promise<void>;
}

/**
 * Writes each card's payload as a JSON file under DATA_DIR/keys/<property>/ (the cancellation beside it), for
 * a lock whose encoder station reads a folder, and for trying Hotelier without a lock system.
 */
export function fileEncoder(dataDir: string): KeyEncoder {
  const dir = (card: KeyPayload) => path.join(dataDir, 'keys', card.branchCode);
  return {
    name: 'file',
    async encode(card) {
      await fs.mkdir(dir(card), { recursive: true });
      const file = path.join(dir(card), `${card.cardNo}.json`);
      await fs.writeFile(file, JSON.stringify({ action: 'encode', ...card }, null, 2));
      return path.relative(dataDir, file);
    },
    async cancel(card) {
      await fs.mkdir(dir(card), { recursive: true });
      await fs.writeFile(path.join(dir(card), `${card.cardNo}.cancel.json`), JSON.stringify({ action: 'cancel', ...card }, null, 2));
    },
  };
}

export const KEY_ENCODERS: Record<string, (options: { dataDir: string }) => KeyEncoder> = {
  file: ({ dataDir }) => fileEncoder(dataDir),
};

export function keyEncoder(dataDir: string, name = process.env.KEY_ENCODER ?? 'file'): KeyEncoder {
  const make = KEY_ENCODERS[name];
  if (!make) throw new Error(`KEY_ENCODER '${name}' is not a known lock system (known: ${Object.keys(KEY_ENCODERS).join(', ')})`);
  return make({ dataDir });
}
