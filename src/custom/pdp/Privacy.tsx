import { useEffect, useState } from 'react';
import { useI18n } from '../../engine/i18n/i18n';
import { signingApi, type SigningView } from './signingApi';
import { PdpPage } from './PdpPage';
import { SigningSheet } from './SigningSheet';

const RIGHTS = ['access', 'correct', 'withdraw', 'erase', 'complain'] as const;

/**
 * /Pdp4: how the hotel uses a guest's personal data and what the guest may ask of it (UU 27/2022). Opened from a
 * signing in progress it shows that registration's consent and optional purposes, as worded for the guest;
 * otherwise only the rights, which hold for every guest.
 */
export default function Privacy() {
  const { t } = useI18n();
  const [view, setView] = useState<SigningView>();
  useEffect(() => {
    const abort = new AbortController();
    // no signing open here: the page has only the rights to show
    signingApi.session(abort.signal).then(setView, () => undefined);
    return () => abort.abort();
  }, []);
  return (
    <PdpPage>
      <SigningSheet hotel={view?.hotel} title={t('signing.privacyTitle')}>
        <p>{t('signing.privacyIntro')}</p>
        {view && (
          <>
            <h2 className="pdp-sub">{t('signing.privacyStay')}</h2>
            <div className="pdp-text pdp-text-short">{view.consent}</div>
            {view.purposes.map((p) => (
              <div key={p.code} className="pdp-purpose">
                <h2>{p.title}</h2>
                <p>{p.text}</p>
              </div>
            ))}
          </>
        )}
        <h2 className="pdp-sub">{t('signing.rightsTitle')}</h2>
        <ul className="pdp-rights" data-testid="pdp-rights">
          {RIGHTS.map((r) => (
            <li key={r}>{t(`signing.right.${r}`)}</li>
          ))}
        </ul>
      </SigningSheet>
    </PdpPage>
  );
}
