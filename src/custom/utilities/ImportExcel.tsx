import { useEffect, useMemo, useState } from 'react';
import { apiGet, apiPost, downloadFile, type ApiError } from '../../engine/api/client';
import { useI18n } from '../../engine/i18n/i18n';
import { runJob, type JobStatus } from '../../engine/api/jobs';
import { useSession } from '../../engine/session/session';
import { blocking } from '../../shell/overlay';
import { toast } from '../../shell/toasts';
import { Icon } from '../../widgets/Icon';
import { SortableTable } from '../../widgets/SortableTable';
import type { ScreenProps } from '../../engine/screens/kinds';

interface Target {
  id: string;
  name: string;
  fields: { name: string; label: string; required: boolean; type: string; ref: string | null }[];
}
interface Sheet {
  name: string;
  headers: string[];
  rowCount: number;
  sample: unknown[][];
  mapping: Record<string, string | null>;
}
interface Problem {
  sheet: string;
  row: number;
  column: string;
  message: string;
}
type Job = JobStatus<{ imported: number; problems: Problem[] }>;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

function cellText(v: unknown) {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return v.slice(0, 10).split('-').reverse().join('/');
  return String(v);
}

/**
 * Fills any list the user may add to from a spreadsheet: pick the target, upload, map the columns
 * (matched by label in either language), check, then import every row or none.
 */
