import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Meta } from '../meta/load.js';
import type { ReportDefinition } from '../../src/core/meta/types.js';
import { checkReport, type MetaError } from '../meta/validate.js';
import { createAjv } from '../validation/ajv.js';
import type { AuthInfo } from '../context.js';
import { hasRight } from '../http/rbac.js';

/** A report as it is in force for one property: shipped, the property's own, or a shipped one it changed. */
export interface EffectiveReport {
  def: ReportDefinition;
  source: 'shipped' | 'property' | 'overridden';
  /** the property's version in force, null for a shipped definition */
  version: number | null;
  shipped?: ReportDefinition;
}

export interface ReportVersion {
  version: number;
  action: 'save' | 'revert';
  note: string | null;
  created_at: string;
  created_by: string | null;
  definition: ReportDefinition | null;
}

async function latestVersion(db: Db, branchId: number, code: string) {
  const { rows } = await sql<{ version: number; action: 'save' | 'revert'; definition: ReportDefinition | null }>`
    SELECT version, action, definition FROM report_version
     WHERE branch_id = ${branchId} AND code = ${code} ORDER BY version DESC LIMIT 1`.execute(db);
  return rows[0];
}

export async function effectiveReport(db: Db, meta: Meta, branchId: number, code: string): Promise<EffectiveReport | undefined> {
  const shipped = meta.reports.get(code);
  const latest = await latestVersion(db, branchId, code);
  if (latest?.action === 'save' && latest.definition) {
    return { def: latest.definition, source: shipped ? 'overridden' : 'property', version: latest.version, shipped };
  }
  return shipped ? { def: shipped, source: 'shipped', version: null, shipped } : undefined;
}

/** The reporting screen's right: it runs a property's own reports, and its `design` right designs them. */
export const REPORTING = 'utilities.reporting';

/** The right that runs a report: its own, else for a property's own report the reporting screen's. */
export function runRight(e: EffectiveReport): string | undefined {
  return e.def.permission ?? (e.source === 'property' ? REPORTING : undefined);
}

export function canRun(auth: AuthInfo, e: EffectiveReport) {
  const r = runRight(e);
  return !r || hasRight(auth, r, 'view');
}

/** Every report in force for the property: the shipped ones (as it may have changed them) and its own. */
export async function reportCatalog(db: Db, meta: Meta, branchId: number): Promise<EffectiveReport[]> {
  const { rows } = await sql<{ code: string; action: 'save' | 'revert'; definition: ReportDefinition | null; version: number }>`
    SELECT DISTINCT ON (code) code, action, definition, version FROM report_version
     WHERE branch_id = ${branchId} ORDER BY code, version DESC`.execute(db);
  const latest = new Map(rows.map((r) => [r.code, r]));
  const out: EffectiveReport[] = [];
  for (const [code, shipped] of meta.reports) {
    const l = latest.get(code);
    out.push(
      l?.action === 'save' && l.definition
        ? { def: l.definition, source: 'overridden', version: l.version, shipped }
        : { def: shipped, source: 'shipped', version: null, shipped },
    );
  }
  for (const l of rows) {
    if (!meta.reports.has(l.code) && l.action === 'save' && l.definition)
      out.push({ def: l.definition, source: 'property', version: l.version });
  }
  return out.sort((a, b) => a.def.code.localeCompare(b.def.code));
}

export async function reportVersions(db: Db, branchId: number, code: string): Promise<ReportVersion[]> {
  const { rows } = await sql<ReportVersion>`
    SELECT v.version, v.action, v.note, v.created_at, u.full_name AS created_by, v.definition
      FROM report_version v LEFT JOIN app_user u ON u.id = v.created_by
     WHERE v.branch_id = ${branchId} AND v.code = ${code} ORDER BY v.version DESC`.execute(db);
  return rows;
}

export async function appendVersion(
  db: Db,
  branchId: number,
  userId: number,
  code: string,
  action: 'save' | 'revert',
  definition: ReportDefinition | null,
  note: string | null,
) {
  const next = ((await latestVersion(db, branchId, code))?.version ?? 0) + 1;
  await sql`INSERT INTO report_version (branch_id, code, version, action, definition, note, created_by)
            VALUES (${branchId}, ${code}, ${next}, ${action}, ${definition ? JSON.stringify(definition) : null}::jsonb, ${note}, ${userId})`.execute(
    db,
  );
  return next;
}

let reportMetaSchema: ((d: unknown) => boolean) & { errors?: any[] | null };

/** The same checks a shipped report file gets at start: its meta-schema and every cross reference. */
export function validateReportDefinition(root: string, meta: Meta, def: unknown): MetaError[] {
  if (!reportMetaSchema) {
    const ajv = createAjv();
    reportMetaSchema = ajv.compile(JSON.parse(fs.readFileSync(path.join(root, 'schemas', 'meta', 'report.schema.json'), 'utf8')));
  }
  const file = 'report';
  if (!reportMetaSchema(def)) {
    return (reportMetaSchema.errors ?? [])
      .filter((e) => e.keyword !== 'if' && e.keyword !== 'oneOf')
      .map((e) => ({
        file,
        pointer: e.instancePath,
        message:
          e.keyword === 'additionalProperties'
            ? `unknown property '${e.params.additionalProperty}'`
            : e.keyword === 'required'
              ? `missing property '${e.params.missingProperty}'`
              : (e.message ?? 'is invalid'),
      }));
  }
  const errors: MetaError[] = [];
  const needLabel = (f: string, pointer: string, candidates: string[], what: string) => {
    if (!candidates.some((k) => meta.labels.has(k)))
      errors.push({ file: f, pointer, message: `no label for ${what}: use a title with en and id` });
  };
  errors.push(...checkReport(file, def as ReportDefinition, (id) => meta.entities.has(id), needLabel));
  return errors;
}
