import { Component, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { FlatRoute } from '../../core/meta/types';
import { useI18n } from '../i18n/i18n';
import { hasRight, useSession } from '../session/session';
import { useStore } from '../store';
import { navigationStore } from '../../shell/navigation';
import { loadRenderer, type ScreenProps } from './kinds';
import { loadScreen, type ScreenBundle } from './screenStore';
import { ApiError } from '../api/client';

export function PageSkeleton() {
  return (
    <div className="stack" aria-busy="true">
      <div className="skeleton" style={{ height: 28, width: 260 }} />
      <div className="skeleton" style={{ height: 420 }} />
    </div>
  );
}

/** A route's screen: checks the right to view it, loads its definition, renders its kind (lazily). */
export function ScreenHost({ route }: { route: FlatRoute }) {
  const session = useSession();
  const params = useParams();
  const { t, routeName } = useI18n();
  const nav = useStore(navigationStore);
  const [state, setState] = useState<{ bundle?: ScreenBundle; Renderer?: ComponentType<ScreenProps>; error?: string }>({});
  const screenId = route.node.screen!;
  const allowed = route.node.signedIn || route.node.public || hasRight(session, route.node.permission, 'view');

  useEffect(() => {
    if (!allowed) return;
    let live = true;
    setState({});
    loadScreen(screenId)
      .then(async (bundle) => ({ bundle, Renderer: await loadRenderer(bundle.screen) }))
      .then((loaded) => live && setState(loaded))
      .catch((err: ApiError) => live && setState({ error: err.message }));
    return () => {
      live = false;
    };
  }, [screenId, allowed, session?.branchId]);

  if (!allowed) {
    return <Problem title={t('common.noAccess')} text={nav.breadcrumb} />;
  }
  if (state.error) return <Problem title={t('common.screenError')} text={state.error} />;
  if (!state.bundle) return <PageSkeleton />;
  const { Renderer } = state;
  const title = 'title' in state.bundle.screen && state.bundle.screen.title ? t(state.bundle.screen.title) : routeName(route.fullPath);
  return (
    <>
      {/* the home dashboard greets instead; a report's title is its own name, known once it loads */}
      {!(state.bundle.screen.kind === 'dashboard' && state.bundle.screen.welcome) && state.bundle.screen.kind !== 'report' && (
        <div className="page-header">
          <div>
            <h1>{title}</h1>
            <div className="breadcrumb">{nav.breadcrumb}</div>
          </div>
        </div>
      )}
      <ScreenBoundary key={`${screenId}:${session?.branchId}`}>
        <Suspense fallback={<PageSkeleton />}>
          {Renderer ? (
            <Renderer bundle={state.bundle} route={route} params={params} />
          ) : (
            <div className="unknown-widget">
              {t('common.screenError')}: kind '{state.bundle.screen.kind}' ({screenId})
            </div>
          )}
        </Suspense>
      </ScreenBoundary>
    </>
  );
}

export function Problem({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="card">
      <div className="empty">
        <h2 style={{ fontSize: 18, color: 'var(--text)', marginBottom: 6 }}>{title}</h2>
        {text && <p>{text}</p>}
        {children}
        <p>
          <Link to="/dashboard">{t('common.goDashboard')}</Link>
        </p>
      </div>
    </div>
  );
}

/** A broken screen shows what broke, never a blank page, and the rest of the shell keeps working. */
class ScreenBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    if (this.state.error) {
      return (
        <div className="alert alert-danger" role="alert">
          {this.state.error.message}
        </div>
      );
    }
    return this.props.children;
  }
}
