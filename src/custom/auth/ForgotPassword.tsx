import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { dataProvider } from '../../engine/api/dataProvider';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { useI18n } from '../../engine/i18n/i18n';
import { PublicCard } from '../../shell/PublicCard';
import { Icon } from '../../widgets/Icon';

/** Asks for a reset link; opened from that link (?token=…), sets the new password. */
export default function ForgotPassword() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const token = search.get('token');
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [done, setDone] = useState(false);
  const command = useCommand({ overlay: false, shows: () => false });
  const error = command.problem?.text;
  const busy = command.busy;

  const run = async (e: FormEvent, call: (signal: AbortSignal) => Promise<unknown>) => {
    e.preventDefault();
    if (await command.run(call)) setDone(true);
  };

  if (token) {
    return (
      <PublicCard>
        <form
          noValidate
          onSubmit={(e) => {
            if (password !== repeat) {
              e.preventDefault();
              command.refuse({}, t('auth.password.mismatch'));
              return;
            }
            void run(e, (signal) => dataProvider.session.resetPassword(token, password, signal));
          }}
        >
          <h1>{t('auth.forgotPassword.newTitle')}</h1>
          {done ? (
            <div className="alert alert-success" role="status">
              <Icon name="check" /> {t('auth.forgotPassword.done')}
            </div>
          ) : (
            <>
              {error && (
                <div className="alert alert-danger" role="alert">
                  <Icon name="alert" /> {error}
                </div>
              )}
              <div className="field">
                <label htmlFor="new-password">{t('auth.forgotPassword.newPassword')}</label>
                <input
                  id="new-password"
                  type="password"
                  className="input"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
                <div className="field-help">{t('auth.changePassword.hint')}</div>
              </div>
              <div className="field">
                <label htmlFor="repeat-password">{t('auth.forgotPassword.repeat')}</label>
                <input
                  id="repeat-password"
                  type="password"
                  className="input"
                  autoComplete="new-password"
                  value={repeat}
                  onChange={(e) => setRepeat(e.target.value)}
                />
              </div>
              <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy || !password}>
                {t('auth.forgotPassword.setSubmit')}
              </button>
            </>
          )}
          <Link to="/login">{t('auth.forgotPassword.back')}</Link>
        </form>
      </PublicCard>
    );
  }

  return (
    <PublicCard>
      <form noValidate onSubmit={(e) => void run(e, (signal) => dataProvider.session.forgotPassword(login.trim(), signal))}>
        <h1>{t('auth.forgotPassword.title')}</h1>
        {done ? (
          <div className="alert alert-success" role="status">
            <Icon name="check" /> {t('auth.forgotPassword.sent')}
          </div>
        ) : (
          <>
            <p className="muted" style={{ margin: 0 }}>
              {t('auth.forgotPassword.intro')}
            </p>
            {error && (
              <div className="alert alert-danger" role="alert">
                <Icon name="alert" /> {error}
              </div>
            )}
            <div className="field">
              <label htmlFor="login">{t('auth.forgotPassword.login')}</label>
              <input
                id="login"
                className="input"
                autoComplete="username"
                autoFocus
                value={login}
                onChange={(e) => setLogin(e.target.value)}
              />
            </div>
            <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy || !login.trim()}>
              {t('auth.forgotPassword.submit')}
            </button>
          </>
        )}
        <Link to="/login">{t('auth.forgotPassword.back')}</Link>
      </form>
    </PublicCard>
  );
}
