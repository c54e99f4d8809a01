import { createStore } from '../engine/store';

/** The full-page loading overlay: shown while a blocking request runs; its button aborts that request. */
export interface OverlayState {
  blocked: boolean;
  abortable: boolean;
}

export const overlayStore = createStore<OverlayState>({ blocked: false, abortable: false });

let current: AbortController | undefined;
let depth = 0;

/** Runs a request behind the overlay (shown only if it takes longer than a blink) and lets the user abort it. */
export async function blocking<T>(run: (signal: AbortSignal) => Promise<T>, options: { abortable?: boolean } = {}): Promise<T> {
  const controller = new AbortController();
  current = controller;
  depth++;
  const timer = setTimeout(() => overlayStore.set({ blocked: true, abortable: options.abortable ?? true }), 150);
  try {
    return await run(controller.signal);
  } finally {
    clearTimeout(timer);
    depth--;
    if (depth === 0) overlayStore.set({ blocked: false, abortable: false });
    if (current === controller) current = undefined;
  }
}

export function abortBlocking() {
  current?.abort();
}
