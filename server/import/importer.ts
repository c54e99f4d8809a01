import { sql } from 'kysely';
import type { AppContext, AuthInfo } from '../context.js';
import type { Db } from '../db/connect.js';
import { analyze } from '../db/statistics.js';
import type { EntityModel } from '../data/entityModel.js';
import { visible } from '../data/present.js';
import type { Lang } from '../../src/core/meta/types.js';
import { fieldLabelCandidates } from '../../src/core/meta/types.js';
import { insertRow, insertRows, getRow } from '../data/crud.js';
import { audit, auditMany, type AuditSource } from '../http/audit.js';
import { hasRight } from '../http/rbac.js';
import { forbidden, notFound, toHttpError } from '../http/errors.js';
import { translate } from '../i18n/translate.js';
import { createAjv } from '../validation/ajv.js';
import { describeAjvError } from '../../src/core/checks/errorMessages.js';
import { convertCell } from './convert.js';
import type { ParsedSheet } from './parse.js';

export interface ImportProblem {
  sheet: string;
  /** the spreadsheet's own row number (the header is row 1) */
  row: number;
  column: string;
  message: string;
}

const BATCH = 500;
const MAX_PROBLEMS = 500;

export function fieldLabel(ctx: AppContext, m: EntityModel, field: string, lang: Lang) {
  const candidates = fieldLabelCandidates(m.id, field, m.schema.properties[field]?.['x-ui']?.label);
  return translate(ctx.meta.labels, lang, candidates.find((k) => ctx.meta.labels.has(k)) ?? candidates[0]);
}

/** Entities a user may fill from a spreadsheet: writable through the API, and they may create rows. */
export function importable(ctx: AppContext, auth: AuthInfo): EntityModel[] {
  return [...ctx.models.values()].filter(
    (m) => !m.schema['x-db'].readOnly && !m.singleton && hasRight(auth, m.schema['x-permission'], 'create'),
  );
}

/** The entity a user imports into, or a readable refusal when it does not exist or is not theirs to fill. */
export function importModel(ctx: AppContext, auth: AuthInfo, id: string): EntityModel {
  const m = ctx.models.get(id);
  if (!m) throw notFound(`entity ${id}`);
  if (!importable(ctx, auth).includes(m)) throw forbidden('import.notImportable');
  return m;
}

/** The fields a sheet can fill: what a person writes, not what the system keeps (ids, versions). */
export function importFields(m: EntityModel): string[] {
  return m.writable.filter((f) => m.schema.properties[f]['x-ui']?.widget !== 'hidden');
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/\*/g, '')
    .replace(/[^a-z0-9]/g, '');

/** Each column matched to the field whose name or label (English or Indonesian) it spells. */
export function autoMap(ctx: AppContext, m: EntityModel, headers: string[]): Record<string, string | null> {
  const names = new Map<string, string>();
  for (const f of importFields(m)) {
    names.set(norm(f), f);
    for (const lang of ['en', 'id'] as const) names.set(norm(fieldLabel(ctx, m, f, lang)), f);
  }
  const used = new Set<string>();
  return Object.fromEntries(
    headers.map((h) => {
      const f = names.get(norm(h));
      if (!f || used.has(f)) return [h, null];
      used.add(f);
      return [h, f];
    }),
  );
}

