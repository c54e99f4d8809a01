import { useEffect, useState } from 'react';
import type { DocumentScreen, EntitySchema } from '../../../core/meta/types';
import { dataProvider, type Row } from '../../api/dataProvider';
import { useI18n } from '../../i18n/i18n';
import { Icon } from '../../../widgets/Icon';

const PAGE = 100;

/**
 * The documents beside the open one, for a document screen on one route (arrangements): searched on the
 * server, named by their label fields, with a line under each (the lines' summary, a memo).
 */
export function DocumentPicker(props: {
  def: DocumentScreen;
  entity: EntitySchema;
  selected: number | null | undefined;
  /** changes whenever a document was saved or deleted, to read the list again */
  revision: number;
  canCreate: boolean;
  onPick(row: Row | null): void;
  onLoaded(rows: Row[]): void;
}) {
  const { def, entity, selected, revision, onLoaded } = props;
  const { t } = useI18n();
  const [q, setQ] = useState('');
  const [rows, setRows] = useState<Row[]>();
  const [total, setTotal] = useState(0);
  const [more, setMore] = useState(0);
  const searchable = Boolean(entity['x-db'].search?.length);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      dataProvider
        .getList(entity.$id, { limit: PAGE * (more + 1), q: q.trim() || undefined }, controller.signal)
        .then((r) => {
          setRows(r.rows);
          setTotal(r.total ?? r.rows.length);
          onLoaded(r.rows);
        })
        .catch(() => undefined);
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [entity.$id, q, more, revision, onLoaded]);

  const label = (r: Row) =>
    (entity['x-db'].label ?? ['id'])
      .map((f) => r[f])
      .filter((v) => v != null && v !== '')
      .join(' · ');
  const subtitle = (r: Row) => {
    const field = def.picker?.subtitle;
    const text = field ? ((r._refs?.[field] as string | undefined) ?? (typeof r[field] === 'string' ? r[field] : '')) : '';
    return text || (def.picker?.empty ? t(def.picker.empty) : '');
  };

  return (
    <div className="card doc-picker">
      <div className="card-header">
        <h3>{t(def.title)}</h3>
        {props.canCreate && (
          <button type="button" className="btn btn-sm btn-primary" onClick={() => props.onPick(null)} data-testid="document-new">
            <Icon name="plus" size="sm" /> {t('common.new')}
          </button>
        )}
      </div>
      {searchable && (
        <div className="doc-picker-search">
          <input
            className="input"
            type="search"
            value={q}
            placeholder={t('common.searchPlaceholder')}
            aria-label={t('common.search')}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
      )}
      {!rows ? (
        <div className="stack" style={{ padding: 14 }}>
          <div className="skeleton" style={{ height: 40 }} />
          <div className="skeleton" style={{ height: 40 }} />
        </div>
      ) : rows.length === 0 ? (
        <p className="muted" style={{ padding: 14, margin: 0 }}>
          {t('common.noRows')}
        </p>
      ) : (
        <ul className="pick-list">
          {rows.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                className={selected === r.id ? 'on' : ''}
                aria-current={selected === r.id || undefined}
                onClick={() => props.onPick(r)}
              >
                <strong>
                  {label(r)}{' '}
                  {r.active === false && (
                    <span className="badge">
                      {t('field.active')}: {t('common.no')}
                    </span>
                  )}
                </strong>
                <span className="muted doc-picker-sub">{subtitle(r)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {rows && total > rows.length && (
        <div style={{ padding: 10 }}>
          <button type="button" className="btn btn-sm" onClick={() => setMore((m) => m + 1)}>
            {t('document.more')}
          </button>
        </div>
      )}
    </div>
  );
}
