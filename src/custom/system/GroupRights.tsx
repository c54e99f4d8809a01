import { useMemo, useState } from 'react';
import { dataProvider, type Row } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { Refusal } from '../../engine/screens/Refusal';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import type { CustomScreen, I18nText } from '../../core/meta/types';
import { loadScreen } from '../../engine/screens/screenStore';
import { BundleFormDrawer } from '../../engine/screens/form/BundleFormDrawer';
import type { ScreenProps } from '../../engine/screens/kinds';
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
  const groups = useResource('system/group', (signal) => dataProvider.getList('system/group', { limit: 500, sort: 'code' }, signal));
  const catalog = useResource('system/rights-catalog', (signal) =>
    dataProvider.read<{ items: RightsNode[] }>('system/rights-catalog', {}, signal),
  );
  const formBundle = useResource(`screen:${formId}`, () => loadScreen(formId));
  const [chosen, setChosen] = useState<Row>();
  const selected = chosen ?? groups.data?.rows[0];
  const held = useResource(selected ? `system/groups/${selected.id}/rights` : null, (signal) =>
    dataProvider.read<{ rights: string[] }>(`system/groups/${selected!.id}/rights`, {}, signal),
  );
  const saved = useMemo(() => new Set(held.data?.rights ?? []), [held.data]);
  const [edited, setEdited] = useState<{ group: number; rights: Set<string> }>();
  const rights = edited && edited.group === selected?.id ? edited.rights : saved;
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const command = useCommand();
  const reloadGroups = async () => (await groups.load())?.rows ?? [];

  const dirty = useMemo(() => rights.size !== saved.size || [...rights].some((r) => !saved.has(r)), [rights, saved]);
  const canEdit = hasRight(session, resource, 'edit') && !selected?.is_admin;

  const toggle = (keys: string[], on: boolean) => {
    const next = new Set(rights);
    keys.forEach((k) => (on ? next.add(k) : next.delete(k)));
    setEdited({ group: selected!.id, rights: next });
  };

  const save = async () => {
    const list = [...rights].sort();
    const r = await command.run((signal) =>
      dataProvider.run<{ added: number; removed: number }>('system.saveGroupRights', { id: selected!.id, rights: list }, signal),
    );
    if (!r) return;
    held.set({ rights: list });
    setEdited(undefined);
    toast.success(t('group.rightsSaved', r));
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
          {groups.loading && <li className="skeleton" style={{ height: 120 }} aria-busy="true" />}
          {(groups.data?.rows ?? []).map((g) => (
            <li key={g.id}>
              <button type="button" className={selected?.id === g.id ? 'on' : ''} onClick={() => setChosen(g)}>
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
          <Refusal problem={command.problem} />
          {groups.error && <div className="alert alert-warning">{groups.error}</div>}
          {!selected && !groups.loading && <p className="muted">{t('group.pick')}</p>}
          {selected?.is_admin && <div className="alert alert-info">{t('group.adminHasAll')}</div>}
          {selected && !selected.is_admin && (
            <>
              <p className="muted" style={{ marginTop: 0 }}>
                {t('group.rightsHelp')}
              </p>
              <ul className="tree" role="tree">
                {(catalog.data?.items ?? []).map((n) => (
                  <RightsTreeNode key={n.path} node={n} rights={rights} onToggle={toggle} disabled={!canEdit} pick={pick} />
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
      {editing !== undefined && formBundle.data && (
        <BundleFormDrawer
          bundle={formBundle.data}
          id={editing}
          resource={resource}
          onClose={() => setEditing(undefined)}
          reload={reloadGroups}
          select={setChosen}
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
