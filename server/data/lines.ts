import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connect.js';
import type { LinesField } from '../../src/core/documents/evaluateDocument.js';
import type { EntityField, Lang } from '../../src/core/meta/types.js';
import { invalid } from '../http/errors.js';
import { refLabels } from './crud.js';
import { baseType, type EntityModel } from './entityModel.js';

/** One line as the API shows it: its id, its fields, the names of its lookups. */
export type Line = Record<string, unknown> & { id?: number; _refs?: Record<string, string> };

const fieldsOf = (lf: LinesField) => Object.keys(lf.item.properties);

const isDecimal = (f: EntityField) => ['money', 'quantity', 'percent'].includes(f.format ?? '') || baseType(f) === 'number';

/**
 * The lines of `alias` as one JSON array, decimals as exact text: a document's 500 lines cross from the
 * database as one value instead of 500 rows, which is what a read or a save of a long document costs most.
 */
function linesJson(lf: LinesField, alias: string, orderBy: RawBuilder<unknown>) {
  return sql`coalesce(json_agg(json_build_object(${linePairs(lf, alias)}) ORDER BY ${orderBy}), '[]')::text`;
}

// a line's key and value pairs, built once per lines field and alias (Kysely's fragments are immutable): a
// document's every read and save names its twenty columns
const pairsBuilt = new WeakMap<LinesField, Map<string, RawBuilder<unknown>>>();
function linePairs(lf: LinesField, alias: string): RawBuilder<unknown> {
  let byAlias = pairsBuilt.get(lf);
  if (!byAlias) pairsBuilt.set(lf, (byAlias = new Map()));
  let pairs = byAlias.get(alias);
  if (!pairs) {
    pairs = sql.join(
      ['id', ...fieldsOf(lf)].map((c) => {
        const column = sql.ref(`${alias}.${c}`);
        return sql`${sql.lit(c)}, ${c !== 'id' && isDecimal(lf.item.properties[c]) ? sql`${column}::text` : column}`;
      }),
    );
    byAlias.set(alias, pairs);
  }
  return pairs;
}

/** Names the lookups of some lines (one query per lookup column, whatever the number of lines). */
async function nameLines(db: Db, lf: LinesField, branchId: number, lines: Line[], models: Map<string, EntityModel>, lang: Lang) {
  await Promise.all(
    Object.entries(lf.item.properties)
      .filter(([, f]) => f['x-ref'] && models.has(f['x-ref']))
      .map(async ([field, f]) => {
        const labels = await refLabels(db, models.get(f['x-ref']!)!, branchId, lines.map((r) => r[field] as number).filter((v) => v != null), lang);
        for (const r of lines) if (r[field] != null) (r._refs ??= {})[field] = labels.get(r[field] as number) ?? `#${r[field]}`;
      }),
  );
}

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
  lang: Lang = 'en',
): Promise<Map<number, Line[]>> {
  const out = new Map<number, Line[]>(parentIds.map((id) => [id, []]));
  if (!parentIds.length) return out;
  const { table, parent, order } = lf.spec;
  const scope = m.branchScoped ? sql`l.branch_id = ${branchId} AND` : sql``;
  const orderBy = order ? sql`${sql.ref(`l.${order}`)}, l.id` : sql`l.id`;
  const { rows } = await sql<{ parent: number; lines: string }>`
    SELECT ${sql.ref(`l.${parent}`)} AS parent, ${linesJson(lf, 'l', orderBy)} AS lines
      FROM ${sql.table(table)} l WHERE ${scope} ${sql.ref(`l.${parent}`)} = ANY(${parentIds}) GROUP BY 1`.execute(db);
  for (const r of rows) out.set(Number(r.parent), JSON.parse(r.lines) as Line[]);
  await nameLines(db, lf, branchId, [...out.values()].flat(), models, lang);
  return out;
}

/**
 * A line as it is stored: its declared fields only, an emptied optional text as no value, a field not sent as
 * its default; then its place (the order column, numbered from 1) and the id it was read with, or null.
 */
function lineStorer(lf: LinesField): (line: Line, at: number) => Record<string, unknown> & { id: number | null } {
  const required = new Set(lf.item.required ?? []);
  const fields = fieldsOf(lf).map((f) => ({ f, required: required.has(f), fallback: lf.item.properties[f].default ?? null }));
  const order = lf.spec.order;
  return (line, at) => {
    const out: Record<string, unknown> = {};
    for (const { f, required, fallback } of fields) {
      const v = line[f];
      out[f] = v === '' && !required ? null : v === undefined ? fallback : (v ?? null);
    }
    if (order) out[order] = at + 1;
    out.id = line.id ?? null;
    return out as Record<string, unknown> & { id: number | null };
  };
}

