import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenProps } from '../kinds';

// Every file in src/custom/<module>/<Component>.tsx becomes its own lazy chunk, named in screens JSON
// (a custom screen, given ScreenProps) or in a flow's JSON (a step view, given the flow's step props).
// Keyed from src/custom itself ('./<module>/<Component>.tsx'): the keys are in every first load.
const modules = import.meta.glob<{ default: ComponentType<any> }>('./**/*.tsx', { base: '../../../custom' });

/** the components handed out lazily, and those whose code was loaded before they were asked for */
const cache = new Map<string, LazyExoticComponent<ComponentType<any>>>();
const loaded = new Map<string, ComponentType<any>>();

/**
 * A custom component: itself once its code is loaded (see preloadCustomComponent), lazy until then. A name
 * keeps the component it was first given as, so React never sees it change type and start it afresh.
 */
export function customComponent<P = ScreenProps>(name: string): ComponentType<P> | undefined {
  const given = cache.get(name) ?? loaded.get(name);
  if (given) return given;
  const loader = modules[`./${name}.tsx`];
  if (!loader) return undefined;
  const c = lazy(loader);
  cache.set(name, c);
  return c;
}

/** Loads a custom component's code, so that drawing it does not suspend; an unknown name loads nothing. */
export async function preloadCustomComponent(name: string): Promise<void> {
  const loader = modules[`./${name}.tsx`];
  if (loader && !loaded.has(name)) loaded.set(name, (await loader()).default);
}

// A module puts something in the application header (a search box, a clock) by placing a component in
// src/custom/<module>/header/; the shell draws them all, in path order, knowing none by name.
const headerModules = import.meta.glob<{ default: ComponentType<object> }>('./*/header/*.tsx', { base: '../../../custom' });

export function headerWidgets(): { name: string; Component: ComponentType<object> }[] {
  return Object.keys(headerModules)
    .sort()
    .map((file) => {
      const name = file.replace(/^\.\//, '').replace(/\.tsx$/, '');
      return { name, Component: customComponent<object>(name)! };
    });
}
