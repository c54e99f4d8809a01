import type { ReactNode } from 'react';
import { loadLabels, useI18n } from '../engine/i18n/i18n';

/** The frame of the public pages: the brand, the page, and the language switch. */
export function PublicCard({ children }: { children: ReactNode }) {
  const { t, lang } = useI18n();
  return (
    <div className="public-page">
      <div className="public-card">
        <div className="brand">
          <img src="/icons/icon-96.png" alt="" />
          <div>
            <strong>{t('shell.brand')}</strong>
            <span>{t('auth.login.subtitle')}</span>
          </div>
        </div>
        {children}
        <div className="public-footer">
          <span>{t('shell.footer')}</span>
          <div className="lang-switch" role="group" aria-label={t('shell.language')}>
            {(['en', 'id'] as const).map((l) => (
              <button key={l} type="button" className={l === lang ? 'on' : ''} onClick={() => void loadLabels(l)} aria-pressed={l === lang}>
                {l.toUpperCase()}
              </button>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
