import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useStore } from '../engine/store';
import { useI18n } from '../engine/i18n/i18n';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { setTheme, themeStore } from './theme';
import { AppVersion } from './AppVersion';

const MOBILE = '(max-width: 767px)';
// loaded when first opened: most sessions never open it, and every first load would carry it
const ThemePanel = lazy(() => import('./ThemePanel').then((m) => ({ default: m.ThemePanel })));

/** The signed-in shell: header, menu, content and footer, with the skin and layout options on <body>. */
export function Layout() {
  const theme = useStore(themeStore);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [themeOpen, setThemeOpen] = useState(false);
  const [themeAsked, setThemeAsked] = useState(false);
  const location = useLocation();
  const { t } = useI18n();

  useEffect(() => {
    const b = document.body.classList;
    [...b].filter((c) => c.startsWith('skin-')).forEach((c) => b.remove(c));
    b.add(theme.skin);
    b.toggle('layout-fixed', theme.fixed);
    b.toggle('layout-boxed', theme.boxed);
    b.toggle('sidebar-collapse', theme.sidebarCollapsed);
    b.toggle('sidebar-expand-hover', theme.expandOnHover);
    b.toggle('control-slide', theme.rightSidebarSlide);
    b.toggle('control-sidebar-open', themeOpen);
    b.toggle('sidebar-open', mobileOpen);
  }, [theme, themeOpen, mobileOpen]);

  useEffect(() => setMobileOpen(false), [location.pathname]);

  const toggleSidebar = () => {
    if (window.matchMedia(MOBILE).matches) setMobileOpen((o) => !o);
    else setTheme({ sidebarCollapsed: !theme.sidebarCollapsed });
  };

  return (
    <div className="app">
      <Header
        onToggleSidebar={toggleSidebar}
        onToggleTheme={() => {
          setThemeAsked(true);
          setThemeOpen((o) => !o);
        }}
      />
      <Sidebar onNavigate={() => setMobileOpen(false)} />
      <div className="sidebar-backdrop" onClick={() => setMobileOpen(false)} />
      <div className="app-content">
        <div className="content-wrapper" id="content">
          <main className="app-main">
            <Outlet />
          </main>
          <footer className="app-footer">
            <span>{t('shell.footer')}</span>
            <AppVersion />
          </footer>
        </div>
      </div>
      {themeAsked && (
        <Suspense fallback={null}>
          <ThemePanel open={themeOpen} />
        </Suspense>
      )}
    </div>
  );
}
