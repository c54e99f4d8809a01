import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Lang } from '../../src/core/meta/types.js';
import type { EntityModel } from './entityModel.js';
import { baseType } from './entityModel.js';
import { findControlCharacter } from '../validation/plainText.js';

export interface ListQuery {
  limit: number;
  offset: number;
  sort?: string;
  dir: 'asc' | 'desc';
  q?: string;
  filter: Record<string, { op: string; value?: unknown }>;
  after?: string;
}

export interface ListResult {
  rows: Record<string, unknown>[];
  /** null on a page reached by keyset cursor: the client already has the count from the first page */
  total: number | null;
  /** false when the count stopped at COUNT_CAP: the grid shows "10,000+" instead of scanning a huge table */
  totalExact: boolean;
  /** keyset cursor for the next page when the sort allows it */
  nextCursor?: string;
}

export const COUNT_CAP = 10_000;

const col = (m: EntityModel, field: string) => sql.ref(m.columns.get(field) ?? field);

// an entity's column list is built once (Kysely's fragments are immutable): every read and write of a row names it
const selectLists = new WeakMap<EntityModel, RawBuilder<unknown>>();

export function selectList(m: EntityModel): RawBuilder<unknown> {
  let list = selectLists.get(m);
  if (list) return list;
  const standard = m.standardColumns ? ['version', 'created_at', 'updated_at'] : [];
  const fields = ['id', ...standard, ...[...m.columns.keys()].filter((f) => !m.hidden.has(f))];
  if (m.branchScoped) fields.push('branch_id');
  list = sql.join(
    [...new Set(fields)].map((f) => {
      const c = m.columns.get(f);
      return c && c !== f ? sql`${sql.ref(c)} AS ${sql.id(f)}` : sql.ref(f);
    }),
  );
  selectLists.set(m, list);
  return list;
}

