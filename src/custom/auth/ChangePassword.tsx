import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { dataProvider } from '../../engine/api/dataProvider';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { Refusal } from '../../engine/screens/Refusal';
import { useI18n } from '../../engine/i18n/i18n';
import { sessionStore, useSession } from '../../engine/session/session';
import { loadMenu } from '../../shell/menu';
import { toast } from '../../shell/toasts';
import { Icon } from '../../widgets/Icon';

/** Changes one's own password; required before anything else after an administrator set it. */
export default function ChangePassword() {
  const { t } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const command = useCommand({ shows: (f) => f === 'currentPassword' || f === 'newPassword' });
  const errors = command.fieldErrors;
  const busy = command.busy;
  const forced = session?.user.mustChangePassword;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (next !== repeat) {
      command.refuse({ repeat: t('auth.password.mismatch') });
      return;
    }
    if (!(await command.run((signal) => dataProvider.session.changePassword(current, next, signal)))) return;
    toast.success(t('auth.changePassword.done'));
    const s = sessionStore.get();
    if (s) sessionStore.set({ ...s, user: { ...s.user, mustChangePassword: false } });
    if (forced) await loadMenu();
    navigate('/dashboard', { replace: true });
  };

  const field = (id: string, key: string, label: string, value: string, set: (v: string) => void, autoComplete: string) => (
    <div className={`field${errors[key] ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="password" className="input" autoComplete={autoComplete} value={value} onChange={(e) => set(e.target.value)} />
      {errors[key] && (
        <div className="field-error" role="alert">
          {errors[key]}
        </div>
      )}
    </div>
  );

  return (
    <div className="card" style={{ maxWidth: 520 }}>
      <form className="card-body stack" onSubmit={submit} noValidate>
        {forced && (
          <div className="alert alert-warning">
            <Icon name="lock" /> {t('auth.changePassword.forced')}
          </div>
        )}
        <Refusal problem={command.problem} />
        {field('current-password', 'currentPassword', t('auth.changePassword.current'), current, setCurrent, 'current-password')}
        {field('new-password', 'newPassword', t('auth.changePassword.new'), next, setNext, 'new-password')}
        <div className="field-help" style={{ marginTop: -6 }}>
          {t('auth.changePassword.hint')}
        </div>
        {field('repeat-password', 'repeat', t('auth.changePassword.repeat'), repeat, setRepeat, 'new-password')}
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={busy || !current || !next}>
            <Icon name="key" size="sm" /> {t('auth.changePassword.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
