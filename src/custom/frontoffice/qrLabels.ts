export type QrTarget = 'room' | 'outlet';

export interface QrLabel {
  key: string;
  code: string;
  name: string;
}

/** By default a room's code opens the room in Hotelier, an outlet's its printer and outlet settings. */
export function defaultTemplate(target: QrTarget, origin: string): string {
  return target === 'room' ? `${origin}/frontoffice/master/room?q={code}` : `${origin}/system/sett-print-pos?q={code}`;
}

/** Fills {code}, {name} and {property}; inside a link the values are URL-encoded, in plain text they stay as they are. */
export function fillTemplate(template: string, values: Record<'code' | 'name' | 'property', string>): string {
  const isLink = /^https?:\/\//i.test(template.trim());
  return template.replace(/\{(code|name|property)\}/g, (_, k: keyof typeof values) => (isLink ? encodeURIComponent(values[k]) : values[k]));
}
