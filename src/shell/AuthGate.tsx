import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { setSessionLostHandler } from '../engine/api/client';
import { dataProvider } from '../engine/api/dataProvider';
import { loadLabels, i18nStore, t } from '../engine/i18n/i18n';
import { endSession, readMarker, sessionStore, startSession, useSession } from '../engine/session/session';
import { loadMenu } from './menu';
import { toast } from './toasts';

/**
 * The spec's gate: without a stored login marker the user goes to /login. With one, the session is
 * confirmed with the server (the secret itself is an HttpOnly cookie the page cannot read).
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(!session && Boolean(readMarker()));

  useEffect(() => {
    setSessionLostHandler(() => {
      toast.warning(t('shell.sessionEnded'));
      navigate(`/login?next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
    });
  }, [navigate, location]);

  useEffect(() => {
    if (sessionStore.get() || !readMarker()) return;
    dataProvider.session
      .current()
      .then(async (s) => {
        if (s.user.language !== i18nStore.get().lang && !localStorage.getItem('hotelier.lang')) await loadLabels(s.user.language);
        startSession(s);
        if (!s.user.mustChangePassword) await loadMenu();
      })
      .catch(() => endSession())
      .finally(() => setChecking(false));
  }, []);

  if (!session && !readMarker()) {
    const next = location.pathname === '/dashboard' ? '' : `?next=${encodeURIComponent(location.pathname + location.search)}`;
    return <Navigate to={`/login${next}`} replace />;
  }
  if (checking || !session) {
    return (
      <div className="loading-overlay" style={{ background: 'var(--bg)' }}>
        <div className="spinner" />
      </div>
    );
  }
  if (session.user.mustChangePassword && location.pathname !== '/change-password') {
    return <Navigate to="/change-password" replace />;
  }
  return <>{children}</>;
}
