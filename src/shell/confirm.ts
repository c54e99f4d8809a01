import { createStore } from '../engine/store';

/** The confirm dialog: accept and reject run the caller's callback, then the dialog closes. */
export interface ConfirmRequest {
  message: string;
  title?: string;
  okLabel?: string;
  cancelLabel?: string;
  tone?: 'default' | 'danger';
  accept(): void;
  reject(): void;
}

export const confirmStore = createStore<ConfirmRequest | null>(null);

export function confirmDialog(options: Omit<ConfirmRequest, 'accept' | 'reject'>): Promise<boolean> {
  return new Promise((resolve) => {
    confirmStore.set({
      ...options,
      accept: () => {
        confirmStore.set(null);
        resolve(true);
      },
      reject: () => {
        confirmStore.set(null);
        resolve(false);
      },
    });
  });
}

export function hideConfirm() {
  confirmStore.get()?.reject();
}
