import type { ComponentType } from 'react';
import type { FlatRoute, Screen } from '../../core/meta/types';
import { preloadCustomComponent } from './custom/registry';
import type { ScreenBundle } from './screenStore';

/** What every screen renderer receives. */
export interface ScreenProps {
  bundle: ScreenBundle;
  route: FlatRoute;
  params: Record<string, string | undefined>;
}

type ScreenModule = { default: ComponentType<ScreenProps> };

/** One chunk per screen kind: a user who never opens a form never downloads the form engine. */
const KIND_MODULES: Record<string, () => Promise<ScreenModule>> = {
  list: () => import('./list/ListScreen'),
  form: () => import('./form/FormScreen'),
  dashboard: () => import('./dashboard/DashboardScreen'),
  custom: () => import('./custom/CustomScreen'),
  report: () => import('./report/ReportScreen'),
  document: () => import('./document/DocumentScreen'),
  flow: () => import('./flow/FlowScreen'),
};

/**
 * The renderer of a screen, its code (and a custom screen's component) loaded before it is drawn. Drawn
 * through React.lazy instead, the screen would suspend once, and React holds content that replaces a
 * Suspense fallback for 300 ms: the room plan's first request went out 300 ms after its code had arrived.
 */
export async function loadRenderer(screen: Screen): Promise<ComponentType<ScreenProps> | undefined> {
  const load = KIND_MODULES[screen.kind];
  if (!load) return undefined;
  const [renderer] = await Promise.all([load(), screen.kind === 'custom' ? preloadCustomComponent(screen.component) : undefined]);
  return renderer.default;
}
