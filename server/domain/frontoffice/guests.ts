import { sql } from 'kysely';
import type { EntityHook } from '../../data/hooks.js';
import { conflict } from '../../http/errors.js';
import { formatDate } from '../../../src/core/format/format.js';

/**
 * One profile per guest across stays: a new profile with the same name and date of birth as an existing
 * one is refused with that profile named, so the desk opens it instead of starting a second history.
 * (The same ID document twice is refused by the database's unique key.)
 */
export const guestHook: EntityHook = {
  async beforeWrite(c, mode, values, _virtual, before) {
    const name = String(values.name ?? before?.name ?? '').trim();
    const birth = values.birth_date ?? before?.birth_date;
    if (!name || !birth || (mode === 'update' && values.name === undefined && values.birth_date === undefined)) return;
    const { rows } = await sql<{ id: number; name: string; phone: string | null; city: string | null }>`
      SELECT id, name, phone, city FROM guest
       WHERE branch_id = ${c.auth.branchId} AND lower(name) = lower(${name}) AND birth_date = ${String(birth)}::date AND id <> ${Number(before?.id ?? 0)}
       LIMIT 1`.execute(c.trx);
    if (rows[0])
      throw conflict(
        'guest.duplicate',
        { name: rows[0].name, birth: formatDate(String(birth)), more: [rows[0].phone, rows[0].city].filter(Boolean).join(', ') || '—' },
        [],
        { existingId: rows[0].id },
      );
  },
};
