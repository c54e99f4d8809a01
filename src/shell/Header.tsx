import { Suspense } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { headerWidgets } from '../engine/screens/custom/registry';
import { dataProvider } from '../engine/api/dataProvider';
import { loadLabels, useI18n } from '../engine/i18n/i18n';
import { endSession, sessionStore, useSession } from '../engine/session/session';
import { clearScreenCache } from '../engine/screens/screenStore';
import { Icon } from '../widgets/Icon';
import { Dropdown } from '../widgets/Dropdown';
import { loadMenu } from './menu';
import { blocking } from './overlay';
import { toast } from './toasts';

// what the modules put in the header (src/custom/<module>/header/), found through the registry
const widgets = headerWidgets();

export function Header({ onToggleSidebar, onToggleTheme }: { onToggleSidebar(): void; onToggleTheme(): void }) {
  const session = useSession();
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  if (!session) return null;
  const branch = session.branches.find((b) => b.id === session.branchId);

  const switchBranch = async (branchId: number) => {
    const s = await blocking((signal) => dataProvider.session.switchProperty(branchId, signal));
    sessionStore.set(s);
    clearScreenCache();
    await loadMenu();
    toast.success(t('shell.branchSwitched', { name: s.branches.find((b) => b.id === branchId)?.name }));
    navigate('/dashboard');
  };
  const signOut = async () => {
    await dataProvider.session.signOut().catch(() => undefined);
    endSession();
    navigate('/login', { replace: true });
  };

  return (
    <header className="app-header">
      <Link to="/dashboard" className="app-logo">
        <img src="/icons/icon-96.png" alt="" />
        <span className="logo-text">{t('shell.brand')}</span>
      </Link>
      <nav className="app-navbar">
        <button
          type="button"
          className="nav-btn"
          onClick={onToggleSidebar}
          aria-label={t('shell.toggleSidebar')}
          data-tooltip={t('shell.toggleSidebar')}
        >
          <Icon name="menu" />
        </button>
        {widgets.map(({ name, Component }) => (
          <Suspense key={name} fallback={null}>
            <Component />
          </Suspense>
        ))}
        <span className="spacer" />
        <Dropdown
          label={t('shell.switchBranch')}
          button={
            <>
              <Icon name="building" />
              <span className="branch-chip">{branch?.name}</span>
              {session.branches.length > 1 && <Icon name="chevron-down" size="sm" />}
            </>
          }
        >
          {(close) => (
            <>
              <div className="head">{t('shell.switchBranchTitle')}</div>
              {session.branches.map((b) => (
                <button
                  key={b.id}
                  type="button"
                  role="menuitem"
                  className={b.id === session.branchId ? 'on' : ''}
                  onClick={() => {
                    close();
                    if (b.id !== session.branchId) void switchBranch(b.id);
                  }}
                >
                  <Icon name="building" size="sm" /> {b.name} <span className="muted">{b.code}</span>
                </button>
              ))}
            </>
          )}
        </Dropdown>
        <Dropdown
          label={t('shell.language')}
          button={
            <>
              <Icon name="globe" />
              <span className="hide-mobile">{lang.toUpperCase()}</span>
            </>
          }
        >
          {(close) =>
            (['en', 'id'] as const).map((l) => (
              <button
                key={l}
                type="button"
                role="menuitem"
                className={l === lang ? 'on' : ''}
                onClick={() => {
                  close();
                  void loadLabels(l);
                }}
              >
                {t(`language.${l}`)}
              </button>
            ))
          }
        </Dropdown>
        <button
          type="button"
          className="nav-btn hide-mobile"
          onClick={onToggleTheme}
          aria-label={t('shell.theme')}
          data-tooltip={t('shell.theme')}
        >
          <Icon name="palette" />
        </button>
        <Dropdown
          label={session.user.fullName}
          button={
            <>
              <span className="avatar">
                {session.user.fullName
                  .split(/\s+/)
                  .map((p) => p[0])
                  .join('')
                  .slice(0, 2)
                  .toUpperCase()}
              </span>
              <span className="hide-mobile">{session.user.fullName}</span>
            </>
          }
        >
          {(close) => (
            <>
              <div className="head">
                {session.user.username} · {session.user.email ?? ''}
              </div>
              <Link to="/system/system-user/profile" role="menuitem" onClick={close}>
                <Icon name="user" size="sm" /> {t('shell.profile')}
              </Link>
              <Link to="/change-password" role="menuitem" onClick={close}>
                <Icon name="key" size="sm" /> {t('auth.changePassword.title')}
              </Link>
              <button
                type="button"
                role="menuitem"
                className="show-mobile-only"
                onClick={() => {
                  close();
                  onToggleTheme();
                }}
              >
                <Icon name="palette" size="sm" /> {t('shell.theme')}
              </button>
              <div className="sep" />
              <button type="button" role="menuitem" onClick={signOut}>
                <Icon name="log-out" size="sm" /> {t('auth.logout')}
              </button>
            </>
          )}
        </Dropdown>
      </nav>
    </header>
  );
}
