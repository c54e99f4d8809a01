import { useCallback, useEffect, useState } from 'react';
import { apiGet, type ApiError } from '../../engine/api/client';
import { dataProvider, type ReportMeta, type Row } from '../../engine/api/dataProvider';
import type { I18nText } from '../../core/meta/types';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import { ParamForm, type ParamValues } from '../../engine/reports/ParamForm';
import { confirmDialog } from '../../shell/confirm';
import { toast } from '../../shell/toasts';
import { Icon } from '../../widgets/Icon';
import type { FlowStepProps } from '../../engine/screens/flow/stepProps';

const ENTITY = 'utilities/report-group';

interface Item {
  code: string;
  params?: ParamValues;
}
interface Draft {
  id?: number;
  version?: number;
  code: string;
  name: string;
  description: string;
  items: Item[];
}

const empty: Draft = { code: '', name: '', description: '', items: [] };

const draftOf = (g: Row): Draft => ({
  id: g.id,
  version: g.version,
  code: g.code,
  name: g.name,
  description: g.description ?? '',
  items: g.items ?? [],
});

/**
 * The first step of the report-pack flow (flows/report-pack.json): named packs of reports with their
 * parameters (the morning management pack), edited here; "Run to Excel" or "Run to PDF" sends RUN with the
 * pack and the format, and the flow runs it on the server.
 */
