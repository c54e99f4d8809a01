import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ApiError } from '../../engine/api/client';
import { loadLabels, useI18n } from '../../engine/i18n/i18n';
import type { FlowStepProps } from '../../engine/screens/flow/stepProps';
import { Icon } from '../../widgets/Icon';
import { forgetAnswers } from './answers';
import { signingApi, type SigningView, type TabletState } from './signingApi';
import { Problem, SigningSheet } from './SigningSheet';

/** how often a paired tablet asks whether the desk has sent it a registration */
const POLL_MS = 2000;

/**
 * The tablet at rest: a paired tablet waits for the registration the desk sends it; any tablet takes the
 * six-digit code the desk gave the guest.
 */
export default function SignStart({ send }: FlowStepProps) {
  const { t, lang } = useI18n();
  const [tablet, setTablet] = useState<TabletState>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const opened = async (view: SigningView) => {
    forgetAnswers();
    if (view.language !== lang) await loadLabels(view.language);
    send({ type: 'OPENED', data: { language: view.language } });
  };
  // the tablet's poll starts once and calls the latest `opened` (the flow's send, the language in use)
  const openedRef = useRef(opened);
  useEffect(() => {
    openedRef.current = opened;
  });

  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const state = await signingApi.tablet(abort.signal);
        setTablet(state);
        if (state.opened) return void (await openedRef.current(await signingApi.session(abort.signal)));
        if (!state.paired) return;
      } catch (e) {
        if ((e as ApiError).aborted) return;
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) return setError(t('signing.codeForm'));
    setBusy(true);
    setError(undefined);
    try {
      await opened(await signingApi.open(code));
    } catch (err) {
      setError((err as ApiError).message);
      setBusy(false);
    }
  };

  return (
    <SigningSheet hotel={tablet?.hotel} title={t('signing.welcome')}>
      {tablet?.paired && (
        <p className="pdp-waiting" role="status" data-testid="pdp-waiting">
          <span className="pdp-pulse" aria-hidden="true" /> {t('signing.waiting', { device: tablet.device ?? '' })}
        </p>
      )}
      <form className="pdp-code" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="pdp-code">{t('signing.codeLabel')}</label>
        <div className="row">
          <input
            id="pdp-code"
            className="input pdp-code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            aria-invalid={Boolean(error)}
          />
          <button type="submit" className="btn btn-primary btn-lg" disabled={busy} data-testid="pdp-open">
            <Icon name="chevron-right" /> {t('signing.open')}
          </button>
        </div>
        <Problem text={error} />
      </form>
      {tablet && !tablet.paired && (
        <p className="muted pdp-small">
          <Link to="/Pdp3">{t('signing.pairThisTablet')}</Link>
        </p>
      )}
    </SigningSheet>
  );
}
