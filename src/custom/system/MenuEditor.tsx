import { useMemo, useState } from 'react';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { Refusal } from '../../engine/screens/Refusal';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import type { I18nText } from '../../core/meta/types';
import type { ScreenProps } from '../../engine/screens/kinds';
import { confirmDialog } from '../../shell/confirm';
import { toast } from '../../shell/toasts';
import { loadMenu } from '../../shell/menu';
import { Icon } from '../../widgets/Icon';

interface Item {
  path: string;
  name: I18nText;
  children?: Item[];
}
interface Override {
  path: string;
  label_en: string | null;
  label_id: string | null;
  sort_order: number | null;
  hidden: boolean;
}

/** Rename, reorder and hide menu entries for this property: an overlay over the shipped routes.json. */
export default function MenuEditor({ route }: ScreenProps) {
  const { t, pick } = useI18n();
  const session = useSession();
  const canEdit = hasRight(session, route.node.permission, 'edit');
  const editor = useResource('system/menu-editor', (signal) =>
    dataProvider.read<{ items: Item[]; overrides: Override[] }>('system/menu-editor', {}, signal),
  );
  const items = editor.data?.items ?? [];
  const stored = useMemo(() => new Map((editor.data?.overrides ?? []).map((o) => [o.path, o])), [editor.data]);
  // the person's changes until they save (or the stored overlay is read again)
  const [edited, setEdited] = useState<{ from: Map<string, Override>; overrides: Map<string, Override> }>();
  const overrides = edited?.from === stored ? edited.overrides : stored;
  const setOverrides = (change: (m: Map<string, Override>) => Map<string, Override>) =>
    setEdited({ from: stored, overrides: change(overrides) });
  const command = useCommand();

  const get = (path: string): Override => overrides.get(path) ?? { path, label_en: null, label_id: null, sort_order: null, hidden: false };
  const set = (path: string, patch: Partial<Override>) => setOverrides((m) => new Map(m).set(path, { ...get(path), ...patch }));

  /** Siblings in their current order (overlay order first, shipped order otherwise). */
  const ordered = (list: Item[]) =>
    list
      .map((item, i) => ({ item, order: get(item.path).sort_order ?? i }))
      .sort((a, b) => a.order - b.order)
      .map((x) => x.item);

  const move = (list: Item[], path: string, delta: number) => {
    const order = ordered(list);
    const i = order.findIndex((x) => x.path === path);
    const j = i + delta;
    if (j < 0 || j >= order.length) return;
    [order[i], order[j]] = [order[j], order[i]];
    setOverrides((m) => {
      const next = new Map(m);
      order.forEach((x, k) =>
        next.set(x.path, {
          ...(next.get(x.path) ?? { path: x.path, label_en: null, label_id: null, hidden: false, sort_order: null }),
          sort_order: k,
        }),
      );
      return next;
    });
  };

  const save = async (list: Override[]) => {
    if (!(await command.run((signal) => dataProvider.run('system.saveMenu', { items: list }, signal)))) return;
    toast.success(t('systemMenu.saved'));
    await Promise.all([editor.load(), loadMenu()]);
  };

  const render = (list: Item[], depth: number) =>
    ordered(list).map((item, index, all) => {
      const o = get(item.path);
      return (
        <div key={item.path}>
          <div className="tree-row" style={{ paddingLeft: 8 + depth * 22, opacity: o.hidden ? 0.55 : 1 }} data-path={item.path}>
            <span className="name" style={{ minWidth: 200 }}>
              {pick(item.name)}{' '}
              <span className="muted mono" style={{ fontWeight: 400 }}>
                {item.path}
              </span>
            </span>
            <input
              className="input"
              style={{ width: 170, height: 30 }}
              placeholder={item.name.en}
              aria-label={`${t('systemMenu.labelEn')} ${item.path}`}
              value={o.label_en ?? ''}
              disabled={!canEdit}
              onChange={(e) => set(item.path, { label_en: e.target.value || null })}
            />
            <input
              className="input"
              style={{ width: 170, height: 30 }}
              placeholder={item.name.id}
              aria-label={`${t('systemMenu.labelId')} ${item.path}`}
              value={o.label_id ?? ''}
              disabled={!canEdit}
              onChange={(e) => set(item.path, { label_id: e.target.value || null })}
            />
            <button
              type="button"
              className="btn btn-sm btn-icon"
              disabled={!canEdit || index === 0}
              onClick={() => move(list, item.path, -1)}
              aria-label={t('systemMenu.moveUp')}
              data-tooltip={t('systemMenu.moveUp')}
            >
              <Icon name="arrow-up" size="sm" />
            </button>
            <button
              type="button"
              className="btn btn-sm btn-icon"
              disabled={!canEdit || index === all.length - 1}
              onClick={() => move(list, item.path, 1)}
              aria-label={t('systemMenu.moveDown')}
              data-tooltip={t('systemMenu.moveDown')}
            >
              <Icon name="arrow-down" size="sm" />
            </button>
            <label className="check" style={{ minHeight: 30 }}>
              <input
                type="checkbox"
                checked={o.hidden}
                disabled={!canEdit}
                onChange={(e) => set(item.path, { hidden: e.target.checked })}
              />{' '}
              {t('systemMenu.hidden')}
            </label>
          </div>
          {item.children && render(item.children, depth + 1)}
        </div>
      );
    });

  return (
    <div className="card">
      <div className="card-header">
        <p className="muted" style={{ margin: 0 }}>
          {t('systemMenu.help')}
        </p>
        {canEdit && (
          <div className="row">
            <button
              type="button"
              className="btn"
              onClick={async () => {
                if (await confirmDialog({ message: t('systemMenu.reset') })) await save([]);
              }}
            >
              <Icon name="refresh" size="sm" /> {t('systemMenu.reset')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void save([...overrides.values()])}>
              <Icon name="check" size="sm" /> {t('common.save')}
            </button>
          </div>
        )}
      </div>
      <div className="card-body" style={{ overflowX: 'auto' }}>
        <Refusal problem={command.problem} />
        {editor.error && <div className="alert alert-warning">{editor.error}</div>}
        {editor.loading && <div className="skeleton" style={{ height: 320 }} aria-busy="true" />}
        {render(items, 0)}
      </div>
    </div>
  );
}
