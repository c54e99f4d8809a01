import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { EntityHook, HookContext } from '../../../data/hooks.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';

export const BILLING = 'frontoffice.billing';
export const MAX_WINDOWS = 8;

export interface FolioRow {
  id: number;
  code: string;
  reservation_id: number;
  window_no: number;
  name: string;
  company: string | null;
  status: 'open' | 'closed';
  stay_status: string;
  room_id: number | null;
}

/** A folio of this property, locked for the posting about to be made on it; refused when it is closed. */
export async function openFolio(trx: Db, branchId: number, folioId: number, field = 'folio_id'): Promise<FolioRow> {
  const { rows } = await sql<FolioRow>`
    SELECT f.id, f.code, f.reservation_id, f.window_no, f.name, f.company, f.status, v.status AS stay_status, v.room_id
      FROM folio f JOIN reservation v ON v.branch_id = f.branch_id AND v.id = f.reservation_id
     WHERE f.branch_id = ${branchId} AND f.id = ${folioId} FOR UPDATE OF f`.execute(trx);
  const f = rows[0];
  if (!f) throw notFound('folio.title');
  if (f.status !== 'open') throw conflict('folio.closed', { folio: f.code }, [{ field, key: 'folio.closed', params: { folio: f.code } }]);
  return { ...f, id: Number(f.id), reservation_id: Number(f.reservation_id), room_id: f.room_id == null ? null : Number(f.room_id) };
}

async function nextCode(trx: Db) {
  const { rows } = await sql<{ n: string }>`SELECT nextval('folio_number_seq')::text AS n`.execute(trx);
  return `F${rows[0].n}`;
}

/**
 * Window 1 of each stay, opened in the guest's name where it is missing (at check-in, or for stays that were
 * in house before the folios existed). One statement for any number of stays. Returns stay → folio id.
 */
export async function ensureGuestFolios(
  trx: Db,
  branchId: number,
  userId: number | null,
  reservationIds: number[],
): Promise<Map<number, number>> {
  if (!reservationIds.length) return new Map();
  await sql`
    INSERT INTO folio (branch_id, code, reservation_id, window_no, name, company, created_by, updated_by)
    SELECT v.branch_id, 'F' || nextval('folio_number_seq'), v.id, 1, g.name, v.company, ${userId}, ${userId}
      FROM reservation v JOIN guest g ON g.branch_id = v.branch_id AND g.id = v.guest_id
     WHERE v.branch_id = ${branchId} AND v.id = ANY(${reservationIds}::bigint[])
       AND NOT EXISTS (SELECT 1 FROM folio f WHERE f.branch_id = v.branch_id AND f.reservation_id = v.id AND f.window_no = 1)
     ORDER BY v.id
    ON CONFLICT DO NOTHING`.execute(trx);
  const { rows } = await sql<{ id: number; reservation_id: number }>`
    SELECT id, reservation_id FROM folio WHERE branch_id = ${branchId} AND window_no = 1 AND reservation_id = ANY(${reservationIds}::bigint[])`.execute(
    trx,
  );
  return new Map(rows.map((r) => [Number(r.reservation_id), Number(r.id)]));
}

/** The sum of a folio's lines: what the guest (or company) owes, negative when in credit. */
export async function folioBalances(trx: Db, branchId: number, folioIds: number[]): Promise<Map<number, string>> {
  const { rows } = await sql<{ folio_id: number; balance: string }>`
    SELECT folio_id, sum(amount)::text AS balance FROM folio_line WHERE branch_id = ${branchId} AND folio_id = ANY(${folioIds}::bigint[]) GROUP BY folio_id`.execute(
    trx,
  );
  const out = new Map(folioIds.map((id) => [id, '0']));
  for (const r of rows) out.set(Number(r.folio_id), r.balance);
  return out;
}

/**
 * A folio window is opened through the generic create (a company's window 2, a split for extras): it takes
 * the stay's next free window and a number; only its name and company change later, and it is never deleted
 * (its lines are the record). Status changes only by check-out.
 */
export const folioHook: EntityHook = {
  async beforeWrite(c: HookContext, mode, values, _virtual, before) {
    if (mode === 'create') {
      const stay = (
        await sql<{ status: string; code: string }>`
        SELECT status, code FROM reservation WHERE branch_id = ${c.auth.branchId} AND id = ${values.reservation_id as number} FOR UPDATE`.execute(
          c.trx,
        )
      ).rows[0];
      if (!stay) throw notFound('reservation');
      if (!['confirmed', 'tentative', 'in_house'].includes(stay.status)) throw badRequest('folio.stayNotOpen', { code: stay.code });
      const used = (
        await sql<{
          n: number | null;
        }>`SELECT max(window_no) AS n FROM folio WHERE branch_id = ${c.auth.branchId} AND reservation_id = ${values.reservation_id as number}`.execute(
          c.trx,
        )
      ).rows[0].n;
      const next = (used ?? 0) + 1;
      if (next > MAX_WINDOWS) throw conflict('folio.tooManyWindows', { max: MAX_WINDOWS, code: stay.code });
      values.window_no = next;
      values.code = await nextCode(c.trx);
      values.status = 'open';
      return;
    }
    for (const k of ['reservation_id', 'window_no', 'status', 'code'])
      if (k in values && values[k] !== before?.[k]) throw badRequest('folio.fixedField', { field: `folio.${k}` });
    if (before?.status === 'closed') throw conflict('folio.closed', { folio: before.code });
  },
  async beforeDelete() {
    throw badRequest('folio.noDelete');
  },
};
