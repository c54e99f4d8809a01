import { useState } from 'react';
import { useI18n } from '../../engine/i18n/i18n';
import type { FlowStepProps } from '../../engine/screens/flow/stepProps';
import { Icon } from '../../widgets/Icon';
import { keepAnswers, readAnswers } from './answers';
import { Problem, SigningSheet } from './SigningSheet';
import { useSigningView } from './useSigningView';

/** The hotel's terms and conditions in force, in the guest's language, accepted in so many words. */
export default function SignTerms({ send }: FlowStepProps) {
  const { t } = useI18n();
  const { view, error } = useSigningView(send);
  const [accepted, setAccepted] = useState(Boolean(readAnswers().acceptTerms));
  const accept = (value: boolean) => {
    setAccepted(value);
    keepAnswers({ acceptTerms: value });
  };
  return (
    <SigningSheet
      hotel={view?.hotel}
      title={t('signing.termsTitle')}
      actions={
        <button
          type="button"
          className="btn btn-primary btn-lg"
          disabled={!accepted}
          onClick={() => send({ type: 'NEXT', data: { accept_terms: accepted } })}
          data-testid="pdp-next"
        >
          {t('signing.continue')} <Icon name="chevron-right" />
        </button>
      }
    >
      <Problem text={error} />
      {view && (
        <>
          <div className="pdp-text" tabIndex={0} data-testid="pdp-terms">
            {view.terms.text}
          </div>
          <p className="muted pdp-small">{t('signing.textVersion', { code: view.terms.code, version: view.terms.version })}</p>
          <label className="pdp-check">
            <input type="checkbox" checked={accepted} onChange={(e) => accept(e.target.checked)} data-testid="pdp-accept-terms" />
            <span>{t('signing.acceptTerms')}</span>
          </label>
        </>
      )}
    </SigningSheet>
  );
}
