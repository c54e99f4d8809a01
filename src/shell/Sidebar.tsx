import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useStore } from '../engine/store';
import { useI18n } from '../engine/i18n/i18n';
import { useSession } from '../engine/session/session';
import { Icon } from '../widgets/Icon';
import { menuStore, type MenuItem } from './menu';

function initials(name: string) {
  return name
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** Keeps the entries whose name matches, with the groups that lead to them. */
function filterMenu(items: MenuItem[], q: string, pick: (n: MenuItem['name']) => string): MenuItem[] {
  if (!q) return items;
  const needle = q.toLowerCase();
  return items.flatMap((item) => {
    if (pick(item.name).toLowerCase().includes(needle)) return [item];
    const children = item.children ? filterMenu(item.children, q, pick) : [];
    return children.length ? [{ ...item, children }] : [];
  });
}

export function Sidebar({ onNavigate }: { onNavigate(): void }) {
  const menu = useStore(menuStore);
  const session = useSession();
  const { pick, t } = useI18n();
  const location = useLocation();
  const [query, setQuery] = useState('');
  const items = useMemo(() => filterMenu(menu ?? [], query, pick), [menu, query, pick]);
  const branch = session?.branches.find((b) => b.id === session.branchId);
  return (
    <aside className="app-sidebar" aria-label={t('shell.menu')}>
      {session && (
        <div className="sidebar-user">
          <div className="avatar">{initials(session.user.fullName)}</div>
          <div className="who">
            <strong>{session.user.fullName}</strong>
            <span className="muted">{branch?.name}</span>
          </div>
        </div>
      )}
      <div className="menu-search">
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('common.searchPlaceholder')}
          aria-label={t('common.search')}
        />
      </div>
      <ul className="menu" role="tree">
        {items.map((item) => (
          <MenuNode key={item.path} item={item} depth={0} current={location.pathname} forceOpen={Boolean(query)} onNavigate={onNavigate} />
        ))}
      </ul>
    </aside>
  );
}

function MenuNode({
  item,
  depth,
  current,
  forceOpen,
  onNavigate,
}: {
  item: MenuItem;
  depth: number;
  current: string;
  forceOpen: boolean;
  onNavigate(): void;
}) {
  const { pick } = useI18n();
  const within = current === item.path || current.startsWith(`${item.path}/`);
  const [open, setOpen] = useState(within);
  const isOpen = open || forceOpen;
  const icon = depth === 0 ? <Icon name={item.icon ?? 'grid'} /> : null;
  if (!item.children) {
    return (
      <li className={`menu-item${within ? ' active' : ''}`} role="treeitem">
        <Link to={item.path} onClick={onNavigate} title={pick(item.name)}>
          {icon}
          <span className="menu-label">{pick(item.name)}</span>
        </Link>
      </li>
    );
  }
  return (
    <li className={`menu-item${isOpen ? ' open' : ''}`} role="treeitem" aria-expanded={isOpen}>
      <button type="button" onClick={() => setOpen(!isOpen)} title={pick(item.name)}>
        {icon}
        <span className="menu-label">{pick(item.name)}</span>
        <Icon name="chevron-right" size="sm" className="menu-caret" />
      </button>
      <ul className={`menu-children${isOpen ? ' open' : ''}`} role="group">
        {item.children.map((c) => (
          <MenuNode key={c.path} item={c} depth={depth + 1} current={current} forceOpen={forceOpen} onNavigate={onNavigate} />
        ))}
      </ul>
    </li>
  );
}
