import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { conflict, notFound } from '../../http/errors.js';
import { defineOp } from '../../ops/registry.js';
import type { PostedJournal } from './post.js';

/**
 * The list's "post" of a sub-ledger's proposed journal (inventory, payables, receivables): the journal as reviewed,
 * in its own transaction, refused when already posted. Each module keeps its proposals in its own table (status
 * 'pending' → 'posted') and posts one through `post`, which goes through the one posting function.
 */
export function postPendingJournalOp(o: {
  name: string;
  summary: string;
  resource: string;
  /** the proposals' entity (the id's lookup) and table */
  entity: string;
  table: string;
  /** the label prefix of its messages: `<labels>.title`, `<labels>.notPending` */
  labels: string;
  labelsFrom?: string;
  post(trx: Db, branchId: number, userId: number, id: number): Promise<PostedJournal>;
}) {
  return defineOp<{ id: number }>({
    name: o.name,
    summary: o.summary,
    resource: o.resource,
    action: 'post',
    ...(o.labelsFrom ? { labelsFrom: o.labelsFrom } : {}),
    input: {
      type: 'object',
      required: ['id'],
      additionalProperties: false,
      properties: { id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991, 'x-ref': o.entity } },
    },
    async handler(c, { id }) {
      const table = sql.table(o.table);
      const { rows } = await sql<{ status: string }>`
        SELECT status FROM ${table} WHERE branch_id = ${c.auth.branchId} AND id = ${id} FOR UPDATE`.execute(c.trx);
      if (!rows[0]) throw notFound(`${o.labels}.title`);
      if (rows[0].status !== 'pending') throw conflict(`${o.labels}.notPending`);
      const posted = await o.post(c.trx, c.auth.branchId, c.auth.user.id, id);
      await sql`UPDATE ${table} SET status = 'posted', version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
                 WHERE branch_id = ${c.auth.branchId} AND id = ${id}`.execute(c.trx);
      return { id, journal: posted.id };
    },
  });
}
