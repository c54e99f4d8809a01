import { useState } from 'react';
import { Link } from 'react-router-dom';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { Refusal } from '../../engine/screens/Refusal';
import { loadLabels, useI18n } from '../../engine/i18n/i18n';
import { sessionStore } from '../../engine/session/session';
import { formatDateTime } from '../../core/format/format';
import { toast } from '../../shell/toasts';
import { Icon } from '../../widgets/Icon';

interface Profile {
  username: string;
  full_name: string;
  email: string | null;
  phone: string | null;
  language: 'en' | 'id';
  last_login_at: string | null;
  group_name: string;
}

/** The signed-in user's own data: name, phone and language here; e-mail and password through their flows. */
export default function ProfileScreen() {
  const { t } = useI18n();
  const {
    data: profile,
    error,
    set,
  } = useResource('account/profile', (signal) => dataProvider.read<Profile>('account/profile', {}, signal));
  const [edited, setForm] = useState<{ full_name: string; phone: string; language: 'en' | 'id' }>();
  const form = edited ?? { full_name: profile?.full_name ?? '', phone: profile?.phone ?? '', language: profile?.language ?? 'en' };
  const command = useCommand({ shows: (f) => f === 'full_name' || f === 'phone' });
  const errors = command.fieldErrors;

  const save = async () => {
    const saved = await command.run((signal) =>
      dataProvider.write<Profile>(
        'account/profile',
        { full_name: form.full_name.trim(), phone: form.phone.trim() || null, language: form.language },
        signal,
        'PATCH',
      ),
    );
    if (!saved) return;
    set({ ...profile!, ...saved });
    setForm(undefined);
    const s = sessionStore.get();
    if (s) sessionStore.set({ ...s, user: { ...s.user, fullName: saved.full_name, language: saved.language } });
    await loadLabels(saved.language);
    toast.success(t('profile.saved'));
  };

  if (error) return <div className="alert alert-warning">{error}</div>;
  if (!profile) return <div className="skeleton" style={{ height: 320 }} aria-busy="true" />;
  return (
    <div className="grid-2" style={{ alignItems: 'start' }}>
      <div className="card">
        <div className="card-header">
          <h3>{t('profile.details')}</h3>
          <span className="badge badge-info">{profile.group_name}</span>
        </div>
        <div className="card-body stack">
          <Refusal problem={command.problem} />
          <div className="field">
            <label>{t('user.username')}</label>
            <input className="input" value={profile.username} readOnly />
          </div>
          <div className={`field${errors.full_name ? ' has-error' : ''}`}>
            <label htmlFor="full_name">{t('user.full_name')}</label>
            <input
              id="full_name"
              className="input"
              value={form.full_name}
              maxLength={100}
              onChange={(e) => setForm({ ...form, full_name: e.target.value })}
            />
            {errors.full_name && <div className="field-error">{errors.full_name}</div>}
          </div>
          <div className={`field${errors.phone ? ' has-error' : ''}`}>
            <label htmlFor="phone">{t('field.phone')}</label>
            <input
              id="phone"
              className="input"
              type="tel"
              value={form.phone}
              maxLength={30}
              onChange={(e) => setForm({ ...form, phone: e.target.value })}
            />
            {errors.phone && <div className="field-error">{errors.phone}</div>}
          </div>
          <div className="field">
            <label>{t('user.language')}</label>
            <div className="radio-group" role="radiogroup">
              {(['en', 'id'] as const).map((l) => (
                <label key={l} className={form.language === l ? 'on' : ''}>
                  <input type="radio" name="language" checked={form.language === l} onChange={() => setForm({ ...form, language: l })} />
                  {t(`language.${l}`)}
                </label>
              ))}
            </div>
          </div>
          <div className="muted" style={{ fontSize: 12.5 }}>
            {t('profile.lastLogin')}: {formatDateTime(profile.last_login_at)}
          </div>
        </div>
        <div className="card-footer row">
          <button type="button" className="btn btn-primary" onClick={() => void save()}>
            <Icon name="check" size="sm" /> {t('common.save')}
          </button>
        </div>
      </div>
      <div className="stack">
        <div className="card">
          <div className="card-header">
            <h3>{t('profile.emailSection')}</h3>
          </div>
          <div className="card-body stack">
            <div>{profile.email ? t('profile.currentEmail', { email: profile.email }) : t('profile.noEmail')}</div>
            <div>
              <Link className="btn" to="/change-email">
                <Icon name="edit" size="sm" /> {t('auth.changeEmail.title')}
              </Link>
            </div>
          </div>
        </div>
        <div className="card">
          <div className="card-header">
            <h3>{t('profile.security')}</h3>
          </div>
          <div className="card-body">
            <Link className="btn" to="/change-password">
              <Icon name="key" size="sm" /> {t('auth.changePassword.title')}
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
