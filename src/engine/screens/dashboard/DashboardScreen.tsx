import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { DashboardScreen as DashboardDef } from '../../../core/meta/types';
import { dataProvider, type ReportResult } from '../../api/dataProvider';
import { useI18n } from '../../i18n/i18n';
import { ApiError } from '../../api/client';
import { useSession } from '../../session/session';
import { mayOpenPath } from '../../router/routeTable';
import { formatValue } from '../../../core/format/format';
import { ReportTable } from '../../reports/ReportTable';
import { Icon } from '../../../widgets/Icon';
import type { ScreenProps } from '../kinds';

/** A dashboard: tiles and tables, each reading a report code of the active property. */
export default function DashboardScreen({ bundle }: ScreenProps) {
  const def = bundle.screen as DashboardDef;
  const session = useSession();
  const { t, lang } = useI18n();
  const [reports, setReports] = useState<Record<string, ReportResult | Error>>({});

  useEffect(() => {
    const controller = new AbortController();
    const codes = [...new Set([...def.tiles.map((x) => x.report), ...(def.tables ?? []).map((x) => x.report)])];
    setReports({});
    for (const code of codes) {
      dataProvider
        .report(code, {}, controller.signal)
        .then((r) => setReports((s) => ({ ...s, [code]: r })))
        .catch((e: Error) => setReports((s) => ({ ...s, [code]: e })));
    }
    return () => controller.abort();
  }, [def, session?.branchId]);

  const branch = session?.branches.find((b) => b.id === session.branchId);
  // a tile leads on only to a screen the user may open
  const mayOpen = (path: string) => mayOpenPath(session, path);
  return (
    <>
      {def.welcome && (
        <div className="welcome">
          <div>
            <h2>{t('dashboard.welcome', { name: session?.user.fullName })}</h2>
            <div className="muted">{branch?.name}</div>
          </div>
        </div>
      )}
      <div className="tiles">
        {def.tiles.map((tile, i) => {
          const r = reports[tile.report];
          // a tile the user may not read is simply not there (the server leaves such tiles out already)
          if (r instanceof ApiError && r.status === 403) return null;
          const row = r && !(r instanceof Error) ? r.rows[0] : undefined;
          const value = row && tile.value ? row[tile.value] : undefined;
          const body = (
            <>
              <div className="tile-icon">
                <Icon name={tile.icon} />
              </div>
              <div>
                <div className="tile-value" data-testid={`tile-${tile.value}`}>
                  {r === undefined ? (
                    <span className="skeleton tile-skeleton" aria-label={t('common.loading')} />
                  ) : r instanceof Error ? (
                    <span title={r.message}>—</span>
                  ) : (
                    formatValue(value, tile.format === 'number' ? 'integer' : tile.format, lang) || '0'
                  )}
                </div>
                <div className="tile-label">{t(tile.label)}</div>
              </div>
            </>
          );
          return tile.link && mayOpen(tile.link) ? (
            <Link key={i} to={tile.link} className={`tile tile-${tile.tone ?? 'blue'}`}>
              {body}
            </Link>
          ) : (
            <div key={i} className={`tile tile-${tile.tone ?? 'blue'}`}>
              {body}
            </div>
          );
        })}
      </div>
      {(def.tables ?? []).map((table) => {
        const r = reports[table.report];
        // a table the user has no right to read is left out, not shown as an error
        if (r instanceof ApiError && r.status === 403) return null;
        return (
          <div className="card" key={table.report}>
            <div className="card-header">
              <h3>{t(table.title)}</h3>
              {table.link && mayOpen(table.link) && (
                <Link to={table.link} className="btn btn-sm btn-ghost">
                  {t('dashboard.viewAll')} <Icon name="chevron-right" size="sm" />
                </Link>
              )}
            </div>
            {r === undefined && (
              <div className="card-body">
                <div className="skeleton" style={{ height: 120 }} />
              </div>
            )}
            {r instanceof Error && (
              <div className="card-body">
                <div className="alert alert-warning">{r.message}</div>
              </div>
            )}
            {r && !(r instanceof Error) && <ReportTable result={r} />}
          </div>
        );
      })}
    </>
  );
}
