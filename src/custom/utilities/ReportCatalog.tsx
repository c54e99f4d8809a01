import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { dataProvider, type ReportCatalog as Catalog } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useI18n } from '../../engine/i18n/i18n';
import { useStore } from '../../engine/store';
import { menuStore } from '../../shell/menu';
import { Icon } from '../../widgets/Icon';
import type { ScreenProps } from '../../engine/screens/kinds';
import { ReportDesigner } from './ReportDesigner';

type CatalogRow = Catalog['rows'][number];

const SOURCE_BADGE = { shipped: '', overridden: 'badge-warning', property: 'badge-info' } as const;

/** Every report of the property by module, searchable; report designers also create and change them. */
export default function ReportCatalog(_props: ScreenProps) {
  const { t, lang, pick } = useI18n();
  const menu = useStore(menuStore);
  const { data, error, load } = useResource('reports', (signal) => dataProvider.reportCatalog(signal));
  const [query, setQuery] = useState('');
  const [designing, setDesigning] = useState<string | null>(null);

  const moduleName = (m: string) => pick(menu?.find((item) => item.path === `/${m}`)?.name) || m.charAt(0).toUpperCase() + m.slice(1);
  const groups = useMemo(() => {
    const q = query.trim().toLowerCase();
    const hits = (data?.rows ?? []).filter(
      (r) => !q || r.code.includes(q) || r.name[lang].toLowerCase().includes(q) || (r.description?.[lang] ?? '').toLowerCase().includes(q),
    );
    const by = new Map<string, CatalogRow[]>();
    for (const r of hits) by.set(r.module, [...(by.get(r.module) ?? []), r]);
    return [...by.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  }, [data, query, lang]);

  if (error) return <div className="alert alert-warning">{error}</div>;
  if (!data) return <div className="skeleton" style={{ height: 260 }} aria-busy="true" />;
  return (
    <div className="stack">
      <div className="row">
        <div className="input-group" style={{ flex: '1 1 260px', maxWidth: 420 }}>
          <span className="prefix">
            <Icon name="search" size="sm" />
          </span>
          <input
            className="input"
            type="search"
            placeholder={t('report.search')}
            aria-label={t('report.search')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        {data.designer && (
          <button
            type="button"
            className="btn btn-primary"
            style={{ marginLeft: 'auto' }}
            onClick={() => setDesigning('')}
            data-testid="report-new"
          >
            <Icon name="plus" size="sm" /> {t('report.new')}
          </button>
        )}
      </div>
      {groups.length === 0 && (
        <div className="card">
          <div className="empty">{t('report.noReports')}</div>
        </div>
      )}
      {groups.map(([module, rows]) => (
        <section key={module} className="stack">
          <h2 className="report-catalog-module">{moduleName(module)}</h2>
          <div className="report-list">
            {rows.map((r) => (
              <div className="report-item" key={r.code} data-testid={`report-${r.code}`}>
                <div className="report-item-icon">
                  <Icon name="bar-chart" />
                </div>
                <div className="report-item-body">
                  {r.canRun ? <Link to={`/utilities/reporting/${r.code}`}>{r.name[lang]}</Link> : <strong>{r.name[lang]}</strong>}
                  <div className="muted">{r.description?.[lang] ?? r.code}</div>
                  <div className="row" style={{ marginTop: 6 }}>
                    <code className="muted">{r.code}</code>
                    {r.source !== 'shipped' && (
                      <span className={`badge ${SOURCE_BADGE[r.source]}`}>
                        {t(`report.source.${r.source}`)}
                        {r.version ? ` · v${r.version}` : ''}
                      </span>
                    )}
                  </div>
                </div>
                {data.designer && (
                  <button
                    type="button"
                    className="btn btn-sm btn-ghost"
                    title={t('report.design')}
                    aria-label={`${t('report.design')} ${r.code}`}
                    onClick={() => setDesigning(r.code)}
                  >
                    <Icon name="edit" size="sm" />
                  </button>
                )}
              </div>
            ))}
          </div>
        </section>
      ))}
      {designing !== null && <ReportDesigner code={designing} onClose={() => setDesigning(null)} onChanged={() => void load()} />}
    </div>
  );
}
