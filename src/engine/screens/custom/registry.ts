import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenProps } from '../kinds';

// Every file in src/custom/<module>/<Component>.tsx becomes its own lazy chunk, named in screens JSON
// (a custom screen, given ScreenProps) or in a flow's JSON (a step view, given the flow's step props).
const modules = import.meta.glob<{ default: ComponentType<any> }>('../../../custom/**/*.tsx');

const cache = new Map<string, LazyExoticComponent<ComponentType<any>>>();

export function customComponent<P = ScreenProps>(name: string): LazyExoticComponent<ComponentType<P>> | undefined {
  const loader = modules[`../../../custom/${name}.tsx`];
  if (!loader) return undefined;
  let c = cache.get(name);
  if (!c) {
    c = lazy(loader);
    cache.set(name, c);
  }
  return c;
}