export default function ImportExcel(_props: ScreenProps) {
  const { t } = useI18n();
  const session = useSession();
  const [targets, setTargets] = useState<Target[]>([]);
  const [entity, setEntity] = useState('');
  const [upload, setUpload] = useState<{ name: string; file: string }>();
  const [sheets, setSheets] = useState<Sheet[]>([]);
  const [sheetName, setSheetName] = useState('');
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  const [job, setJob] = useState<Job>();
  const [fileKey, setFileKey] = useState(0);

  useEffect(() => {
    apiGet<{ rows: Target[] }>('/api/import/entities').then(
      (r) => setTargets(r.rows),
      (e: ApiError) => toast.error(e.message),
    );
  }, [session?.branchId]);

  const target = targets.find((x) => x.id === entity);
  const sheet = sheets.find((s) => s.name === sheetName);
  const missing = useMemo(() => {
    const mapped = new Set(Object.values(mapping));
    return (target?.fields ?? []).filter((f) => f.required && !mapped.has(f.name));
  }, [target, mapping]);

  const reset = () => {
    setUpload(undefined);
    setSheets([]);
    setSheetName('');
    setMapping({});
    setJob(undefined);
    setFileKey((k) => k + 1);
  };
  const preview = async (next: { name: string; file: string }, forEntity: string) => {
    setJob(undefined);
    try {
      const r = await blocking((signal) => apiPost<{ sheets: Sheet[] }>('/api/import/preview', { entity: forEntity, ...next }, { signal }));
      setSheets(r.sheets);
      setSheetName(r.sheets[0]?.name ?? '');
      setMapping(r.sheets[0]?.mapping ?? {});
    } catch (e) {
      if (!(e as ApiError).aborted) toast.error((e as ApiError).message);
      reset();
    }
  };
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const next = { name: file.name, file: await readAsDataUrl(file) };
    setUpload(next);
    if (entity) await preview(next, entity);
  };
  const run = async () => {
    if (!upload || !sheet) return;
    try {
      const status: Job = await runJob('/api/import/run', { entity, ...upload, sheet: sheet.name, mapping }, setJob);
      if (status.state === 'failed') toast.error(status.error?.error?.message ?? t('common.screenError'));
      else if (status.result?.problems.length) toast.error(t('import.failed', { count: status.result.problems.length }));
      else toast.success(t('import.done', { count: (status.result?.imported ?? 0).toLocaleString('de-DE') }));
    } catch (e) {
      const err = e as ApiError;
      toast.error([err.message, ...Object.values(err.fields)].join(' '));
    }
  };
  const template = async () => {
    try {
      await downloadFile(`/api/import/template/${entity}`);
    } catch (e) {
      toast.error((e as ApiError).message);
    }
  };

  const step = !upload || !sheet ? 1 : job?.result ? 3 : 2;
  const result = job?.result;
  return (
    <div className="stack">
      <div className="steps" aria-hidden="true">
        {['import.step.file', 'import.step.map', 'import.step.preview'].map((k, i) => (
          <span key={k} className={step >= i + 1 ? 'on' : ''}>
            {t(k)}
          </span>
        ))}
      </div>
      <div className="card">
        <div className="card-body">
          <div className="grid-3">
            <div className="field">
              <label htmlFor="imp-entity">{t('import.entity')}</label>
              <select
                id="imp-entity"
                className="select"
                value={entity}
                onChange={(e) => {
                  setEntity(e.target.value);
                  if (upload) void preview(upload, e.target.value);
                }}
              >
                <option value="">{t('common.choose')}</option>
                {targets.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="imp-file">{t('import.file')}</label>
              <input
                key={fileKey}
                id="imp-file"
                className="input"
                type="file"
                accept=".xlsx,.csv"
                disabled={!entity}
                onChange={(e) => void choose(e.target.files?.[0])}
              />
            </div>
            <div className="field" style={{ justifyContent: 'flex-end' }}>
              <div className="row">
                <button type="button" className="btn" disabled={!entity} onClick={() => void template()}>
                  <Icon name="download" size="sm" /> {t('import.template')}
                </button>
                {upload && (
                  <button type="button" className="btn btn-ghost" onClick={reset}>
                    <Icon name="refresh" size="sm" /> {t('import.startOver')}
                  </button>
                )}
              </div>
            </div>
          </div>
        </div>
      </div>

      {sheet && target && (
        <div className="card">
          <div className="card-header">
            <h3>{t('import.step.map')}</h3>
            <div className="row">
              {sheets.length > 1 && (
                <select
                  className="select"
                  aria-label={t('import.sheet')}
                  value={sheetName}
                  onChange={(e) => {
                    setSheetName(e.target.value);
                    setMapping(sheets.find((s) => s.name === e.target.value)?.mapping ?? {});
                  }}
                >
                  {sheets.map((s) => (
                    <option key={s.name} value={s.name}>
                      {s.name}
                    </option>
                  ))}
                </select>
              )}
              <span className="badge badge-info">{t('import.rowsInFile', { count: sheet.rowCount.toLocaleString('de-DE') })}</span>
            </div>
          </div>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th>{t('import.column')}</th>
                  <th>{t('import.field')}</th>
                  <th className="hide-mobile">{t('import.preview')}</th>
                </tr>
              </thead>
              <tbody>
                {sheet.headers.map((h, i) => (
                  <tr key={`${h}-${i}`}>
                    <td>
                      <strong>{h || `#${i + 1}`}</strong>
                    </td>
                    <td>
                      <select
                        className="select"
                        aria-label={`${t('import.field')} ${h}`}
                        data-testid={`map-${h}`}
                        value={mapping[h] ?? ''}
                        onChange={(e) => setMapping({ ...mapping, [h]: e.target.value || null })}
                      >
                        <option value="">{t('import.ignore')}</option>
                        {target.fields.map((f) => (
                          <option key={f.name} value={f.name}>
                            {f.label}
                            {f.required ? ' *' : ''}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="muted hide-mobile">
                      {sheet.sample
                        .slice(0, 3)
                        .map((r) => cellText(r[i]))
                        .filter(Boolean)
                        .join(' · ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="card-footer stack">
            {missing.length > 0 && (
              <div className="alert alert-warning">
                <Icon name="alert" /> {t('import.requiredMissing', { fields: missing.map((f) => f.label).join(', ') })}
              </div>
            )}
            {job?.state === 'running' && (
              <div className="stack" aria-live="polite">
                <div className="progress">
                  <span style={{ width: `${job.total ? Math.round((job.done / job.total) * 100) : 0}%` }} />
                </div>
                <div className="muted">
                  {t('import.progress', {
                    step: job.step,
                    done: job.done.toLocaleString('de-DE'),
                    total: job.total.toLocaleString('de-DE'),
                  })}
                </div>
              </div>
            )}
            <div className="row">
              <button
                type="button"
                className="btn btn-primary"
                disabled={missing.length > 0 || job?.state === 'running'}
                onClick={() => void run()}
                data-testid="import-run"
              >
                <Icon name="upload" size="sm" /> {t('import.run')}
              </button>
            </div>
          </div>
        </div>
      )}

      {result && result.problems.length === 0 && (
        <div className="alert alert-success" data-testid="import-done">
          <Icon name="check" /> {t('import.done', { count: result.imported.toLocaleString('de-DE') })}
        </div>
      )}
      {result && result.problems.length > 0 && (
        <div className="card" data-testid="import-problems">
          <div className="card-header">
            <h3>{t('import.failed', { count: result.problems.length })}</h3>
          </div>
          <SortableTable
            columns={[
              { field: 'sheet', label: t('import.problem.sheet') },
              { field: 'row', label: t('import.problem.row'), align: 'right' },
              { field: 'column', label: t('import.problem.column') },
              { field: 'message', label: t('import.problem.message') },
            ]}
            rows={result.problems}
          />
        </div>
      )}
    </div>
  );
}
