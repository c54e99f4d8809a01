import { createStore } from '../engine/store';

export interface Toast {
  id: number;
  tone: 'success' | 'error' | 'info' | 'warning';
  message: string;
}

export const toastStore = createStore<Toast[]>([]);
let seq = 0;

function push(tone: Toast['tone'], message: string, ms = tone === 'error' ? 8000 : 4000) {
  const id = ++seq;
  toastStore.set((list) => [...list.slice(-4), { id, tone, message }]);
  setTimeout(() => dismissToast(id), ms);
}

export function dismissToast(id: number) {
  toastStore.set((list) => list.filter((x) => x.id !== id));
}

export const toast = {
  success: (m: string) => push('success', m),
  error: (m: string) => push('error', m),
  info: (m: string) => push('info', m),
  warning: (m: string) => push('warning', m),
};
