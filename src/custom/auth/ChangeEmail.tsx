import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { apiGet, apiPost, ApiError } from '../../engine/api/client';
import { useI18n } from '../../engine/i18n/i18n';
import { readMarker, sessionStore, startSession, type Session } from '../../engine/session/session';
import { PublicCard } from '../../shell/PublicCard';
import { Icon } from '../../widgets/Icon';

/** Confirms a new address from the mailed link (?token=…); signed in, asks for the change. */
export default function ChangeEmail() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const token = search.get('token');
  const [state, setState] = useState<{ busy?: boolean; done?: string; error?: string }>({});
  const [session, setSession] = useState<Session | null>(sessionStore.get());
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');

  useEffect(() => {
    if (!token) return;
    setState({ busy: true });
    apiPost<{ email: string }>('/api/auth/confirm-email', { token })
      .then((r) => setState({ done: t('auth.changeEmail.confirmed', { email: r.email }) }))
      .catch((err: ApiError) => setState({ error: err.message }));
    // The link is opened once; the language may change afterwards without confirming again.
  }, [token]);

  useEffect(() => {
    if (token || session || !readMarker()) return;
    apiGet<Session>('/api/auth/me')
      .then((s) => {
        startSession(s);
        setSession(s);
      })
      .catch(() => setSession(null));
  }, [token, session]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setState({ busy: true });
    try {
      await apiPost('/api/auth/change-email', { newEmail: newEmail.trim(), password });
      setState({ done: t('auth.changeEmail.sent', { email: newEmail.trim() }) });
    } catch (err) {
      const apiErr = err as ApiError;
      setState({ error: Object.values(apiErr.fields ?? {})[0] ?? apiErr.message });
    }
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
