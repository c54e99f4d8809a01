import { useState } from 'react';
import type { ApiError } from '../../engine/api/client';
import { downloadFile } from '../../engine/api/client';
import { dataProvider } from '../../engine/api/dataProvider';
import { useChangeFeed } from '../../engine/api/useChangeFeed';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import { formatDateTime } from '../../core/format/format';
import { toast } from '../../shell/toasts';
import { Icon } from '../../widgets/Icon';

interface Signing {
  live: { id: number; status: 'waiting' | 'opened'; expires_at: string; language: string; device: string | null } | null;
  signatures: {
    id: number;
    signedAt: string;
    terms: string;
    sha256: string;
    erased: boolean;
    purposes: { code: string; title: string; given: boolean; withdrawnAt: string | null }[];
  }[];
}

const SIGNABLE = ['tentative', 'confirmed', 'in_house'];

/**
 * The stay's registration signing, at the desk: send it to a tablet (or give the guest a code), follow it live
 * — waiting, open on the tablet, signed — and open the signed card with the guest's answers.
 */
export function SigningPanel({ id, status, resource }: { id: number; status: string; resource?: string }) {
  const { t, lang } = useI18n();
  const session = useSession();
  const canSign = hasRight(session, resource, 'sign');
  const signing = useResource<Signing>(`signing:${id}`, (signal) =>
    dataProvider.read<Signing>(`frontoffice/reservation/${id}/signing`, {}, signal),
  );
  const [asking, setAsking] = useState(false);
  const [language, setLanguage] = useState<'en' | 'id'>(lang);
  const [device, setDevice] = useState('');
  const [code, setCode] = useState<string>();
  const devices = useResource(asking ? 'signing-devices' : null, (signal) => dataProvider.lookup('frontoffice/signing-device', {}, signal));
  useChangeFeed<{ reservation: number }>('frontoffice/signing/changes', (changes) => {
    if (changes.some((c) => c.reservation === id)) void signing.load();
  });

  const send = async () => {
    try {
      const r = await dataProvider.run<{ code: string }>('frontoffice.signingStart', {
        id,
        language,
        ...(device && { device_id: Number(device) }),
      });
      setCode(r.code);
      setAsking(false);
      await signing.load();
    } catch (e) {
      toast.error((e as ApiError).message);
    }
  };
  const takeBack = async () => {
    try {
      await dataProvider.run('frontoffice.signingCancel', { id });
      setCode(undefined);
      await signing.load();
    } catch (e) {
      toast.error((e as ApiError).message);
    }
  };
  const card = (sid: number) => void downloadFile(`/api/frontoffice/signature/${sid}/card`).catch((e: ApiError) => toast.error(e.message));

  const data = signing.data;
  const last = data?.signatures[0];
  const live = data?.live;
  return (
    <div className="resv-signing" data-testid="signing-panel">
      <div className="row">
        <strong>{t('signing.desk.title')}</strong>
        {live ? (
          <span className="badge badge-info" data-testid="signing-state">
            {t(live.status === 'opened' ? 'signing.desk.opened' : 'signing.desk.waiting', {
              device: live.device ?? t('signing.desk.anyTablet'),
            })}
          </span>
        ) : last ? (
          <span className="badge badge-success" data-testid="signing-state">
            <Icon name="check" size="sm" /> {t('signing.desk.signed', { at: formatDateTime(last.signedAt) })}
          </span>
        ) : (
          <span className="muted" data-testid="signing-state">
            {t('signing.desk.none')}
          </span>
        )}
        {live && code && live.status === 'waiting' && (
          <span className="mono resv-signing-code" data-testid="signing-code">
            {t('signing.desk.code', { code, at: formatDateTime(live.expires_at) })}
          </span>
        )}
        <span className="spacer" />
        {last && !last.erased && (
          <button type="button" className="btn btn-sm" onClick={() => card(last.id)} data-testid="signing-card">
            <Icon name="download" size="sm" /> {t('signing.desk.card')}
          </button>
        )}
        {canSign && live && (
          <button type="button" className="btn btn-sm" onClick={() => void takeBack()}>
            <Icon name="x" size="sm" /> {t('signing.desk.takeBack')}
          </button>
        )}
        {canSign && SIGNABLE.includes(status) && !asking && (
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setAsking(true)} data-testid="signing-send">
            <Icon name="edit" size="sm" /> {t(last ? 'signing.desk.sendAgain' : 'signing.desk.send')}
          </button>
        )}
      </div>
      {last && (
        <ul className="resv-signing-purposes">
          <li className="muted">{last.terms}</li>
          {last.purposes.map((p) => (
            <li key={p.code} className={p.given && !p.withdrawnAt ? '' : 'muted'}>
              <Icon name={p.given && !p.withdrawnAt ? 'check' : 'x'} size="sm" /> {p.title}
              {p.withdrawnAt && ` · ${t('signing.withdrawnOn', { at: formatDateTime(p.withdrawnAt) })}`}
            </li>
          ))}
        </ul>
      )}
      {asking && (
        <div className="row resv-signing-ask">
          <label>
            {t('signing.desk.language')}{' '}
            <select
              className="input"
              value={language}
              onChange={(e) => setLanguage(e.target.value as 'en' | 'id')}
              data-testid="signing-language"
            >
              <option value="id">Bahasa Indonesia</option>
              <option value="en">English</option>
            </select>
          </label>
          <label>
            {t('signing.desk.tablet')}{' '}
            <select className="input" value={device} onChange={(e) => setDevice(e.target.value)} data-testid="signing-device">
              <option value="">{t('signing.desk.codeOnly')}</option>
              {devices.data?.rows.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.label}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn btn-primary" onClick={() => void send()} data-testid="signing-go">
            {t('signing.desk.go')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setAsking(false)}>
            {t('common.cancel')}
          </button>
        </div>
      )}
    </div>
  );
}
