import { useState } from 'react';
import { useI18n } from '../../engine/i18n/i18n';
import type { FlowStepProps } from '../../engine/screens/flow/stepProps';
import { Icon } from '../../widgets/Icon';
import { keepAnswers, readAnswers } from './answers';
import { Problem, SigningSheet } from './SigningSheet';
import { useSigningView } from './useSigningView';

/**
 * Personal data (UU PDP): the consent the stay needs, stated with its purpose, and each optional purpose as a
 * choice of its own — yes or no, neither chosen for the guest.
 */
export default function SignConsent({ send }: FlowStepProps) {
  const { t } = useI18n();
  const { view, error } = useSigningView(send);
  const kept = readAnswers();
  const [consent, setConsent] = useState(Boolean(kept.acceptConsent));
  const [answers, setAnswers] = useState<Record<string, boolean>>(kept.purposes ?? {});
  const purposes = view?.purposes ?? [];
  const answered = purposes.every((p) => typeof answers[p.code] === 'boolean');
  const answer = (code: string, given: boolean) => {
    const next = { ...answers, [code]: given };
    setAnswers(next);
    keepAnswers({ purposes: next });
  };
  return (
    <SigningSheet
      hotel={view?.hotel}
      title={t('signing.consentTitle')}
      actions={
        <button
          type="button"
          className="btn btn-primary btn-lg"
          disabled={!view || !consent || !answered}
          onClick={() => send({ type: 'NEXT', data: { accept_consent: consent, answered } })}
          data-testid="pdp-next"
        >
          {t('signing.continue')} <Icon name="chevron-right" />
        </button>
      }
    >
      <Problem text={error} />
      {view && (
        <>
          <div className="pdp-text pdp-text-short">{view.consent}</div>
          <label className="pdp-check">
            <input
              type="checkbox"
              checked={consent}
              onChange={(e) => {
                setConsent(e.target.checked);
                keepAnswers({ acceptConsent: e.target.checked });
              }}
              data-testid="pdp-accept-consent"
            />
            <span>{t('signing.acceptConsent')}</span>
          </label>
          {purposes.length > 0 && <h2 className="pdp-sub">{t('signing.optional')}</h2>}
          {purposes.map((p) => (
            <fieldset key={p.code} className="pdp-purpose" data-testid={`pdp-purpose-${p.code}`}>
              <legend>{p.title}</legend>
              <p>{p.text}</p>
              <div className="pdp-choice">
                {[true, false].map((given) => (
                  <label key={String(given)} className={answers[p.code] === given ? 'on' : ''}>
                    <input
                      type="radio"
                      name={`purpose-${p.code}`}
                      checked={answers[p.code] === given}
                      onChange={() => answer(p.code, given)}
                    />
                    {t(given ? 'signing.yes' : 'signing.no')}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          {!answered && <p className="muted">{t('signing.answerEachHint')}</p>}
          <p className="pdp-small">
            <a href="/Pdp4" target="_blank" rel="noreferrer">
              {t('signing.rightsLink')}
            </a>
          </p>
        </>
      )}
    </SigningSheet>
  );
}
