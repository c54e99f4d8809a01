import { apiGet } from '../api/client';
import type { EntitySchema, Screen } from '../../core/meta/types';

export interface ScreenBundle {
  id: string;
  screen: Screen;
  entities: Record<string, EntitySchema>;
  screens: Record<string, Screen>;
}

const cache = new Map<string, Promise<ScreenBundle>>();

/** A screen definition with what it needs (entity schemas, its form), fetched once per page load. */
export function loadScreen(id: string): Promise<ScreenBundle> {
  let p = cache.get(id);
  if (!p) {
    p = apiGet<ScreenBundle>(`/api/meta/screens/${id}`);
    p.catch(() => cache.delete(id));
    cache.set(id, p);
  }
  return p;
}

export function clearScreenCache() {
  cache.clear();
}
