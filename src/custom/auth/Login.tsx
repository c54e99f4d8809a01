import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { dataProvider } from '../../engine/api/dataProvider';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { i18nStore, loadLabels, useI18n } from '../../engine/i18n/i18n';
import { readMarker, startSession } from '../../engine/session/session';
import { PublicCard } from '../../shell/PublicCard';
import { loadMenu } from '../../shell/menu';
import { Icon } from '../../widgets/Icon';

/** Only a path inside this app may follow a sign-in; without one the user lands on their main module. */
function safeNext(next: string | null, home: string) {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : home;
}

export default function Login() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const command = useCommand({ overlay: false, shows: () => false });

  if (readMarker() && !search.get('next')) return <Navigate to="/dashboard" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const session = await command.run((signal) => dataProvider.session.signIn(username.trim(), password, signal));
    if (!session) {
      setPassword('');
      return;
    }
    if (!localStorage.getItem('hotelier.lang') || session.user.language !== i18nStore.get().lang) await loadLabels(session.user.language);
    startSession(session);
    if (!session.user.mustChangePassword) await loadMenu();
    navigate(session.user.mustChangePassword ? '/change-password' : safeNext(search.get('next'), session.home), { replace: true });
  };
  const error = command.problem?.text;
  const busy = command.busy;

  return (
    <PublicCard>
      <form onSubmit={submit} noValidate>
        <h1>{t('auth.login.title')}</h1>
        {error && (
          <div className="alert alert-danger" role="alert">
            <Icon name="alert" /> {error}
          </div>
        )}
        <div className="field">
          <label htmlFor="username">{t('auth.login.username')}</label>
          <input
            id="username"
            name="username"
            className="input"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="password">{t('auth.login.password')}</label>
          <input
            id="password"
            name="password"
            type="password"
            className="input"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </div>
        <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy || !username || !password}>
          {busy ? <span className="spinner spinner-sm" /> : <Icon name="log-out" size="sm" />} {t('auth.login.submit')}
        </button>
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <Link to="/forgot-password">{t('auth.login.forgot')}</Link>
          <span className="muted" style={{ fontSize: 12.5 }}>
            {t('auth.login.demo')}
          </span>
        </div>
      </form>
    </PublicCard>
  );
}
