import { useEffect } from 'react';
import { useStore } from '../engine/store';
import { useI18n } from '../engine/i18n/i18n';
import { Icon } from '../widgets/Icon';
import { abortBlocking, overlayStore } from './overlay';
import { dismissToast, toastStore } from './toasts';
import { confirmStore } from './confirm';

/** Full-page overlay: spinner, the word LOADING and, for abortable requests, "Abort Proccess" (spelt as the spec has it). */
export function LoadingOverlay() {
  const { blocked, abortable } = useStore(overlayStore);
  const { t } = useI18n();
  if (!blocked) return null;
  return (
    <div className="loading-overlay" role="alert" aria-busy="true">
      <div className="spinner" />
      <div className="loading-text">{t('shell.loading')}</div>
      {abortable && (
        <button type="button" className="btn" onClick={abortBlocking}>
          {t('shell.abort')}
        </button>
      )}
    </div>
  );
}

export function Toasts() {
  const list = useStore(toastStore);
  const { t } = useI18n();
  return (
    <div className="toasts" aria-live="polite">
      {list.map((x) => (
        <div key={x.id} className={`toast toast-${x.tone}`} role={x.tone === 'error' ? 'alert' : 'status'}>
          <Icon name={x.tone === 'success' ? 'check' : x.tone === 'info' ? 'info' : 'alert'} />
          <div className="msg">{x.message}</div>
          <button type="button" onClick={() => dismissToast(x.id)} aria-label={t('common.close')}>
            <Icon name="x" size="sm" />
          </button>
        </div>
      ))}
    </div>
  );
}

export function ConfirmDialog() {
  const req = useStore(confirmStore);
  const { t } = useI18n();
  useEffect(() => {
    if (!req) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && req.reject();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [req]);
  if (!req) return null;
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && req.reject()}>
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="confirm-title">
        <div className="dialog-body">
          {req.title && <h3 id="confirm-title">{req.title}</h3>}
          <p>{req.message}</p>
        </div>
        <div className="dialog-actions">
          {req.cancelLabel !== '' && (
            <button type="button" className="btn" onClick={req.reject}>
              {req.cancelLabel ?? t('common.cancel')}
            </button>
          )}
          <button type="button" className={`btn ${req.tone === 'danger' ? 'btn-danger' : 'btn-primary'}`} onClick={req.accept} autoFocus>
            {req.okLabel ?? t('common.ok')}
          </button>
        </div>
      </div>
    </div>
  );
}
