import { useCallback, useEffect, useMemo, useState } from 'react';
import Decimal from 'decimal.js';
import { dataProvider, type Row } from '../../engine/api/dataProvider';
import { ApiError } from '../../engine/api/client';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import { formatMoney } from '../../core/format/format';
import { parseAmount } from '../../core/format/amount';
import type { CustomScreen } from '../../core/meta/types';
import { loadScreen, type ScreenBundle } from '../../engine/screens/screenStore';
import { BundleFormDrawer } from '../../engine/screens/form/BundleFormDrawer';
import type { ScreenProps } from '../../engine/screens/kinds';
import { blocking } from '../../shell/overlay';
import { toast } from '../../shell/toasts';
import { confirmDialog } from '../../shell/confirm';
import { Icon } from '../../widgets/Icon';
import { LookupSelect } from '../../widgets/inputs/LookupSelect';

interface Line {
  fo_article_id: number | null;
  amount: string;
  basis: 'per_person' | 'per_room';
}

const ENTITY = 'sales/arrangement';
/** The example under the lines prices a double room, the way Indonesian rates are quoted. */
const EXAMPLE_ADULTS = 2;

/**
 * Arrangements on the left; the chosen one's lines on the right: which revenue article gets how much of
 * each night's rate (breakfast to F&B), per person or per room. The header (code, name) is edited in the
 * generic form; the lines are saved with the arrangement through the same data API.
 */