/**
 * Replaces a document's lines with the given ones in the caller's transaction: a line that brings the id
 * it was read with keeps it (so what points at it stays valid) and is updated only if it changed; lines
 * no longer given are deleted; lines without an id are inserted. Each set is one statement over a JSON
 * array, typed by the table's own row type, whatever the number of lines. Returns the lines as stored, in
 * order, named with the names the save's checks found (no second read).
 */
export async function writeLines(
  db: Db,
  m: EntityModel,
  lf: LinesField,
  branchId: number,
  parentId: number,
  lines: Line[],
  before: Line[],
  names: Map<string, Map<number, string>> = new Map(),
): Promise<Line[]> {
  const { table, parent, order } = lf.spec;
  const known = new Map(before.map((l) => [Number(l.id), l]));
  const seen = new Set<number>();
  lines.forEach((l, i) => {
    if (l.id == null) return;
    if (!known.has(l.id) || seen.has(l.id)) throw invalid([{ field: `${lf.name}/${i}`, key: 'error.lineUnknown', params: {} }]);
    seen.add(l.id);
  });
  const storedLine = lineStorer(lf);
  const rows = lines.map(storedLine);
  const was = new Map(before.map((l, i) => [Number(l.id), JSON.stringify(normalise(storedLine({ ...l, id: Number(l.id) }, i)))]));
  const same = (r: (typeof rows)[number]) => was.get(r.id!) === JSON.stringify(normalise(r));
  const changed = rows.filter((r) => r.id !== null && !same(r));
  const added = rows.filter((r) => r.id === null);
  const scope = m.branchScoped ? sql`branch_id = ${branchId} AND` : sql``;
  const t = sql.table(table);
  const fields = fieldsOf(lf);
  const cols = [...fields, ...(order ? [order] : [])];
  if (before.length > seen.size)
    await sql`DELETE FROM ${t} WHERE ${scope} ${sql.ref(parent)} = ${parentId} AND NOT (id = ANY(${[...seen]}::bigint[]))`.execute(db);
  const stored = new Map<number, Line>();
  if (changed.length) {
    const { rows: out } = await sql<{ lines: string }>`
      WITH done AS (
        UPDATE ${t} AS l SET ${sql.join(cols.map((c) => sql`${sql.ref(c)} = x.${sql.ref(c)}`))}
          FROM jsonb_populate_recordset(NULL::${t}, ${JSON.stringify(changed)}::jsonb) x
         WHERE ${m.branchScoped ? sql`l.branch_id = ${branchId} AND` : sql``} ${sql.ref(`l.${parent}`)} = ${parentId} AND l.id = x.id
        RETURNING l.*)
      SELECT ${linesJson(lf, 'done', sql`done.id`)} AS lines FROM done`.execute(db);
    for (const r of JSON.parse(out[0].lines) as Line[]) stored.set(Number(r.id), r);
  }
  let inserted: Line[] = [];
  if (added.length) {
    const target = [...(m.branchScoped ? ['branch_id'] : []), parent, ...cols];
    const values = [...(m.branchScoped ? [sql`${branchId}`] : []), sql`${parentId}`, ...cols.map((c) => sql`x.${sql.ref(c)}`)];
    // ids are handed out in the order the rows are inserted, which is the order given
    const { rows: out } = await sql<{ lines: string }>`
      WITH done AS (
        INSERT INTO ${t} (${sql.join(target.map((c) => sql.ref(c)))})
        SELECT ${sql.join(values)} FROM jsonb_populate_recordset(NULL::${t}, ${JSON.stringify(added)}::jsonb) x
        RETURNING *)
      SELECT ${linesJson(lf, 'done', sql`done.id`)} AS lines FROM done`.execute(db);
    inserted = JSON.parse(out[0].lines) as Line[];
  }
  let next = 0;
  const refFields = Object.entries(lf.item.properties)
    .filter(([, f]) => f['x-ref'])
    .map(([field]) => field);
  return rows.map((r) => {
    // an inserted line is this save's own object; a kept or updated one is copied before it is named
    const line: Line = r.id === null ? inserted[next++] : { ...(stored.get(r.id) ?? known.get(r.id)!) };
    delete line._refs;
    const read = r.id === null ? undefined : known.get(r.id)?._refs;
    const refs: Record<string, string> = {};
    for (const field of refFields) {
      const id = line[field] as number | null;
      if (id == null) continue;
      refs[field] = names.get(field)?.get(Number(id)) ?? read?.[field] ?? `#${id}`;
    }
    if (Object.keys(refs).length) line._refs = refs;
    return line;
  });
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
