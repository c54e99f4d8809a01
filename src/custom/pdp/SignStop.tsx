import { useState } from 'react';
import type { ApiError } from '../../engine/api/client';
import { useI18n } from '../../engine/i18n/i18n';
import type { FlowStepProps } from '../../engine/screens/flow/stepProps';
import { forgetAnswers } from './answers';
import { signingApi } from './signingApi';
import { Problem, SigningSheet } from './SigningSheet';

/** The guest would rather not sign now: the signing ends unsigned (the desk sees so), or they go back to it. */
export default function SignStop({ send }: FlowStepProps) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const stop = async () => {
    setBusy(true);
    try {
      await signingApi.cancel();
    } catch (e) {
      const err = e as ApiError;
      // already ended: there is nothing left to stop
      if (err.status !== 410) {
        setBusy(false);
        return setProblem(err.message);
      }
    }
    forgetAnswers();
    send({ type: 'STOPPED' });
  };
  return (
    <SigningSheet
      title={t('signing.stopTitle')}
      actions={
        <>
          <button type="button" className="btn btn-lg" onClick={() => send({ type: 'BACK' })}>
            {t('signing.keepSigning')}
          </button>
          <button type="button" className="btn btn-danger btn-lg" disabled={busy} onClick={() => void stop()} data-testid="pdp-stop">
            {t('signing.stop')}
          </button>
        </>
      }
    >
      <p>{t('signing.stopText')}</p>
      <Problem text={problem} />
    </SigningSheet>
  );
}
