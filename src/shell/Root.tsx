import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import type { RouteHandle } from '../engine/router/buildRoutes';
import { useI18n } from '../engine/i18n/i18n';
import { ConfirmDialog, LoadingOverlay, Toasts } from './Feedback';
import { navigationStore } from './navigation';

/** Around every page: records the route and its breadcrumb, and does the spec's after-navigation chores. */
export function Root() {
  const location = useLocation();
  const matches = useMatches();
  const { routeName, t } = useI18n();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.route)?.handle as RouteHandle | undefined;

  useEffect(() => {
    // a menu group and its main screen often share a name ("Goods receiving > Goods receiving"): said once
    const names = (handle?.route.trail ?? []).map(routeName).filter((n, i, all) => n && n !== all[i - 1]);
    const breadcrumb = names.join(' > ');
    navigationStore.set({ path: location.pathname, breadcrumb, route: handle?.route });
    document.title = names.length ? `${names[names.length - 1]} · ${t('shell.brand')}` : t('shell.brand');
    // The body marker exists only on the dashboard.
    document.body.classList.toggle('dashboard-page', location.pathname === '/dashboard');
    window.scrollTo(0, 0);
    const timer = setTimeout(() => {
      const content = document.getElementById('content');
      if (content) content.style.minHeight = `${window.innerHeight - 50}px`;
    }, 200);
    return () => clearTimeout(timer);
  }, [location.pathname, handle, routeName, t]);

  return (
    <>
      <Outlet />
      <LoadingOverlay />
      <Toasts />
      <ConfirmDialog />
    </>
  );
}
