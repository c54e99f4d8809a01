import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError, downloadFile } from '../api/client';
import { dataProvider, type ReportMeta } from '../api/dataProvider';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { formatDate, formatPercent, formatValue } from '../../core/format/format';
import { blocking } from '../../shell/overlay';
import { toast } from '../../shell/toasts';
import { Icon } from '../../widgets/Icon';
import { Chart } from '../../widgets/Chart';
import { chartData, type ReportResult } from '../../core/reports/layout';
import { columnTitle } from '../../core/reports/labels';
import { ParamForm, type ParamValues } from './ParamForm';
import { ReportTable } from './ReportTable';

const FORMATS = [
  { format: 'xlsx', label: 'Excel', icon: 'file-text' },
  { format: 'pdf', label: 'PDF', icon: 'file-text' },
  { format: 'csv', label: 'CSV', icon: 'download' },
] as const;

function fromSearch(search: URLSearchParams): ParamValues {
  return Object.fromEntries([...search.entries()].filter(([k]) => k !== 'format'));
}

/**
 * Any report by code: its parameters (kept in the URL, so a report link reopens with the same
 * filter), the grid with groups and totals, its chart, export and print. Screen kind `report`.
 */
export function ReportView({ code, meta, fixed }: { code: string; meta: ReportMeta; fixed?: ParamValues }) {
  const { t, lang } = useI18n();
  const session = useSession();
  const [search, setSearch] = useSearchParams();
  const applied = useMemo(() => ({ ...fromSearch(search), ...fixed }), [search, fixed]);
  const [values, setValues] = useState<ParamValues>(applied);
  const [result, setResult] = useState<ReportResult>();
  const [error, setError] = useState<ApiError>();
  // a run on its way shows a skeleton in the report's own panel (the menu and the rest stay usable)
  const [running, setRunning] = useState<AbortController>();

  useEffect(() => {
    let live = true;
    const controller = new AbortController();
    setError(undefined);
    setRunning(controller);
    dataProvider
      .report(code, applied, controller.signal)
      .then((r) => {
        if (!live) return;
        setResult(r);
        // show the defaults the server filled in (business date, start of month …)
        setValues({ ...Object.fromEntries(Object.entries(r.parameters).map(([k, v]) => [k, String(v)])), ...applied });
      })
      .catch((e: ApiError) => {
        // an aborted run says so (Stopped), so the reader knows to press Run again
        if (!live) return;
        setResult(undefined);
        setError(e);
      })
      .finally(() => live && setRunning(undefined));
    return () => {
      live = false;
      controller.abort();
    };
  }, [code, applied, session?.branchId]);

  const run = () => setSearch(new URLSearchParams(values), { replace: false });
  const exportAs = async (format: 'xlsx' | 'pdf' | 'csv') => {
    try {
      const name = await blocking((signal) => downloadFile(`/api/reports/${code}`, { ...values, format }, signal));
      toast.success(t('report.exported', { name }));
    } catch (e) {
      if (!(e as ApiError).aborted) toast.error((e as ApiError).message);
    }
  };
  const chart = useMemo(() => {
    if (!result?.chart) return undefined;
    const data = chartData(result);
    const xCol = result.columns.find((c) => c.field === result.chart!.x);
    const yCol = result.columns.find((c) => c.field === result.chart!.y[0]);
    const yType = yCol?.type === 'money' || yCol?.type === 'integer' || yCol?.type === 'quantity' ? yCol.type : 'number';
    return {
      format: (v: number, as: 'value' | 'percent') => (as === 'percent' ? formatPercent(v, lang) : formatValue(v, yType, lang)),
      labels: data.labels.map((v) => formatValue(v, xCol?.type ?? 'text', lang) || '—'),
      series: data.series.map((s) => {
        const col = result.columns.find((c) => c.field === s.field);
        return { name: col ? columnTitle(col, lang, t) : s.field, values: s.values.map(Number) };
      }),
    };
  }, [result, lang, t]);
  const hasParams = Object.keys(meta.parameters?.properties ?? {}).some((name) => !fixed?.[name]);

  return (
    <div className="stack report-view">
      <div className="card no-print">
        <div className="card-body">
          <ParamForm def={meta} values={values} onChange={setValues} onSubmit={run} hidden={fixed}>
            {hasParams && (
              <button type="submit" className="btn btn-primary" data-testid="report-run">
                <Icon name="refresh" size="sm" /> {t('report.run')}
              </button>
            )}
            <div className="row report-exports">
              {FORMATS.map((f) => (
                <button
                  key={f.format}
                  type="button"
                  className="btn"
                  onClick={() => void exportAs(f.format)}
                  data-testid={`export-${f.format}`}
                >
                  <Icon name={f.icon} size="sm" /> {f.label}
                </button>
              ))}
              <button type="button" className="btn" onClick={() => window.print()}>
                <Icon name="printer" size="sm" /> {t('report.print')}
              </button>
            </div>
          </ParamForm>
        </div>
      </div>
      <div className="print-only report-print-head">
        <strong>{result?.context.branch}</strong> · {meta.name[lang]} · {formatDate(result?.context.businessDate)}
      </div>
      {error && (
        <div className="alert alert-warning" role="alert">
          <Icon name="alert" />{' '}
          <div>
            {error.message}
            {Object.values(error.fields).length > 0 && (
              <ul>
                {Object.values(error.fields).map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
      {!running && chart && result && result.rows.length > 0 && (
        <div className="card">
          <div className="card-body">
            <Chart type={result.chart!.type} labels={chart.labels} series={chart.series} title={meta.name[lang]} format={chart.format} />
          </div>
        </div>
      )}
      {running ? (
        <div className="card report-running" data-testid="report-skeleton" aria-busy="true">
          <div className="card-body stack">
            <div className="row">
              <span className="spinner spinner-sm" /> <span className="muted">{t('common.loading')}</span>
              <button type="button" className="btn btn-sm" style={{ marginLeft: 'auto' }} onClick={() => running.abort()}>
                {t('shell.abort')}
              </button>
            </div>
            {[92, 80, 86, 74, 90].map((w, i) => (
              <div key={i} className="skeleton" style={{ height: 20, width: `${w}%` }} />
            ))}
          </div>
        </div>
      ) : (
        result && (
          <div className="card" data-testid="report-result">
            <ReportTable result={result} />
          </div>
        )
      )}
    </div>
  );
}
