import { sql } from 'kysely';
import { conflict, notFound } from '../../http/errors.js';
import { defineOp } from '../../ops/registry.js';
import { formatDate } from '../../../src/core/format/format.js';
import { reverseFolioLine } from '../frontoffice/folio/correctOps.js';
import { id, reasonInput } from '../frontoffice/folio/inputs.js';
import { AUDIT_DAY, dateInput, openAuditDay } from './auditDays.js';

/**
 * The auditor's correction: a posted folio line of a day under audit is reversed by a line dated in that same day,
 * with the reason; the day's journal keeps both (the charge and its reversal) and goes to the ledger at closing.
 */
export const correctAuditLine = defineOp<{ date: string; id: number; reason: string }>({
  name: 'incomeaudit.correct',
  summary: 'Reverse a folio line of a day under audit, dated in that day, with a reason',
  resource: AUDIT_DAY,
  action: 'correct',
  idempotencyKey: 'required',
  input: {
    type: 'object',
    required: ['date', 'id', 'reason'],
    additionalProperties: false,
    properties: {
      date: dateInput,
      id: { ...id, 'x-ref': 'frontoffice/folio-line', description: 'the line reversed' },
      reason: reasonInput,
    },
  },
  async handler(c, input) {
    const branch = c.auth.branchId;
    await openAuditDay(c.trx, branch, input.date);
    const { rows } = await sql<{ d: string }>`
      SELECT business_date::text AS d FROM folio_line WHERE branch_id = ${branch} AND id = ${input.id}`.execute(c.trx);
    if (!rows[0]) throw notFound('folio-line.title');
    if (rows[0].d !== input.date) throw conflict('incomeAudit.lineOtherDay', { line: formatDate(rows[0].d), date: formatDate(input.date) });
    return reverseFolioLine(c.trx, branch, c.auth.user.id, input.id, input.reason, input.date);
  },
});
