import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { dataProvider } from '../../engine/api/dataProvider';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useI18n } from '../../engine/i18n/i18n';
import { readMarker, startSession, useSession } from '../../engine/session/session';
import { PublicCard } from '../../shell/PublicCard';
import { Icon } from '../../widgets/Icon';

/** Confirms a new address from the mailed link (?token=…); signed in, asks for the change. */
export default function ChangeEmail() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const token = search.get('token');
  const session = useSession();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState<string>();
  const command = useCommand({ overlay: false, shows: () => false });

  // The link is opened once: confirming is a write keyed by the token, not repeated when the language changes.
  const confirmed = useResource(token ? `confirm-email:${token}` : null, (signal) => dataProvider.session.confirmEmail(token!, signal));
  // Signed in elsewhere in this browser: the session is read so the form can ask for the change.
  useResource(!token && !session && readMarker() ? 'session' : null, (signal) =>
    dataProvider.session.current(signal).then(startSession, () => undefined),
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await command.run((signal) => dataProvider.session.changeEmail(newEmail.trim(), password, signal)))
      setSent(t('auth.changeEmail.sent', { email: newEmail.trim() }));
  };
  const state = {
    busy: command.busy || confirmed.loading,
    done: sent ?? (confirmed.data ? t('auth.changeEmail.confirmed', { email: confirmed.data.email }) : undefined),
    error: command.problem?.text ?? confirmed.error,
  };

  return (
    <PublicCard>
      <form noValidate onSubmit={submit}>
        <h1>{t('auth.changeEmail.title')}</h1>
        {token && state.busy && <p className="muted">{t('auth.changeEmail.confirming')}</p>}
        {state.done && (
          <div className="alert alert-success" role="status">
            <Icon name="check" /> {state.done}
          </div>
        )}
        {state.error && (
          <div className="alert alert-danger" role="alert">
            <Icon name="alert" /> {state.error}
          </div>
        )}
        {!token && !state.done && session && (
          <>
            <p className="muted" style={{ margin: 0 }}>
              {t('auth.changeEmail.intro')}
            </p>
            <div className="field">
              <label htmlFor="new-email">{t('auth.changeEmail.newEmail')}</label>
              <input
                id="new-email"
                type="email"
                className="input"
                autoComplete="email"
                value={newEmail}
                onChange={(e) => setNewEmail(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="password">{t('auth.changeEmail.password')}</label>
              <input
                id="password"
                type="password"
                className="input"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={state.busy || !newEmail || !password}>
              {t('auth.changeEmail.submit')}
            </button>
          </>
        )}
        {!token && !session && !state.done && <p className="muted">{t('auth.changeEmail.signInFirst')}</p>}
        <Link to={session ? '/dashboard' : '/login?next=/change-email'}>
          {session ? t('common.goDashboard') : t('auth.forgotPassword.back')}
        </Link>
      </form>
    </PublicCard>
  );
}
