import { dataProvider } from '../api/dataProvider';
import type { EntitySchema, Screen } from '../../core/meta/types';
import type { FlowDefinition } from '../../core/flows/types';

export interface ScreenBundle {
  id: string;
  screen: Screen;
  entities: Record<string, EntitySchema>;
  screens: Record<string, Screen>;
  /** a flow screen's flow */
  flows?: Record<string, FlowDefinition>;
  /** what the screen opens on: a list of one day, the property's business date */
  context?: { businessDate: string };
}

const cache = new Map<string, Promise<ScreenBundle>>();

// The sign-in pages are drawn before any session exists: their definitions (custom screens that need no
// entity) come with the bundle, so the sign-in page asks the API for nothing but its labels.
const bundled = new Map<string, ScreenBundle>();
for (const [file, screen] of Object.entries(import.meta.glob<Screen>('../../../screens/auth/*.json', { eager: true, import: 'default' }))) {
  const id = `auth/${file
    .split('/')
    .pop()!
    .replace(/\.json$/, '')}`;
  if (screen.kind === 'custom') bundled.set(id, { id, screen, entities: {}, screens: {} });
}

/** A screen definition with what it needs (entity schemas, its form), fetched once per page load. */
export function loadScreen(id: string): Promise<ScreenBundle> {
  const own = bundled.get(id);
  if (own) return Promise.resolve(own);
  let p = cache.get(id);
  if (!p) {
    p = dataProvider.screen(id);
    p.catch(() => cache.delete(id));
    cache.set(id, p);
  }
  return p;
}

export function clearScreenCache() {
  cache.clear();
}
