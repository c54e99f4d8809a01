import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenProps } from '../kinds';

// Every file in src/custom/<module>/<Component>.tsx becomes its own lazy chunk, named in screens JSON.
const modules = import.meta.glob<{ default: ComponentType<ScreenProps> }>('../../../custom/**/*.tsx');

const cache = new Map<string, LazyExoticComponent<ComponentType<ScreenProps>>>();

export function customComponent(name: string): LazyExoticComponent<ComponentType<ScreenProps>> | undefined {
  const loader = modules[`../../../custom/${name}.tsx`];
  if (!loader) return undefined;
  let c = cache.get(name);
  if (!c) {
    c = lazy(loader);
    cache.set(name, c);
  }
  return c;
}