function columnLetter(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** Lookups by what a person types: a code, a name, or "code - name", within the active property. */
async function refIndex(db: Db, target: EntityModel, branchId: number) {
  const cols = target.labelFields.map((f) => target.columns.get(f) ?? f);
  const scope = target.branchScoped ? sql`WHERE branch_id = ${branchId}` : sql``;
  const { rows } = await sql<
    Record<string, unknown>
  >`SELECT id, ${sql.join(cols.map((c) => sql.ref(c)))} FROM ${sql.table(target.table)} ${scope}`.execute(db);
  const index = new Map<string, number>();
  for (const r of rows) {
    const parts = cols.map((c) => String(r[c] ?? '').trim()).filter(Boolean);
    for (const key of [...parts, parts.join(' - ')]) if (!index.has(key.toLowerCase())) index.set(key.toLowerCase(), r.id as number);
  }
  return (text: string) => index.get(text.trim().toLowerCase());
}

/** Where a sheet's rows are, for naming a problem: the spreadsheet's row and column. */
function locator(sheet: { name: string; headers: string[] }, mapping: Record<string, string | null>) {
  const columns = sheet.headers.map((h, i) => ({ header: h, index: i, field: mapping[h] ?? null })).filter((c) => c.field);
  const columnOf = new Map(columns.map((c) => [c.field!, c]));
  const where = (rowIndex: number, field?: string) => {
    const c = field ? columnOf.get(field) : undefined;
    return { sheet: sheet.name, row: rowIndex + 2, column: c ? `${columnLetter(c.index)} (${c.header})` : '' };
  };
  return { columns, columnOf, where };
}

/**
 * Checks every row of a sheet: each cell converted (labels to values, codes to ids) and the row validated by
 * the entity's create schema, then keys that repeat in the file or already exist in the property. Returns the
 * rows ready to write, or the problems (sheet, row, column, reason) — then nothing may be written.
 */
export async function checkSheet(
  ctx: AppContext,
  auth: AuthInfo,
  m: EntityModel,
  sheet: ParsedSheet,
  mapping: Record<string, string | null>,
  lang: Lang,
  progress: (done: number, total: number) => void,
): Promise<{ values: Record<string, unknown>[]; problems: ImportProblem[] }> {
  const problems: ImportProblem[] = [];
  const say = (key: string, params: Record<string, unknown> = {}) => translate(ctx.meta.labels, lang, key, params);
  const { columns, columnOf, where } = locator(sheet, mapping);
  const refs = new Map<string, (t: string) => number | undefined>();
  for (const c of columns) {
    const target = m.refs.get(c.field!);
    if (target && ctx.models.has(target) && !refs.has(target))
      refs.set(target, await refIndex(ctx.db, ctx.models.get(target)!, auth.branchId));
  }
  const enumLabelsOf = (field: string) => {
    const f = m.schema.properties[field];
    if (!f.enum) return undefined;
    const prefix = f['x-ui']?.enumLabels ?? `${m.id.split('/')[1]}.${field}`;
    const out = new Map<string, unknown>();
    for (const v of f.enum)
      for (const l of ['en', 'id'] as const) out.set(translate(ctx.meta.labels, l, `${prefix}.${String(v)}`).toLowerCase(), v);
    return out;
  };
  const enums = new Map(columns.map((c) => [c.field!, enumLabelsOf(c.field!)]));
  const validate = createAjv().compile(m.createSchema);

  const values: Record<string, unknown>[] = [];
  sheet.rows.forEach((cells, i) => {
    if (problems.length >= MAX_PROBLEMS) return;
    const row: Record<string, unknown> = {};
    for (const c of columns) {
      const field = c.field!;
      const target = m.refs.get(field);
      const r = convertCell(m.schema.properties[field], cells[c.index], target ? refs.get(target) : undefined, enums.get(field));
      if ('error' in r)
        problems.push({ ...where(i, field), message: say(r.error, { ...r.params, field: fieldLabel(ctx, m, field, lang) }) });
      else if (r.value !== undefined) row[field] = r.value;
    }
    for (const [k, f] of Object.entries(m.schema.properties))
      if (row[k] === undefined && f.default !== undefined && !f['x-virtual']) row[k] = f.default;
    if (!validate(row)) {
      for (const e of validate.errors ?? []) {
        const p = describeAjvError(e);
        if (p.field && columnOf.has(p.field) === false && p.key === 'error.required') {
          problems.push({
            ...where(i),
            column: say('import.unmapped', { field: fieldLabel(ctx, m, p.field, lang) }),
            message: say(p.key, { ...p.params, field: fieldLabel(ctx, m, p.field, lang) }),
          });
        } else if (
          !problems.some((x) => x.row === i + 2 && p.field && x.column.startsWith(columnLetter(columnOf.get(p.field)?.index ?? -1)))
        ) {
          problems.push({
            ...where(i, p.field),
            message: say(p.key, { ...p.params, field: p.field ? fieldLabel(ctx, m, p.field, lang) : '' }),
          });
        }
      }
    }
    values.push(row);
    if (i % 500 === 0) progress(i + 1, sheet.rows.length);
  });

  // A key twice in the file, or already in the property: reported on the row that repeats it.
  for (const unique of m.schema['x-db'].unique ?? []) {
    const seen = new Map<string, number>();
    values.forEach((row, i) => {
      if (unique.some((f) => row[f] === undefined)) return;
      const key = JSON.stringify(unique.map((f) => String(row[f]).toLowerCase()));
      const first = seen.get(key);
      if (first !== undefined)
        problems.push({ ...where(i, unique[unique.length - 1]), message: say('import.duplicateInFile', { row: first + 2 }) });
      else seen.set(key, i);
    });
    const keys = [...seen.keys()];
    for (let b = 0; b < keys.length; b += 1000) {
      const batch = keys.slice(b, b + 1000).map((k) => JSON.parse(k) as string[]);
      const cols = unique.map((f) => sql`lower(${sql.ref(m.columns.get(f) ?? f)}::text)`);
      const tuples = batch.map((t) => sql`(${sql.join(t.map((v) => sql`${v}`))})`);
      const scope = m.branchScoped ? sql`branch_id = ${auth.branchId} AND` : sql``;
      const { rows } = await sql<Record<string, unknown>>`
        SELECT ${sql.join(unique.map((f) => sql`lower(${sql.ref(m.columns.get(f) ?? f)}::text) AS ${sql.id(f)}`))}
          FROM ${sql.table(m.table)} WHERE ${scope} (${sql.join(cols)}) IN (${sql.join(tuples)})`.execute(ctx.db);
      for (const existing of rows) {
        const key = JSON.stringify(unique.map((f) => String(existing[f])));
        const i = seen.get(key)!;
        problems.push({
          ...where(i, unique[unique.length - 1]),
          message: say('import.alreadyExists', { value: unique.map((f) => values[i][f]).join(' / ') }),
        });
      }
    }
  }
  return { values, problems: problems.sort((a, b) => a.row - b.row).slice(0, MAX_PROBLEMS) };
}

/**
 * Writes checked rows in the caller's transaction (a server flow's step), each audited, behind a savepoint:
 * when the database has the last word (a check, a foreign key) nothing is written and the problem is
 * returned with where it happened.
 */
export async function writeRows(
  ctx: AppContext,
  trx: Db,
  source: AuditSource,
  auth: AuthInfo,
  m: EntityModel,
  sheet: { name: string; headers: string[] },
  mapping: Record<string, string | null>,
  values: Record<string, unknown>[],
  lang: Lang,
): Promise<{ imported: number; problems: ImportProblem[] }> {
  const say = (key: string, params: Record<string, unknown> = {}) => translate(ctx.meta.labels, lang, key, params);
  const { where } = locator(sheet, mapping);
  const hook = ctx.hooks.get(m.id);
  let current = 0;
  await sql`SAVEPOINT import_rows`.execute(trx);
  try {
    if (hook) {
      // Entities with rules (a user's password) go through the same hooks as the screen's saves.
      for (const [i, row] of values.entries()) {
        current = i;
        const virtual = Object.fromEntries(m.virtual.filter((v) => v in row).map((v) => [v, row[v]]));
        const stored = Object.fromEntries(Object.entries(row).filter(([k]) => !m.virtual.includes(k)));
        const c = { trx, req: source, auth, ctx };
        await hook.beforeWrite?.(c, 'create', stored, virtual);
        const id = await insertRow(trx, m, auth.branchId, auth.user.id, stored);
        await hook.afterWrite?.(c, 'create', (await getRow(trx, m, auth.branchId, id))!, virtual);
        await audit(trx, source, { entity: m.id, entityId: id, action: 'import', after: visible(m, stored) });
      }
    } else {
      for (let b = 0; b < values.length; b += BATCH) {
        current = b;
        const batch = values.slice(b, b + BATCH);
        const ids = await insertRows(trx, m, auth.branchId, auth.user.id, batch);
        await auditMany(
          trx,
          source,
          batch.map((row, k) => ({ entity: m.id, entityId: ids[k], action: 'import', after: visible(m, row) })),
        );
      }
    }
    await audit(trx, source, { entity: m.id, action: 'import-file', summary: `${values.length} rows from ${sheet.name}` });
    // thousands of new rows change the table's shape: the next plans should know (PGlite has no autovacuum);
    // ANALYZE counts the rows this transaction inserted, so it can run before the commit
    await analyze(trx, [m.table]);
  } catch (err) {
    // The database had the last word: nothing was written; say where.
    const known = toHttpError(err);
    if (!known) throw err;
    await sql`ROLLBACK TO SAVEPOINT import_rows`.execute(trx);
    const problem = known.fields[0];
    const field = problem?.field;
    const message = say(problem?.key ?? known.key, {
      ...known.params,
      ...(problem?.params ?? {}),
      field: field ? fieldLabel(ctx, m, field, lang) : '',
    });
    const place = hook ? '' : ` (${say('import.inBatch', { from: current + 2, to: Math.min(current + BATCH, values.length) + 1 })})`;
    return { imported: 0, problems: [{ ...where(current, field), message: `${message}${place}` }] };
  }
  return { imported: values.length, problems: [] };
}
