import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { LinesField } from '../../src/core/documents/evaluateDocument.js';
import { invalid } from '../http/errors.js';
import { refLabels } from './crud.js';
import type { EntityModel } from './entityModel.js';

/** One line as the API shows it: its id, its fields, the names of its lookups. */
export type Line = Record<string, unknown> & { id?: number; _refs?: Record<string, string> };

const fieldsOf = (lf: LinesField) => Object.keys(lf.item.properties);

/**
 * The lines of some documents, each document's in its order, with their lookups named: one query for the
 * lines and one per lookup column, whatever the number of documents.
 */
export async function readLines(
  db: Db,
  m: EntityModel,
  lf: LinesField,
  branchId: number,
  parentIds: number[],
  models: Map<string, EntityModel>,
): Promise<Map<number, Line[]>> {
  const out = new Map<number, Line[]>(parentIds.map((id) => [id, []]));
  if (!parentIds.length) return out;
  const { table, parent, order } = lf.spec;
  const scope = m.branchScoped ? sql`branch_id = ${branchId} AND` : sql``;
  const { rows } = await sql<Line & { _parent: number }>`
    SELECT id, ${sql.ref(parent)} AS _parent, ${sql.join(fieldsOf(lf).map((f) => sql.ref(f)))}
      FROM ${sql.table(table)} WHERE ${scope} ${sql.ref(parent)} = ANY(${parentIds})
     ORDER BY ${sql.ref(parent)}, ${order ? sql`${sql.ref(order)},` : sql``} id`.execute(db);
  await Promise.all(
    Object.entries(lf.item.properties)
      .filter(([, f]) => f['x-ref'] && models.has(f['x-ref']))
      .map(async ([field, f]) => {
        const labels = await refLabels(db, models.get(f['x-ref']!)!, branchId, rows.map((r) => r[field] as number).filter((v) => v != null));
        for (const r of rows) if (r[field] != null) (r._refs ??= {})[field] = labels.get(r[field] as number) ?? `#${r[field]}`;
      }),
  );
  for (const { _parent, ...line } of rows) out.get(Number(_parent))?.push(line);
  return out;
}

/** A line as it is stored: its declared fields only, an emptied optional text as no value. */
function storedLine(lf: LinesField, line: Line): Record<string, unknown> {
  const required = new Set(lf.item.required ?? []);
  return Object.fromEntries(fieldsOf(lf).map((f) => [f, line[f] === '' && !required.has(f) ? null : (line[f] ?? null)]));
}

/**
 * Replaces a document's lines with the given ones in the caller's transaction: a line that brings the id
 * it was read with keeps it (so what points at it stays valid) and is updated only if it changed; lines
 * no longer given are deleted; lines without an id are inserted. Each set is one statement over a JSON
 * array, typed by the table's own row type, whatever the number of lines.
 */
export async function writeLines(db: Db, m: EntityModel, lf: LinesField, branchId: number, parentId: number, lines: Line[], before: Line[]) {
  const { table, parent, order } = lf.spec;
  const known = new Map(before.map((l) => [Number(l.id), l]));
  const seen = new Set<number>();
  lines.forEach((l, i) => {
    if (l.id == null) return;
    if (!known.has(l.id) || seen.has(l.id)) throw invalid([{ field: `${lf.name}/${i}`, key: 'error.lineUnknown', params: {} }]);
    seen.add(l.id);
  });
  const rows = lines.map((l, i) => ({ ...storedLine(lf, l), ...(order ? { [order]: i + 1 } : {}), id: l.id ?? null }));
  const changed = rows.filter((r) => {
    if (r.id === null) return false;
    const was = known.get(r.id)!;
    const wasRow = { ...storedLine(lf, was), ...(order ? { [order]: before.indexOf(was) + 1 } : {}), id: r.id };
    return JSON.stringify(normalise(wasRow)) !== JSON.stringify(normalise(r));
  });
  const added = rows.filter((r) => r.id === null);
  const scope = m.branchScoped ? sql`branch_id = ${branchId} AND` : sql``;
  const t = sql.table(table);
  const cols = [...fieldsOf(lf), ...(order ? [order] : [])];
  await sql`DELETE FROM ${t} WHERE ${scope} ${sql.ref(parent)} = ${parentId} AND NOT (id = ANY(${[...seen]}::bigint[]))`.execute(db);
  if (changed.length) {
    await sql`
      UPDATE ${t} AS l SET ${sql.join(cols.map((c) => sql`${sql.ref(c)} = x.${sql.ref(c)}`))}
        FROM jsonb_populate_recordset(NULL::${t}, ${JSON.stringify(changed)}::jsonb) x
       WHERE ${m.branchScoped ? sql`l.branch_id = ${branchId} AND` : sql``} ${sql.ref(`l.${parent}`)} = ${parentId} AND l.id = x.id`.execute(db);
  }
  if (added.length) {
    const target = [...(m.branchScoped ? ['branch_id'] : []), parent, ...cols];
    const values = [...(m.branchScoped ? [sql`${branchId}`] : []), sql`${parentId}`, ...cols.map((c) => sql`x.${sql.ref(c)}`)];
    await sql`
      INSERT INTO ${t} (${sql.join(target.map((c) => sql.ref(c)))})
      SELECT ${sql.join(values)} FROM jsonb_populate_recordset(NULL::${t}, ${JSON.stringify(added)}::jsonb) x`.execute(db);
  }
}

/** Decimal text compares by value, exactly: '125000.00' read back equals '125000' sent. */
function normalise(row: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? v.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') : v]),
  );
}

/** Deletes a document's lines (before the document itself), in the caller's transaction. */
export async function deleteLines(db: Db, m: EntityModel, branchId: number, parentId: number) {
  const scope = m.branchScoped ? sql`branch_id = ${branchId} AND` : sql``;
  for (const lf of m.lines) await sql`DELETE FROM ${sql.table(lf.spec.table)} WHERE ${scope} ${sql.ref(lf.spec.parent)} = ${parentId}`.execute(db);
}
