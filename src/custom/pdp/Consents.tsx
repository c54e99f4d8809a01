import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApiError } from '../../engine/api/client';
import { useI18n } from '../../engine/i18n/i18n';
import { formatDate, formatDateTime } from '../../core/format/format';
import { confirmDialog } from '../../shell/confirm';
import { Icon } from '../../widgets/Icon';
import { signingApi, type ConsentsView } from './signingApi';
import { PdpPage } from './PdpPage';
import { Problem, SigningSheet } from './SigningSheet';

/**
 * /Pdp2#<link>: a guest's consents, opened from the link they were given when signing (mailed, and as a QR code
 * on the tablet). Each optional purpose shows its answer; one agreed to can be withdrawn, and the withdrawal is
 * kept beside the consent. The link stays in the address's fragment, which a browser never sends anywhere.
 */
export default function Consents() {
  const { t } = useI18n();
  const [token] = useState(() => window.location.hash.replace(/^#/, ''));
  const [view, setView] = useState<ConsentsView>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!token) return setError(t('signing.noConsentLink'));
    signingApi.consents(token).then(setView, (e: ApiError) => setError(e.message));
  }, [token, t]);

  const withdraw = async (code: string, title: string) => {
    if (!(await confirmDialog({ message: t('signing.withdrawConfirm', { purpose: title }), tone: 'danger' }))) return;
    try {
      setView(await signingApi.withdraw(token, code));
    } catch (e) {
      setError((e as ApiError).message);
    }
  };

  return (
    <PdpPage>
      <SigningSheet hotel={view?.hotel} title={t('signing.consentsTitle')}>
        <Problem text={error} />
        {view && (
          <>
            <p className="muted">
              {t('signing.consentsOf', {
                arrival: formatDate(view.arrival),
                departure: formatDate(view.departure),
                signed: formatDateTime(view.signedAt),
              })}
            </p>
            {view.purposes.length === 0 && <p>{t('signing.noOptional')}</p>}
            {view.purposes.map((p) => (
              <div key={p.code} className="pdp-purpose" data-testid={`consent-${p.code}`}>
                <h2>{p.title}</h2>
                <p>{p.text}</p>
                <p className="row">
                  <span className={`badge ${p.withdrawnAt ? 'badge-warning' : p.given ? 'badge-success' : ''}`}>
                    {p.withdrawnAt
                      ? t('signing.withdrawnOn', { at: formatDateTime(p.withdrawnAt) })
                      : t(p.given ? 'signing.given' : 'signing.refused')}
                  </span>
                  {p.given && !p.withdrawnAt && (
                    <button
                      type="button"
                      className="btn btn-danger"
                      onClick={() => void withdraw(p.code, p.title)}
                      data-testid={`withdraw-${p.code}`}
                    >
                      <Icon name="x" size="sm" /> {t('signing.withdraw')}
                    </button>
                  )}
                </p>
              </div>
            ))}
          </>
        )}
        <p className="pdp-small">
          <Link to="/Pdp4">{t('signing.rightsLink')}</Link>
        </p>
      </SigningSheet>
    </PdpPage>
  );
}