export function likeEscape(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filterClause(m: EntityModel, field: string, op: string, value: unknown): RawBuilder<unknown> {
  const c = field === 'id' ? sql.ref('id') : col(m, field);
  const f = m.schema.properties[field];
  const isText = f && baseType(f) === 'string' && !f.format && !f.enum;
  switch (op) {
    case 'eq':
      return value === null ? sql`${c} IS NULL` : sql`${c} = ${value}`;
    case 'ne':
      return value === null ? sql`${c} IS NOT NULL` : sql`${c} IS DISTINCT FROM ${value}`;
    case 'contains':
      return isText ? sql`${c} ILIKE ${`%${likeEscape(String(value))}%`}` : sql`${c}::text ILIKE ${`%${likeEscape(String(value))}%`}`;
    case 'startsWith':
      return sql`${c}::text ILIKE ${`${likeEscape(String(value))}%`}`;
    case 'gt':
      return sql`${c} > ${value}`;
    case 'gte':
      return sql`${c} >= ${value}`;
    case 'lt':
      return sql`${c} < ${value}`;
    case 'lte':
      return sql`${c} <= ${value}`;
    case 'in':
      return sql`${c} = ANY(${Array.isArray(value) ? value : [value]})`;
    case 'range': {
      // Half-open [from, to): either end may be null.
      const [from, to] = Array.isArray(value) ? value : [value, null];
      const parts = [from != null ? sql`${c} >= ${from}` : sql`true`, to != null ? sql`${c} < ${to}` : sql`true`];
      return sql`(${sql.join(parts, sql` AND `)})`;
    }
    case 'empty':
      return sql`${c} IS NULL`;
    case 'notEmpty':
      return sql`${c} IS NOT NULL`;
  }
  throw new Error(`unknown filter operator ${op}`);
}

const toWhere = (parts: RawBuilder<unknown>[]) => (parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``);

/**
 * What a list search looks in: the entity's search fields joined into one text, so a single trigram index
 * on that same expression answers "any field contains …" (0012_search_trigram.sql) — an OR over the
 * fields' own indexes is costed above a full scan and never chosen.
 */
export function searchText(m: EntityModel): RawBuilder<unknown> {
  return sql.join(
    m.searchFields.map((f) => sql`coalesce(${col(m, f)}::text, '')`),
    sql` || ' ' || `,
  );
}

function whereParts(m: EntityModel, branchId: number, q: ListQuery, fixed: RawBuilder<unknown>[] = []) {
  const parts: RawBuilder<unknown>[] = [...fixed];
  if (m.branchScoped) parts.push(sql`branch_id = ${branchId}`);
  if (q.q && m.searchFields.length) parts.push(sql`(${searchText(m)}) ILIKE ${`%${likeEscape(q.q)}%`}`);
  for (const [field, { op, value }] of Object.entries(q.filter)) parts.push(filterClause(m, field, op, value));
  return parts;
}

/** Keyset paging is exact and cheap when the sort column can never be null; otherwise offset. */
function keysetAllowed(m: EntityModel, sort: string) {
  return sort === 'id' || sort === 'created_at' || sort === 'updated_at' || m.required.has(sort);
}

export function encodeCursor(value: unknown, id: unknown) {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

function decodeCursor(cursor: string): [unknown, number] | undefined {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const scalar = v?.[0] === null || ['string', 'number', 'boolean'].includes(typeof v?.[0]);
    if (Array.isArray(v) && v.length === 2 && scalar && Number.isInteger(v[1]) && !findControlCharacter(v[0])) return v as [unknown, number];
  } catch {
    /* a malformed cursor is treated as none */
  }
  return undefined;
}

export async function listRows(
  db: Db,
  m: EntityModel,
  branchId: number,
  q: ListQuery,
  extraWhere: RawBuilder<unknown>[] = [],
): Promise<ListResult> {
  const sort = q.sort && m.sortable.has(q.sort) ? q.sort : m.defaultSort;
  const dir = q.dir === 'desc' ? sql`DESC` : sql`ASC`;
  const sortCol = sort === 'id' ? sql.ref('id') : col(m, sort);
  // A required column has no nulls to place: leaving NULLS LAST out lets a descending page walk an
  // ascending (branch_id, column, id) index backwards instead of sorting the whole table.
  const nullsLast = sort === 'id' || m.required.has(sort) ? sql`` : sql`NULLS LAST`;
  const parts = whereParts(m, branchId, q, extraWhere);
  const where = toWhere(parts);
  const cursor = q.after ? decodeCursor(q.after) : undefined;
  const useKeyset = Boolean(cursor) && keysetAllowed(m, sort);
  const columns = selectList(m);
  let rowsQuery;
  if (useKeyset && cursor) {
    const cmp = q.dir === 'desc' ? sql`<` : sql`>`;
    const keyset = sql`(${sortCol}, id) ${cmp} (${cursor[0]}, ${cursor[1]})`;
    const whereK = toWhere([...parts, keyset]);
    rowsQuery = sql<Record<string, unknown>>`
      SELECT ${columns} FROM ${sql.table(m.table)} ${whereK}
      ORDER BY ${sortCol} ${dir}, id ${dir} LIMIT ${q.limit}`;
  } else {
    rowsQuery = sql<Record<string, unknown>>`
      SELECT ${columns} FROM ${sql.table(m.table)} ${where}
      ORDER BY ${sortCol} ${dir} ${nullsLast}, id ${dir} LIMIT ${q.limit} OFFSET ${q.offset}`;
  }
  const rows = (await rowsQuery.execute(db)).rows;
  const n = useKeyset
    ? null
    : (await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM (SELECT 1 FROM ${sql.table(m.table)} ${where} LIMIT ${COUNT_CAP + 1}) capped`.execute(db)).rows[0].n;
  const last = rows[rows.length - 1];
  return {
    rows,
    total: n === null ? null : Math.min(n, COUNT_CAP),
    totalExact: n !== null && n <= COUNT_CAP,
    nextCursor: last && rows.length === q.limit && keysetAllowed(m, sort) ? encodeCursor(last[sort], last.id) : undefined,
  };
}

export async function getRow(
  db: Db,
  m: EntityModel,
  branchId: number,
  id: number,
  forUpdate = false,
  extraWhere: RawBuilder<unknown>[] = [],
  /** read with the row in the same statement (refLabelsColumn) */
  extraColumns?: RawBuilder<unknown>,
) {
  const scope = m.branchScoped ? sql`AND branch_id = ${branchId}` : sql``;
  const extra = extraWhere.length ? sql`AND ${sql.join(extraWhere, sql` AND `)}` : sql``;
  const lock = forUpdate ? sql`FOR UPDATE` : sql``;
  const columns = extraColumns ? sql`${selectList(m)}, ${extraColumns}` : selectList(m);
  const { rows } = await sql<Record<string, unknown>>`
    SELECT ${columns} FROM ${sql.table(m.table)} WHERE id = ${id} ${scope} ${extra} ${lock}`.execute(db);
  return rows[0];
}

/** Who last changed a row (full name, or undefined when nobody through the application did). */
export async function lastChangedBy(db: Db, m: EntityModel, branchId: number, id: number): Promise<string | undefined> {
  const scope = m.branchScoped ? sql`AND t.branch_id = ${branchId}` : sql``;
  const { rows } = await sql<{ full_name: string }>`
    SELECT u.full_name FROM ${sql.table(m.table)} t JOIN app_user u ON u.id = t.updated_by WHERE t.id = ${id} ${scope}`.execute(db);
  return rows[0]?.full_name;
}

export async function insertRow(db: Db, m: EntityModel, branchId: number, userId: number, values: Record<string, unknown>) {
  return (await insertRecord(db, m, branchId, userId, values)).id as number;
}

/** Inserts a row and returns it as a read would (one statement: no second read after the write). */
export async function insertRecord(db: Db, m: EntityModel, branchId: number, userId: number, values: Record<string, unknown>) {
  const entries = Object.entries(values).filter(([k]) => m.columns.has(k));
  const cols = entries.map(([k]) => sql.ref(m.columns.get(k)!));
  const vals = entries.map(([k, v]) => dbValue(m, k, v));
  if (m.branchScoped) {
    cols.push(sql.ref('branch_id'));
    vals.push(sql`${branchId}`);
  }
  cols.push(sql.ref('created_by'), sql.ref('updated_by'));
  vals.push(sql`${userId}`, sql`${userId}`);
  const { rows } = await sql<Record<string, unknown>>`
    INSERT INTO ${sql.table(m.table)} (${sql.join(cols)}) VALUES (${sql.join(vals)}) RETURNING ${selectList(m)}`.execute(db);
  return rows[0];
}

/** Many rows in one statement per batch (imports): the same columns as insertRow, ids in input order. */
export async function insertRows(db: Db, m: EntityModel, branchId: number, userId: number, rows: Record<string, unknown>[]): Promise<number[]> {
  if (!rows.length) return [];
  const fields = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => m.columns.has(k));
  const cols = [...fields.map((k) => sql.ref(m.columns.get(k)!)), ...(m.branchScoped ? [sql.ref('branch_id')] : []), sql.ref('created_by'), sql.ref('updated_by')];
  const values = rows.map((r) => sql`(${sql.join([
    ...fields.map((k) => (r[k] === undefined ? sql`DEFAULT` : dbValue(m, k, r[k]))),
    ...(m.branchScoped ? [sql`${branchId}`] : []),
    sql`${userId}`,
    sql`${userId}`,
  ])})`);
  const { rows: out } = await sql<{ id: number }>`
    INSERT INTO ${sql.table(m.table)} (${sql.join(cols)}) VALUES ${sql.join(values)} RETURNING id`.execute(db);
  return out.map((r) => r.id);
}

export async function updateRow(db: Db, m: EntityModel, branchId: number, userId: number, id: number, values: Record<string, unknown>) {
  await updateRecord(db, m, branchId, userId, id, values);
}

/** Updates a row (its version moves on) and returns it as a read would. */
export async function updateRecord(db: Db, m: EntityModel, branchId: number, userId: number, id: number, values: Record<string, unknown>) {
  const sets = Object.entries(values)
    .filter(([k]) => m.columns.has(k))
    .map(([k, v]) => sql`${sql.ref(m.columns.get(k)!)} = ${dbValue(m, k, v)}`);
  sets.push(sql`version = version + 1`, sql`updated_at = now()`, sql`updated_by = ${userId}`);
  const scope = m.branchScoped ? sql`AND branch_id = ${branchId}` : sql``;
  const { rows } = await sql<Record<string, unknown>>`
    UPDATE ${sql.table(m.table)} SET ${sql.join(sets)} WHERE id = ${id} ${scope} RETURNING ${selectList(m)}`.execute(db);
  return rows[0];
}

export async function deleteRow(db: Db, m: EntityModel, branchId: number, id: number) {
  const scope = m.branchScoped ? sql`AND branch_id = ${branchId}` : sql``;
  await sql`DELETE FROM ${sql.table(m.table)} WHERE id = ${id} ${scope}`.execute(db);
}

export async function deactivateRow(db: Db, m: EntityModel, branchId: number, userId: number, id: number) {
  await updateRow(db, m, branchId, userId, id, { active: false });
}

/** Arrays and objects are stored as jsonb. */
function dbValue(m: EntityModel, field: string, v: unknown) {
  const f = m.schema.properties[field];
  if (v !== null && f && (baseType(f) === 'array' || baseType(f) === 'object')) return sql`${JSON.stringify(v)}::jsonb`;
  return sql`${v}`;
}

/** Names of rows for lookup fields: one query per referenced entity per page, never one per row. */
export async function refLabels(db: Db, target: EntityModel, branchId: number, ids: number[], lang: Lang = 'en'): Promise<Map<number, string>> {
  return (await refLabelsMany(db, branchId, [{ key: 'ref', target, ids }], lang)).get('ref')!;
}

/** A label field as a reader of `lang` sees it: its column in that language, the field itself while that is empty. */
const labelField = (target: EntityModel, f: string, lang: Lang) => {
  const other = target.translated[f]?.[lang];
  return other ? sql`coalesce(nullif(${col(target, other)}::text, ''), ${col(target, f)}::text)` : sql`${col(target, f)}::text`;
};

const labelOf = (target: EntityModel, lang: Lang = 'en') =>
  sql.join(
    target.labelFields.map((f) => sql`coalesce(${labelField(target, f, lang)}, '')`),
    sql` || ' - ' || `,
  );

/**
 * The names of several lookups at once — one statement for a whole list page, however many lookup fields
 * it has (on PGlite's single session every statement waits its turn, so ten small ones cost ten turns).
 */
export async function refLabelsMany(
  db: Db,
  branchId: number,
  wanted: { key: string; target: EntityModel; ids: number[] }[],
  lang: Lang = 'en',
): Promise<Map<string, Map<number, string>>> {
  const out = new Map(wanted.map((w) => [w.key, new Map<number, string>()]));
  const parts = wanted
    .map((w) => ({ ...w, ids: [...new Set(w.ids.filter((x) => Number.isInteger(x)))] }))
    .filter((w) => w.ids.length)
    .map((w) => {
      const scope = w.target.branchScoped ? sql`AND branch_id = ${branchId}` : sql``;
      return sql`(SELECT ${w.key}::text AS key, id, ${labelOf(w.target, lang)} AS label FROM ${sql.table(w.target.table)} WHERE id = ANY(${w.ids}) ${scope})`;
    });
  if (!parts.length) return out;
  const { rows } = await sql<{ key: string; id: number; label: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(db);
  for (const r of rows) out.get(r.key)!.set(Number(r.id), r.label);
  return out;
}

/**
 * The names of a row's lookup fields as one `_refs` JSON column ({ field: name }), read in the row's own
 * statement: a form's row then costs one statement instead of two (every statement is a round trip). Not
 * for list pages: each name is a subquery run once per row, and for 50 reservations (twelve lookups) that
 * cost more than refLabelsMany's one extra statement, on both databases.
 */
export function refLabelsColumn(
  m: EntityModel,
  targets: [field: string, target: EntityModel][],
  branchId: number,
  lang: Lang = 'en',
): RawBuilder<unknown> | undefined {
  if (!targets.length) return undefined;
  const pairs = targets.map(([field, target]) => {
    const scope = target.branchScoped ? sql`AND _r.branch_id = ${branchId}` : sql``;
    // the looked-up table is aliased, so a row naming another row of its own table still reads the outer one
    const own = sql.ref(`${m.table}.${m.columns.get(field) ?? field}`);
    return sql`${field}::text, (SELECT ${labelOf(target, lang)} FROM ${sql.table(target.table)} _r WHERE _r.id = ${own} ${scope})`;
  });
  return sql`json_build_object(${sql.join(pairs)}) AS _refs`;
}

/** Which rows of a lookup's target to find, and the rule (filter, extra conditions) they must pass. */
export interface RefAsk {
  target: EntityModel;
  ids: number[];
  filter?: ListQuery['filter'];
  extra?: RawBuilder<unknown>[];
}

export type RefMatch = Map<number, { label: string; fits: boolean }>;

/**
 * The rows each ask's ids name in this property, each with its name and whether it passes the ask's rule (a
 * dependent lookup's rule, checked on save exactly as the lookup offered the choices): what does not exist,
 * what does not fit and what to call the rest, for every ask in one statement (each statement is a round
 * trip, and a document's save asks for its header's and every line column's lookups).
 */
export async function refMatches(db: Db, branchId: number, asks: RefAsk[], lang: Lang = 'en'): Promise<RefMatch[]> {
  const out: RefMatch[] = asks.map(() => new Map());
  const parts = asks.flatMap(({ target: m, ids, filter = {}, extra = [] }, i) => {
    const unique = [...new Set(ids.filter((x) => Number.isInteger(x)))];
    if (!unique.length) return [];
    const rule = [...Object.entries(filter).map(([field, { op, value }]) => filterClause(m, field, op, value)), ...extra];
    const fits = rule.length ? sql`(${sql.join(rule, sql` AND `)})` : sql`true`;
    const scope = m.branchScoped ? sql`AND branch_id = ${branchId}` : sql``;
    return [
      sql`(SELECT ${i}::int AS ask, id, ${labelOf(m, lang)} AS label, coalesce(${fits}, false) AS fits FROM ${sql.table(m.table)} WHERE id = ANY(${unique}) ${scope})`,
    ];
  });
  if (!parts.length) return out;
  const { rows } = await sql<{ ask: number; id: number; label: string; fits: boolean }>`${sql.join(parts, sql` UNION ALL `)}`.execute(db);
  for (const r of rows) out[r.ask].set(Number(r.id), { label: r.label, fits: r.fits });
  return out;
}

export async function lookupRows(
  db: Db,
  m: EntityModel,
  branchId: number,
  q: string | undefined,
  ids: number[] | undefined,
  filter: ListQuery['filter'],
  limit: number,
  extraWhere: RawBuilder<unknown>[] = [],
  lang: Lang = 'en',
) {
  const label = labelOf(m, lang);
  const parts: RawBuilder<unknown>[] = [...extraWhere];
  if (m.branchScoped) parts.push(sql`branch_id = ${branchId}`);
  if (ids?.length) parts.push(sql`id = ANY(${ids})`);
  else if (m.hasActive && !('active' in filter)) parts.push(sql`active`);
  if (q) {
    // Only what the lookup shows is searched: a lookup is open to every signed-in user, so matching other
    // columns (a user's e-mail) would let them probe what they may not see.
    const pattern = `%${likeEscape(q)}%`;
    parts.push(sql`(${sql.join(m.labelFields.map((f) => sql`${labelField(m, f, lang)} ILIKE ${pattern}`), sql` OR `)})`);
  }
  for (const [field, { op, value }] of Object.entries(filter)) parts.push(filterClause(m, field, op, value));
  const where = toWhere(parts);
  const sortCol = m.defaultSort === 'id' ? sql.ref('id') : col(m, m.defaultSort);
  const { rows } = await sql<{ id: number; label: string }>`
    SELECT id, ${label} AS label FROM ${sql.table(m.table)} ${where} ORDER BY ${sortCol}, id LIMIT ${limit}`.execute(db);
  return rows;
}
