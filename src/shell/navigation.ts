import { createStore } from '../engine/store';
import type { FlatRoute } from '../core/meta/types';

/** The current route and its breadcrumb (route names joined with ' > '), recorded on every navigation. */
export const navigationStore = createStore<{ path: string; breadcrumb: string; route?: FlatRoute }>({ path: '/', breadcrumb: '' });
