import { useEffect, useState } from 'react';
import { apiGet, ApiError } from '../../engine/api/client';
import { dataProvider } from '../../engine/api/dataProvider';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import type { I18nText } from '../../core/meta/types';
import type { ScreenProps } from '../../engine/screens/kinds';
import { blocking } from '../../shell/overlay';
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
  const [items, setItems] = useState<Item[]>([]);
  const [overrides, setOverrides] = useState<Map<string, Override>>(new Map());
  const canEdit = hasRight(session, route.node.permission, 'edit');

  const load = () =>
    apiGet<{ items: Item[]; overrides: Override[] }>('/api/system/menu-editor').then((r) => {
      setItems(r.items);
      setOverrides(new Map(r.overrides.map((o) => [o.path, o])));
    });
  useEffect(() => {
    void load();
  }, []);

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
    try {
      await blocking((signal) => dataProvider.run('system.saveMenu', { items: list }, signal));
      toast.success(t('systemMenu.saved'));
      await Promise.all([load(), loadMenu()]);
    } catch (err) {
      toast.error((err as ApiError).message);
    }
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
        {render(items, 0)}
      </div>
    </div>
  );
}
