import { Navigate } from 'react-router-dom';
import type { FlatRoute } from '../../core/meta/types';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { mayOpenRoute } from './routeTable';
import { Problem } from '../screens/ScreenHost';
import { landingPath } from './landing';

/** A module or menu-group path opens its dashboard or its first screen the user may open, never "Page not found". */
export function ModuleLanding({ route, routes }: { route: FlatRoute; routes: FlatRoute[] }) {
  const session = useSession();
  const { t, routeName } = useI18n();
  const target = landingPath(route, routes, (r) => mayOpenRoute(session, r));
  if (target) return <Navigate to={target} replace />;
  return <Problem title={t('common.noAccess')} text={routeName(route.fullPath)} />;
}
