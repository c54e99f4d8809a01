import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { badRequest, conflict, invalid } from '../../../http/errors.js';
import { defineOp } from '../../../ops/registry.js';
import { openBusinessDay } from '../../gl/post.js';
import { BILLING, openFolio } from './folios.js';
import { id } from './inputs.js';
import { postFolioEvents, type FolioEvent } from './postings.js';
import type { Db } from '../../../db/connect.js';
import type { HookContext } from '../../../data/hooks.js';

/** The lines of a folio that can still move: not moved on already, not reversed, not a reversal. */
async function movableLines(trx: Db, branchId: number, folioId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT l.id FROM folio_line l
     WHERE l.branch_id = ${branchId} AND l.folio_id = ${folioId} AND l.reverses_id IS NULL AND l.transfer_side IS DISTINCT FROM 'out'
       AND NOT EXISTS (SELECT 1 FROM folio_line t WHERE t.branch_id = l.branch_id AND t.transfer_of = l.id)
       AND NOT EXISTS (SELECT 1 FROM folio_line r WHERE r.branch_id = l.branch_id AND r.reverses_id = l.id)
     ORDER BY l.id`.execute(trx);
  return rows.map((r) => Number(r.id));
}

interface LineRow {
  id: number;
  folio_id: number;
  folio_code: string;
  folio_status: string;
  reservation_id: number;
  kind: 'charge' | 'payment';
  fo_article_id: number | null;
  pay_article_id: number | null;
  description: string;
  night: string | null;
  room_id: number | null;
  quantity: string;
  unit_price: string;
  base: string;
  service: string;
  tax: string;
  amount: string;
  transfer_side: string | null;
  moved: boolean;
  reversed: boolean;
  is_reversal: boolean;
}

/**
 * Moves posted lines to another open folio — another window of the stay, or another room's — as a pair of
 * lines: the same article and parts out of the first folio and into the second. The ledger only moves the
 * amount between the two folios; the revenue stays where it was posted. A line moves once (its copy on
 * the other folio may move on).
 */
export const transferLines = defineOp<{ line_ids?: number[]; id?: number; to_folio_id: number }>({
  name: 'frontoffice.folioTransfer',
  summary: "Transfer posted lines to another open folio (another window or another room's)",
  resource: BILLING,
  action: 'transfer',
  idempotencyKey: 'required',
  input: {
    type: 'object',
    required: ['to_folio_id'],
    additionalProperties: false,
    properties: {
      id: { ...id, 'x-ref': 'frontoffice/folio', description: 'a folio whose every line that can move goes (instead of line_ids)' },
      line_ids: { type: 'array', minItems: 1, maxItems: 200, uniqueItems: true, items: { ...id, 'x-ref': 'frontoffice/folio-line' } },
      to_folio_id: { ...id, 'x-ref': 'frontoffice/folio' },
    },
  },
  async handler(c, input) {
    const branch = c.auth.branchId;
    if (!input.line_ids === !input.id) throw invalid([{ field: 'line_ids', key: 'folio.linesOrFolio', params: {} }]);
    const lineIds = input.line_ids ?? (await movableLines(c.trx, branch, input.id!));
    if (!lineIds.length) throw badRequest('folio.nothingToMove');
    const { posted, target } = await moveFolioLines(c, lineIds, input.to_folio_id);
    return { moved: posted.length, to_folio_id: target.id };
  },
});

/**
 * The move itself, for the folio's own command and for the outlet moving a bill charged to the wrong room:
 * each line out of its folio and into the target folio as a pair, in the caller's transaction.
 */
export async function moveFolioLines(c: HookContext, lineIds: number[], toFolioId: number) {
  const branch = c.auth.branchId;
  // the folios involved are locked first (in one order, so two transfers cannot deadlock), then the
  // lines are judged on what is committed by then
  await sql`SELECT f.id FROM folio f WHERE f.branch_id = ${branch}
                AND (f.id = ${toFolioId} OR f.id IN (SELECT folio_id FROM folio_line WHERE branch_id = ${branch} AND id = ANY(${lineIds}::bigint[])))
              ORDER BY f.id FOR UPDATE`.execute(c.trx);
  const target = await openFolio(c.trx, branch, toFolioId, 'to_folio_id');
  if (target.stay_status !== 'in_house') throw badRequest('folio.stayNotInHouse', { code: target.code });
  const { rows } = await sql<LineRow>`
      SELECT l.id, l.folio_id, f.code AS folio_code, f.status AS folio_status, l.reservation_id, l.kind, l.fo_article_id, l.pay_article_id, l.description,
             l.night::text AS night, l.room_id, l.quantity, l.unit_price, l.base, l.service, l.tax, l.amount, l.transfer_side,
             EXISTS (SELECT 1 FROM folio_line t WHERE t.branch_id = l.branch_id AND t.transfer_of = l.id) AS moved,
             EXISTS (SELECT 1 FROM folio_line r WHERE r.branch_id = l.branch_id AND r.reverses_id = l.id) AS reversed,
             l.reverses_id IS NOT NULL AS is_reversal
        FROM folio_line l JOIN folio f ON f.branch_id = l.branch_id AND f.id = l.folio_id
       WHERE l.branch_id = ${branch} AND l.id = ANY(${lineIds}::bigint[])
       ORDER BY l.id`.execute(c.trx);
  if (rows.length !== lineIds.length) throw invalid([{ field: 'line_ids', key: 'error.refMissing', params: {} }]);
  const events: FolioEvent[] = [];
  for (const l of rows) {
    if (l.folio_status !== 'open') throw conflict('folio.closed', { folio: l.folio_code });
    if (Number(l.folio_id) === target.id) throw conflict('folio.sameFolio', { folio: target.code });
    if (l.transfer_side === 'out' || l.moved) throw conflict('folio.alreadyMoved', { line: l.description });
    if (l.reversed || l.is_reversal) throw conflict('folio.reversedLine', { line: l.description });
    const neg = (v: string) => new Decimal(v).neg().toFixed(2);
    const common = {
      reservationId: Number(l.reservation_id),
      kind: l.kind,
      foArticleId: l.fo_article_id ?? undefined,
      payArticleId: l.pay_article_id ?? undefined,
      night: l.night,
      roomId: l.room_id,
      quantity: l.quantity,
      unitPrice: l.unit_price,
      transferOf: Number(l.id),
    };
    events.push([
      {
        ...common,
        folioId: Number(l.folio_id),
        description: `${l.description} → ${target.code}`,
        base: neg(l.base),
        service: neg(l.service),
        tax: neg(l.tax),
        amount: neg(l.amount),
        transferSide: 'out',
        postingKey: `transfer:${l.id}:out`,
      },
      {
        ...common,
        folioId: target.id,
        reservationId: target.reservation_id,
        description: `${l.description} ← ${l.folio_code}`,
        base: l.base,
        service: l.service,
        tax: l.tax,
        amount: l.amount,
        transferSide: 'in',
        postingKey: `transfer:${l.id}:in`,
      },
    ]);
  }
  const day = await openBusinessDay(c.trx, branch);
  // each event is its pair of lines: [out of the first folio, into the target]
  const posted = await postFolioEvents(c.trx, branch, c.auth.user.id, day, events);
  return { posted, target };
}
