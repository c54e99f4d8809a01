import { useState } from 'react';
import type { ApiError } from '../../engine/api/client';
import { useI18n } from '../../engine/i18n/i18n';
import type { FlowStepProps } from '../../engine/screens/flow/stepProps';
import { formatDate } from '../../core/format/format';
import { Icon } from '../../widgets/Icon';
import { forgetAnswers, readAnswers } from './answers';
import { signingApi } from './signingApi';
import { Problem, SigningSheet } from './SigningSheet';
import { useSigningView } from './useSigningView';

/** Everything the guest is about to sign, once more, and the one button that signs it. */
export default function SignConfirm({ send }: FlowStepProps) {
  const { t } = useI18n();
  const { view, error, fail } = useSigningView(send);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const a = readAnswers();
  const complete = Boolean(
    view && a.acceptTerms && a.acceptConsent && a.signature && view.purposes.every((p) => typeof a.purposes?.[p.code] === 'boolean'),
  );

  const sign = async () => {
    if (!view || !complete) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const done = await signingApi.sign({
        terms: { code: view.terms.code, version: view.terms.version },
        accept_terms: true,
        accept_consent: true,
        purposes: view.purposes.map((p) => ({ code: p.code, version: p.version, given: a.purposes![p.code] })),
        signature: a.signature,
      });
      forgetAnswers();
      send({ type: 'SIGNED', data: { link: done.link, hotel: view.hotel } });
    } catch (e) {
      const err = e as ApiError;
      setBusy(false);
      if (err.status === 410) fail(err);
      else setProblem(err.message);
    }
  };

  return (
    <SigningSheet
      hotel={view?.hotel}
      title={t('signing.confirmTitle')}
      actions={
        <button
          type="button"
          className="btn btn-primary btn-lg"
          disabled={!complete || busy}
          onClick={() => void sign()}
          data-testid="pdp-sign"
        >
          <Icon name="check" /> {t('signing.sign')}
        </button>
      }
    >
      <Problem text={error ?? problem} />
      {view && !complete && <p className="alert alert-warning">{t('signing.incomplete')}</p>}
      {view && (
        <div className="pdp-summary" data-testid="pdp-summary">
          <p>
            <strong>{view.registration.guest}</strong> · {formatDate(view.registration.arrival)} → {formatDate(view.registration.departure)}
          </p>
          <ul>
            <li>
              <Icon name="check" size="sm" /> {t('signing.termsAccepted', { code: view.terms.code, version: view.terms.version })}
            </li>
            <li>
              <Icon name="check" size="sm" /> {t('signing.consentGiven')}
            </li>
            {view.purposes.map((p) => (
              <li key={p.code} className={a.purposes?.[p.code] ? '' : 'muted'}>
                <Icon name={a.purposes?.[p.code] ? 'check' : 'x'} size="sm" /> {p.title}:{' '}
                {t(a.purposes?.[p.code] ? 'signing.yes' : 'signing.no')}
              </li>
            ))}
          </ul>
          {a.signature && <img className="pdp-signature" src={a.signature} alt={t('signing.yourSignature')} />}
        </div>
      )}
    </SigningSheet>
  );
}