export default function Arrangements({ bundle, route }: ScreenProps) {
  const { t } = useI18n();
  const session = useSession();
  const resource = route.node.permission;
  const formId = ((bundle.screen as CustomScreen).props?.form as string) ?? 'sales/arrangement-form';
  const [list, setList] = useState<Row[]>([]);
  const [selected, setSelected] = useState<Row>();
  const [lines, setLines] = useState<Line[]>([]);
  const [formBundle, setFormBundle] = useState<ScreenBundle>();
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [problem, setProblem] = useState<string>();
  const canEdit = hasRight(session, resource, 'edit');

  const loadList = useCallback(async () => {
    const r = await dataProvider.getList(ENTITY, { limit: 500, sort: 'code' });
    setList(r.rows);
    return r.rows;
  }, []);

  useEffect(() => {
    void loadList().then((rows) => setSelected((s) => s ?? rows[0]));
    void loadScreen(formId).then(setFormBundle);
  }, [loadList, formId]);

  useEffect(() => {
    setLines(((selected?.lines as Line[] | undefined) ?? []).map((l) => ({ ...l })));
    setProblem(undefined);
  }, [selected]);

  const saved = JSON.stringify((selected?.lines as Line[] | undefined) ?? []);
  const dirty = JSON.stringify(lines) !== saved;
  const example = useMemo(
    () => lines.reduce((sum, l) => sum.plus(new Decimal(l.amount || 0).mul(l.basis === 'per_person' ? EXAMPLE_ADULTS : 1)), new Decimal(0)),
    [lines],
  );

  const change = (i: number, patch: Partial<Line>) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const pick = async (row: Row) => {
    if (dirty && !(await confirmDialog({ message: t('common.unsaved'), okLabel: t('common.close') }))) return;
    setSelected(row);
  };

  const saveLines = async () => {
    setProblem(undefined);
    const missing = lines.findIndex((l) => !l.fo_article_id);
    if (missing >= 0) {
      setProblem(t('arrangement.articleMissing', { line: missing + 1 }));
      return;
    }
    try {
      const row = await blocking((signal) => dataProvider.update(ENTITY, selected!.id, selected!.version!, { lines }, signal));
      toast.success(t('arrangement.linesSaved', { code: row.code }));
      const rows = await loadList();
      setSelected(rows.find((r) => r.id === row.id));
    } catch (err) {
      setProblem((err as ApiError).message);
    }
  };

  return (
    <div className="split">
      <div className="card">
        <div className="card-header">
          <h3>{t('arrangement.list')}</h3>
          {hasRight(session, resource, 'create') && (
            <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing(null)}>
              <Icon name="plus" size="sm" /> {t('common.new')}
            </button>
          )}
        </div>
        <ul className="pick-list">
          {list.map((a) => (
            <li key={a.id}>
              <button type="button" className={selected?.id === a.id ? 'on' : ''} onClick={() => void pick(a)}>
                <strong>
                  {a.code} · {a.name}{' '}
                  {!a.active && (
                    <span className="badge">
                      {t('field.active')}: {t('common.no')}
                    </span>
                  )}
                </strong>
                <span className="muted" style={{ fontSize: 12.5 }}>
                  {a._refs?.lines || t('arrangement.roomOnly')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="card">
        <div className="card-header">
          <h3>{selected ? `${selected.code} · ${selected.name}` : t('arrangement.title')}</h3>
          {selected && canEdit && (
            <button type="button" className="btn btn-sm" onClick={() => setEditing(selected.id)}>
              <Icon name="edit" size="sm" /> {t('common.edit')}
            </button>
          )}
        </div>
        <div className="card-body">
          {!selected && <p className="muted">{t('arrangement.pick')}</p>}
          {selected && (
            <div className="stack">
              {selected.description && <p style={{ margin: 0 }}>{selected.description}</p>}
              <p className="muted" style={{ margin: 0 }}>
                {t('arrangement.line.help')}
              </p>
              {problem && (
                <div className="alert alert-danger" role="alert">
                  <Icon name="alert" /> <div>{problem}</div>
                </div>
              )}
              {lines.length === 0 ? (
                <p className="arrangement-empty">{t('arrangement.line.none')}</p>
              ) : (
                <div className="arrangement-lines">
                  <div className="arrangement-line head" aria-hidden>
                    <span>{t('arrangement.line.article')}</span>
                    <span>{t('arrangement.line.amount')}</span>
                    <span>{t('arrangement.line.basis')}</span>
                    <span />
                  </div>
                  {lines.map((l, i) => (
                    <div className="arrangement-line" key={i}>
                      <LookupSelect
                        entity="frontoffice/article"
                        value={l.fo_article_id}
                        onChange={(v: number | null) => change(i, { fo_article_id: v ?? null })}
                        disabled={!canEdit}
                        emptyLabel={t('common.noRows')}
                        placeholder={t('common.choose')}
                        ariaLabel={t('arrangement.line.article')}
                      />
                      <AmountInput
                        value={l.amount}
                        disabled={!canEdit}
                        label={t('arrangement.line.amount')}
                        onChange={(amount) => change(i, { amount })}
                      />
                      <select
                        className="select"
                        value={l.basis}
                        disabled={!canEdit}
                        aria-label={t('arrangement.line.basis')}
                        onChange={(e) => change(i, { basis: e.target.value as Line['basis'] })}
                      >
                        <option value="per_person">{t('arrangement.lines.basis.per_person')}</option>
                        <option value="per_room">{t('arrangement.lines.basis.per_room')}</option>
                      </select>
                      {canEdit ? (
                        <button
                          type="button"
                          className="btn btn-icon"
                          aria-label={t('arrangement.line.remove')}
                          data-tooltip={t('arrangement.line.remove')}
                          onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
                        >
                          <Icon name="trash" size="sm" />
                        </button>
                      ) : (
                        <span />
                      )}
                    </div>
                  ))}
                </div>
              )}
              {lines.length > 0 && (
                <p className="muted" style={{ margin: 0 }}>
                  {t('arrangement.example', { amount: formatMoney(example.toFixed(0)) })}
                </p>
              )}
              {canEdit && (
                <div className="row">
                  <button
                    type="button"
                    className="btn"
                    onClick={() => setLines((ls) => [...ls, { fo_article_id: null, amount: '0', basis: 'per_person' }])}
                    disabled={lines.length >= 20}
                  >
                    <Icon name="plus" size="sm" /> {t('arrangement.line.add')}
                  </button>
                  <span className="spacer" />
                  <button type="button" className="btn btn-primary" onClick={() => void saveLines()} disabled={!dirty}>
                    <Icon name="check" size="sm" /> {t('arrangement.saveLines')}
                  </button>
                </div>
              )}
            </div>
          )}
        </div>
      </div>
      {editing !== undefined && formBundle && (
        <BundleFormDrawer
          bundle={formBundle}
          id={editing}
          resource={resource}
          onClose={() => setEditing(undefined)}
          reload={loadList}
          select={setSelected}
        />
      )}
    </div>
  );
}

/** Rupiah typed freely ("125.000" or "125000"), kept as a decimal string, shown grouped when not focused. */
function AmountInput({ value, onChange, disabled, label }: { value: string; onChange(v: string): void; disabled: boolean; label: string }) {
  const [focused, setFocused] = useState(false);
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <div className="input-group">
      <span className="prefix">Rp</span>
      <input
        className="input num"
        inputMode="decimal"
        aria-label={label}
        disabled={disabled}
        value={focused ? text : formatMoney(text)}
        onFocus={() => setFocused(true)}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          setFocused(false);
          const clean = parseAmount(text.trim() || '0') ?? '';
          if (/^\d{1,16}(\.\d{1,2})?$/.test(clean)) onChange(clean);
          else setText(value);
        }}
      />
    </div>
  );
}