export default function ReportPackChoose({ route, context, send }: FlowStepProps) {
  const { t, lang } = useI18n();
  const session = useSession();
  const [groups, setGroups] = useState<Row[]>([]);
  const [catalog, setCatalog] = useState<{ code: string; name: I18nText; canRun: boolean }[]>([]);
  const [metas, setMetas] = useState<Record<string, ReportMeta>>({});
  const [draft, setDraft] = useState<Draft>();
  const [adding, setAdding] = useState('');
  const can = (action: string) => hasRight(session, route.node.permission, action);

  const loadGroups = useCallback(() => dataProvider.getList(ENTITY, { limit: 200, sort: 'code' }).then((r) => setGroups(r.rows)), []);
  useEffect(() => {
    void loadGroups();
    apiGet<{ rows: { code: string; name: I18nText; canRun: boolean }[] }>('/api/reports').then((r) =>
      setCatalog(r.rows.filter((x) => x.canRun)),
    );
  }, [loadGroups, session?.branchId]);

  // Coming back from a run, the pack that was run is open again.
  const lastRun = context.group as number | null;
  useEffect(() => {
    const g = lastRun ? groups.find((x) => x.id === lastRun) : undefined;
    if (g) setDraft((d) => d ?? draftOf(g));
  }, [groups, lastRun]);

  // The parameter forms of the reports in the open group.
  useEffect(() => {
    for (const item of draft?.items ?? []) {
      if (metas[item.code]) continue;
      dataProvider.reportMeta(item.code).then(
        (m) => setMetas((s) => ({ ...s, [item.code]: m })),
        () => undefined,
      );
    }
  }, [draft?.items, metas]);

  const open = (g: Row) => setDraft(draftOf(g));
  const setItem = (i: number, change: Partial<Item>) =>
    setDraft((d) => d && { ...d, items: d.items.map((x, j) => (j === i ? { ...x, ...change } : x)) });
  const move = (i: number, by: number) =>
    setDraft((d) => {
      if (!d) return d;
      const items = [...d.items];
      const [x] = items.splice(i, 1);
      items.splice(Math.max(0, Math.min(items.length, i + by)), 0, x);
      return { ...d, items };
    });

  const save = async () => {
    if (!draft) return;
    const values = {
      code: draft.code,
      name: draft.name,
      description: draft.description || null,
      items: draft.items.map((x) => ({ code: x.code, ...(x.params && Object.keys(x.params).length ? { params: x.params } : {}) })),
    };
    try {
      const row = draft.id
        ? await dataProvider.update(ENTITY, draft.id, draft.version!, values)
        : await dataProvider.create(ENTITY, { ...values, active: true });
      toast.success(t('report-group.saved', { code: row.code }));
      await loadGroups();
      open(row);
    } catch (e) {
      const err = e as ApiError;
      toast.error([err.message, ...Object.values(err.fields)].join(' '));
    }
  };
  const remove = async () => {
    if (
      !draft?.id ||
      !(await confirmDialog({
        message: t('report-group.deleteConfirm', { code: draft.code }),
        tone: 'danger',
        okLabel: t('common.delete'),
      }))
    )
      return;
    try {
      await dataProvider.delete(ENTITY, draft.id, draft.version!);
      setDraft(undefined);
      await loadGroups();
    } catch (e) {
      toast.error((e as ApiError).message);
    }
  };
  const run = (format: 'xlsx' | 'pdf') => {
    if (draft?.id) send({ type: 'RUN', data: { group: draft.id, format } });
  };

  const nameOf = (code: string) => catalog.find((c) => c.code === code)?.name[lang] ?? code;
  const editable = draft && (draft.id ? can('edit') : can('create'));
  return (
    <div className="split">
      <div className="card">
        <div className="card-header">
          <h3>{t('report-group.list')}</h3>
          {can('create') && (
            <button type="button" className="btn btn-sm btn-primary" onClick={() => setDraft({ ...empty })} data-testid="group-new">
              <Icon name="plus" size="sm" /> {t('report-group.new')}
            </button>
          )}
        </div>
        <ul className="pick-list">
          {groups.map((g) => (
            <li key={g.id}>
              <button type="button" className={draft?.id === g.id ? 'on' : ''} onClick={() => open(g)}>
                <strong>{g.name}</strong>
                <span className="muted">
                  {g.code} · {t('report-group.items')}: {(g.items ?? []).length}
                </span>
              </button>
            </li>
          ))}
          {groups.length === 0 && <li className="empty">{t('common.noRows')}</li>}
        </ul>
      </div>
      {!draft ? (
        <div className="card">
          <div className="empty">{t('report-group.select')}</div>
        </div>
      ) : (
        <div className="card">
          <div className="card-body stack">
            <div className="grid-3">
              <div className="field">
                <label htmlFor="g-code">
                  {t('report-group.code')}
                  <span className="req">*</span>
                </label>
                <input
                  id="g-code"
                  className="input"
                  maxLength={20}
                  value={draft.code}
                  disabled={!editable}
                  onChange={(e) => setDraft({ ...draft, code: e.target.value.toUpperCase() })}
                />
              </div>
              <div className="field" style={{ gridColumn: 'span 2' }}>
                <label htmlFor="g-name">
                  {t('report-group.name')}
                  <span className="req">*</span>
                </label>
                <input
                  id="g-name"
                  className="input"
                  maxLength={100}
                  value={draft.name}
                  disabled={!editable}
                  onChange={(e) => setDraft({ ...draft, name: e.target.value })}
                />
              </div>
            </div>
            <div className="field">
              <label htmlFor="g-desc">{t('report-group.description')}</label>
              <input
                id="g-desc"
                className="input"
                maxLength={300}
                value={draft.description}
                disabled={!editable}
                onChange={(e) => setDraft({ ...draft, description: e.target.value })}
              />
            </div>
            <h3 style={{ fontSize: 15 }}>{t('report-group.items')}</h3>
            {draft.items.map((item, i) => (
              <div key={`${item.code}-${i}`} className="card" data-testid={`group-item-${item.code}`}>
                <div className="card-header">
                  <strong>
                    {i + 1}. {nameOf(item.code)}
                  </strong>
                  {editable && (
                    <div className="row">
                      <button
                        type="button"
                        className="btn btn-sm btn-ghost btn-icon"
                        aria-label={t('systemMenu.moveUp')}
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                      >
                        <Icon name="arrow-up" size="sm" />
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-ghost btn-icon"
                        aria-label={t('systemMenu.moveDown')}
                        disabled={i === draft.items.length - 1}
                        onClick={() => move(i, 1)}
                      >
                        <Icon name="arrow-down" size="sm" />
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-ghost btn-icon"
                        aria-label={t('common.delete')}
                        onClick={() => setDraft({ ...draft, items: draft.items.filter((_, j) => j !== i) })}
                      >
                        <Icon name="trash" size="sm" />
                      </button>
                    </div>
                  )}
                </div>
                {metas[item.code] && Object.keys(metas[item.code].parameters?.properties ?? {}).length > 0 && (
                  <div className="card-body">
                    <ParamForm def={metas[item.code]} values={item.params ?? {}} onChange={(params) => setItem(i, { params })} />
                  </div>
                )}
              </div>
            ))}
            {editable && (
              <div className="row">
                <select
                  className="select"
                  style={{ maxWidth: 360 }}
                  aria-label={t('report-group.addReport')}
                  value={adding}
                  onChange={(e) => setAdding(e.target.value)}
                >
                  <option value="">{t('common.choose')}</option>
                  {catalog.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name[lang]}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="btn"
                  disabled={!adding}
                  onClick={() => {
                    setDraft({ ...draft, items: [...draft.items, { code: adding }] });
                    setAdding('');
                  }}
                >
                  <Icon name="plus" size="sm" /> {t('report-group.addReport')}
                </button>
              </div>
            )}
          </div>
          <div className="card-footer row">
            {editable && (
              <button type="button" className="btn btn-primary" onClick={() => void save()} data-testid="group-save">
                <Icon name="check" size="sm" /> {t('common.save')}
              </button>
            )}
            {draft.id && (
              <>
                <button type="button" className="btn" onClick={() => run('xlsx')} data-testid="group-run-xlsx">
                  <Icon name="download" size="sm" /> {t('report-group.runXlsx')}
                </button>
                <button type="button" className="btn" onClick={() => run('pdf')} data-testid="group-run-pdf">
                  <Icon name="file-text" size="sm" /> {t('report-group.runPdf')}
                </button>
              </>
            )}
            <span style={{ flex: 1 }} />
            {draft.id && can('delete') && (
              <button type="button" className="btn btn-danger" onClick={() => void remove()}>
                <Icon name="trash" size="sm" /> {t('common.delete')}
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
