import { useSearchParams } from 'react-router-dom';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useI18n } from '../../engine/i18n/i18n';
import { ReportTable } from '../../engine/reports/ReportTable';
import type { ScreenProps } from '../../engine/screens/kinds';
import { formatDate, formatDateTime } from '../../core/format/format';
import type { ReportResult } from '../../core/reports/layout';
import { Icon } from '../../widgets/Icon';

interface KeptReport {
  business_date: string;
  code: string;
  name: { en: string; id: string };
  row_count: number;
  created_at: string;
}

/**
 * The report sets the night audit kept, per closed business day: pick a day and a report, and read it exactly as
 * the auditor saw it that night — later corrections change the live reports, never these. The choice is in the
 * address (`?date=&code=`), so a link reopens the same page.
 */
export default function NightAuditReports(_props: ScreenProps) {
  const { t, lang } = useI18n();
  const [params, setParams] = useSearchParams();
  const list = useResource('frontoffice/night-audit/reports', (signal) =>
    dataProvider.read<{ rows: KeptReport[] }>('frontoffice/night-audit/reports', {}, signal),
  );
  const rows = list.data?.rows ?? [];
  const days = [...new Set(rows.map((r) => r.business_date))];
  const date = params.get('date') ?? days[0];
  const code = params.get('code') ?? rows.find((r) => r.business_date === date)?.code;
  const key = date && code ? `frontoffice/night-audit/reports/${date}/${code}` : null;
  const kept = useResource(key, (signal) => dataProvider.read<ReportResult & { kept_at: string }>(key!, {}, signal));

  return (
    <div className="na-kept">
      <div className="card na-kept-days">
        <div className="card-body stack">
          {list.loading && <div className="skeleton" style={{ height: 200 }} />}
          {!list.loading && !days.length && <p className="muted">{t('nightAudit.keptNone')}</p>}
          {days.map((d) => (
            <div key={d} className="na-kept-day" data-testid={`na-kept-${d}`}>
              <strong>{formatDate(d)}</strong>
              <div className="na-kept-reports">
                {rows
                  .filter((r) => r.business_date === d)
                  .map((r) => (
                    <button
                      key={r.code}
                      type="button"
                      className={`btn btn-sm${d === date && r.code === code ? ' btn-primary' : ''}`}
                      aria-pressed={d === date && r.code === code}
                      onClick={() => setParams({ date: d, code: r.code })}
                      data-testid={`na-kept-${d}-${r.code}`}
                    >
                      {r.name[lang]}
                    </button>
                  ))}
              </div>
            </div>
          ))}
        </div>
      </div>
      {/* which report is on show once it is, so a reader (or a test) never mistakes the one before for it */}
      <div className="card na-kept-report" data-shown={kept.data && !kept.loading ? `${date}/${code}` : undefined}>
        <div className="card-body stack">
          {kept.loading && <div className="skeleton" style={{ height: 300 }} />}
          {kept.error && (
            <div className="alert alert-danger" role="alert">
              <Icon name="alert" /> {kept.error}
            </div>
          )}
          {kept.data && !kept.loading && (
            <>
              <div className="na-kept-head">
                <h2>
                  {kept.data.name[lang]} · {formatDate(date)}
                </h2>
                <span className="chip chip-ok" data-testid="na-kept-at">
                  <Icon name="lock" size="sm" /> {t('nightAudit.keptAt', { at: formatDateTime(kept.data.kept_at) })}
                </span>
              </div>
              <ReportTable result={kept.data} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
