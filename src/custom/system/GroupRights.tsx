import { useCallback, useEffect, useMemo, useState } from 'react';
import { apiGet, ApiError } from '../../engine/api/client';
import { dataProvider, type Row } from '../../engine/api/dataProvider';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import type { CustomScreen, I18nText } from '../../core/meta/types';
import { loadScreen, type ScreenBundle } from '../../engine/screens/screenStore';
import { BundleFormDrawer } from '../../engine/screens/form/BundleFormDrawer';
import type { ScreenProps } from '../../engine/screens/kinds';
import { blocking } from '../../shell/overlay';
import { toast } from '../../shell/toasts';
import { Icon } from '../../widgets/Icon';

interface RightsNode {
  path: string;
  name: I18nText;
  resource?: string;
  actions?: { key: string; name: I18nText }[];
  children?: RightsNode[];
}

function rightsBelow(node: RightsNode): string[] {
  const own = node.resource ? (node.actions ?? []).map((a) => `${node.resource}:${a.key}`) : [];
  return [...own, ...(node.children ?? []).flatMap(rightsBelow)];
}

/** User groups on the left; the ticked menu items and operations of the chosen group on the right. */
export default function GroupRights({ bundle, route }: ScreenProps) {
  const { t, pick } = useI18n();
  const session = useSession();
  const resource = route.node.permission;
  const formId = ((bundle.screen as CustomScreen).props?.form as string) ?? 'system/group-form';
  const [groups, setGroups] = useState<Row[]>([]);
  const [catalog, setCatalog] = useState<RightsNode[]>([]);
  const [selected, setSelected] = useState<Row>();
  const [rights, setRights] = useState<Set<string>>(new Set());
  const [saved, setSaved] = useState<Set<string>>(new Set());
  const [formBundle, setFormBundle] = useState<ScreenBundle>();
  const [editing, setEditing] = useState<number | null | undefined>(undefined);

  const loadGroups = useCallback(async () => {
    const r = await dataProvider.getList('system/group', { limit: 500, sort: 'code' });
    setGroups(r.rows);
    return r.rows;
  }, []);

  useEffect(() => {
    void loadGroups().then((rows) => setSelected((s) => s ?? rows[0]));
    void apiGet<{ items: RightsNode[] }>('/api/system/rights-catalog').then((r) => setCatalog(r.items));
    void loadScreen(formId).then(setFormBundle);
  }, [loadGroups, formId]);

  useEffect(() => {
    if (!selected) return;
    void apiGet<{ rights: string[] }>(`/api/system/groups/${selected.id}/rights`).then((r) => {
      setRights(new Set(r.rights));
      setSaved(new Set(r.rights));
    });
  }, [selected]);

  const dirty = useMemo(() => rights.size !== saved.size || [...rights].some((r) => !saved.has(r)), [rights, saved]);
  const canEdit = hasRight(session, resource, 'edit') && !selected?.is_admin;

  const toggle = (keys: string[], on: boolean) =>
    setRights((prev) => {
      const next = new Set(prev);
      keys.forEach((k) => (on ? next.add(k) : next.delete(k)));
      return next;
    });

  const save = async () => {
    try {
      const r = await blocking((signal) =>
        dataProvider.run<{ added: number; removed: number }>(
          'system.saveGroupRights',
          { id: selected!.id, rights: [...rights].sort() },
          signal,
        ),
      );
      setSaved(new Set(rights));
      toast.success(t('group.rightsSaved', r));
    } catch (err) {
      toast.error((err as ApiError).message);
    }
  };

  return (
    <div className="rights-layout">
      <div className="card">
        <div className="card-header">
          <h3>{t('group.title')}</h3>
          {hasRight(session, resource, 'create') && (
            <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing(null)}>
              <Icon name="plus" size="sm" /> {t('common.new')}
            </button>
          )}
        </div>
        <ul className="group-list">
          {groups.map((g) => (
            <li key={g.id}>
              <button type="button" className={selected?.id === g.id ? 'on' : ''} onClick={() => setSelected(g)}>
                <strong>
                  {g.name} {g.is_admin && <span className="badge badge-warning">admin</span>}{' '}
                  {!g.active && <span className="badge">{t('common.no')}</span>}
                </strong>
                <span>
                  {g.code}
                  {g.description ? ` · ${g.description}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="card">
        <div className="card-header">
          <h3>{selected ? t('group.rights', { name: selected.name }) : t('group.title')}</h3>
          <div className="row">
            {selected && hasRight(session, resource, 'edit') && (
              <button type="button" className="btn btn-sm" onClick={() => setEditing(selected.id)}>
                <Icon name="edit" size="sm" /> {t('common.edit')}
              </button>
            )}
            {canEdit && (
              <button type="button" className="btn btn-sm btn-primary" disabled={!dirty} onClick={() => void save()}>
                <Icon name="check" size="sm" /> {t('group.saveRights')}
              </button>
            )}
          </div>
        </div>
        <div className="card-body">
          {!selected && <p className="muted">{t('group.pick')}</p>}
          {selected?.is_admin && <div className="alert alert-info">{t('group.adminHasAll')}</div>}
          {selected && !selected.is_admin && (
            <>
              <p className="muted" style={{ marginTop: 0 }}>
                {t('group.rightsHelp')}
              </p>
              <ul className="tree" role="tree">
                {catalog.map((n) => (
                  <RightsTreeNode key={n.path} node={n} rights={rights} onToggle={toggle} disabled={!canEdit} pick={pick} />
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
      {editing !== undefined && formBundle && (
        <BundleFormDrawer
          bundle={formBundle}
          id={editing}
          resource={resource}
          onClose={() => setEditing(undefined)}
          reload={loadGroups}
          select={setSelected}
        />
      )}
    </div>
  );
}

function RightsTreeNode({
  node,
  rights,
  onToggle,
  disabled,
  pick,
}: {
  node: RightsNode;
  rights: Set<string>;
  onToggle(keys: string[], on: boolean): void;
  disabled: boolean;
  pick(n: I18nText): string;
}) {
  const [open, setOpen] = useState(true);
  const below = rightsBelow(node);
  const ticked = below.filter((k) => rights.has(k)).length;
  const all = ticked === below.length && below.length > 0;
  return (
    <li className="tree-node" role="treeitem" aria-expanded={node.children ? open : undefined}>
      <div className="tree-row">
        {node.children ? (
          <button type="button" className="tree-toggle" onClick={() => setOpen(!open)} aria-label={pick(node.name)}>
            <Icon name={open ? 'chevron-down' : 'chevron-right'} size="sm" />
          </button>
        ) : (
          <span style={{ width: 22 }} />
        )}
        <input
          type="checkbox"
          aria-label={pick(node.name)}
          checked={all}
          ref={(el) => {
            if (el) el.indeterminate = ticked > 0 && !all;
          }}
          disabled={disabled}
          onChange={(e) => onToggle(below, e.target.checked)}
        />
        <span className="name">{pick(node.name)}</span>
        {node.resource && (
          <span className="actions">
            {(node.actions ?? []).map((a) => {
              const key = `${node.resource}:${a.key}`;
              const on = rights.has(key);
              return (
                <label key={a.key} className={on ? 'on' : ''}>
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={disabled}
                    onChange={(e) => onToggle([key], e.target.checked)}
                    data-right={key}
                  />
                  {pick(a.name)}
                </label>
              );
            })}
          </span>
        )}
      </div>
      {node.children && open && (
        <ul className="tree" role="group">
          {node.children.map((c) => (
            <RightsTreeNode key={c.path} node={c} rights={rights} onToggle={onToggle} disabled={disabled} pick={pick} />
          ))}
        </ul>
      )}
    </li>
  );
}
