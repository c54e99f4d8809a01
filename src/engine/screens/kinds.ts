import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { FlatRoute } from '../../core/meta/types';
import type { ScreenBundle } from './screenStore';

/** What every screen renderer receives. */
export interface ScreenProps {
  bundle: ScreenBundle;
  route: FlatRoute;
  params: Record<string, string | undefined>;
}

/** One lazy chunk per screen kind: a user who never opens a form never downloads the form engine. */
export const KIND_RENDERERS: Record<string, LazyExoticComponent<ComponentType<ScreenProps>>> = {
  list: lazy(() => import('./list/ListScreen')),
  form: lazy(() => import('./form/FormScreen')),
  dashboard: lazy(() => import('./dashboard/DashboardScreen')),
  custom: lazy(() => import('./custom/CustomScreen')),
  report: lazy(() => import('./report/ReportScreen')),
  document: lazy(() => import('./document/DocumentScreen')),
  flow: lazy(() => import('./flow/FlowScreen')),
};
