import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { useI18n } from '../../engine/i18n/i18n';
import type { FlowStepProps } from '../../engine/screens/flow/stepProps';
import { Icon } from '../../widgets/Icon';
import { SigningSheet } from './SigningSheet';

/** the tablet goes back to waiting by itself, so the next guest never sees this one's link */
const BACK_TO_START_MS = 60_000;

/** Signed: thanks, and the guest's own link to their consents, as a QR code to scan with their phone. */
export default function SignDone({ send, context }: FlowStepProps) {
  const { t } = useI18n();
  const [qr, setQr] = useState<string>();
  const link = context.link as string | null;
  useEffect(() => {
    if (link) void QRCode.toDataURL(link, { margin: 1, width: 220 }).then(setQr);
    const timer = setTimeout(() => send({ type: 'NEW' }), BACK_TO_START_MS);
    return () => clearTimeout(timer);
  }, [link, send]);
  return (
    <SigningSheet
      hotel={(context.hotel as string | null) ?? undefined}
      title={t('signing.doneTitle')}
      actions={
        <button type="button" className="btn btn-primary btn-lg" onClick={() => send({ type: 'NEW' })} data-testid="pdp-finish">
          {t('signing.finish')}
        </button>
      }
    >
      <p className="pdp-done" role="status" data-testid="pdp-done">
        <Icon name="check" size="lg" /> {t('signing.doneText')}
      </p>
      {qr && (
        <figure className="pdp-qr">
          <img src={qr} alt={t('signing.consentLink')} />
          <figcaption>{t('signing.consentLinkHint')}</figcaption>
        </figure>
      )}
    </SigningSheet>
  );
}
