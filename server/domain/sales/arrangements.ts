import { sql } from 'kysely';
import type { EntityHook } from '../../data/hooks.js';
import { invalid } from '../../http/errors.js';

interface LineInput {
  fo_article_id: number;
  amount: string;
  basis: 'per_person' | 'per_room';
}

/**
 * An arrangement's lines (what the rate includes, per revenue article) travel with it as the virtual field
 * `lines`: saving the arrangement replaces them in the same transaction, so the audit row shows them
 * before and after.
 */
export const arrangementHook: EntityHook = {
  async afterWrite(c, _mode, row, virtual) {
    if (virtual.lines === undefined) return;
    const lines = (virtual.lines as LineInput[] | null) ?? [];
    const branch = c.auth.branchId;
    await sql`DELETE FROM arrangement_line WHERE branch_id = ${branch} AND arrangement_id = ${row.id}`.execute(c.trx);
    if (!lines.length) return;
    const known = (
      await sql<{ id: number }>`
      SELECT id FROM fo_article WHERE branch_id = ${branch} AND id = ANY(${lines.map((l) => l.fo_article_id)})`.execute(c.trx)
    ).rows.map((r) => Number(r.id));
    const unknown = lines.findIndex((l) => !known.includes(l.fo_article_id));
    if (unknown >= 0) throw invalid([{ field: 'lines', key: 'arrangement.articleMissing', params: { line: unknown + 1 } }]);
    await sql`
      INSERT INTO arrangement_line (branch_id, arrangement_id, line_no, fo_article_id, amount, basis)
      SELECT ${branch}, ${row.id}, x.n, x.article, x.amount, x.basis
        FROM unnest(${lines.map((_, i) => i + 1)}::int[], ${lines.map((l) => l.fo_article_id)}::bigint[],
                    ${lines.map((l) => l.amount)}::numeric[], ${lines.map((l) => l.basis)}::text[]) AS x(n, article, amount, basis)`.execute(
      c.trx,
    );
  },
  async decorate(c, rows) {
    if (!rows.length) return;
    const { rows: lines } = await sql<{ arrangement_id: number; fo_article_id: number; amount: string; basis: string; article: string }>`
      SELECT l.arrangement_id::int AS arrangement_id, l.fo_article_id::int AS fo_article_id, l.amount, l.basis, f.code || ' - ' || f.name AS article
        FROM arrangement_line l JOIN fo_article f ON f.branch_id = l.branch_id AND f.id = l.fo_article_id
       WHERE l.branch_id = ${c.auth.branchId} AND l.arrangement_id = ANY(${rows.map((r) => r.id as number)})
       ORDER BY l.arrangement_id, l.line_no`.execute(c.trx);
    for (const r of rows) {
      const mine = lines.filter((l) => l.arrangement_id === Number(r.id));
      r.lines = mine.map(({ fo_article_id, amount, basis }) => ({ fo_article_id, amount, basis }));
      ((r._refs ??= {}) as Record<string, string>).lines = mine.map((l) => l.article).join(', ');
    }
  },
};

/** A set names the arrangements sold together; its members live in arrangement_set_member. */
export const arrangementSetHook: EntityHook = {
  async beforeWrite(_c, mode, _values, virtual) {
    const ids = virtual.arrangement_ids as number[] | null | undefined;
    if ((mode === 'create' || ids !== undefined) && !ids?.length)
      throw invalid([{ field: 'arrangement_ids', key: 'error.required', params: {} }]);
  },
  async afterWrite(c, _mode, row, virtual) {
    const ids = virtual.arrangement_ids as number[] | undefined;
    if (ids === undefined) return;
    const branch = c.auth.branchId;
    await sql`DELETE FROM arrangement_set_member WHERE branch_id = ${branch} AND set_id = ${row.id}`.execute(c.trx);
    const known = (
      await sql<{ id: number }>`SELECT id FROM arrangement WHERE branch_id = ${branch} AND id = ANY(${ids})`.execute(c.trx)
    ).rows.map((r) => Number(r.id));
    if (ids.some((id) => !known.includes(id))) throw invalid([{ field: 'arrangement_ids', key: 'error.refMissing', params: {} }]);
    await sql`INSERT INTO arrangement_set_member (branch_id, set_id, arrangement_id) SELECT ${branch}, ${row.id}, unnest(${ids}::bigint[])`.execute(
      c.trx,
    );
  },
  async decorate(c, rows) {
    if (!rows.length) return;
    const { rows: members } = await sql<{ set_id: number; arrangement_id: number; code: string }>`
      SELECT m.set_id::int AS set_id, m.arrangement_id::int AS arrangement_id, a.code
        FROM arrangement_set_member m JOIN arrangement a ON a.branch_id = m.branch_id AND a.id = m.arrangement_id
       WHERE m.branch_id = ${c.auth.branchId} AND m.set_id = ANY(${rows.map((r) => r.id as number)})
       ORDER BY a.code`.execute(c.trx);
    for (const r of rows) {
      const mine = members.filter((m) => m.set_id === Number(r.id));
      r.arrangement_ids = mine.map((m) => m.arrangement_id);
      ((r._refs ??= {}) as Record<string, string>).arrangement_ids = mine.map((m) => m.code).join(', ');
    }
  },
};
