import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import type { FlatRoute } from '../core/meta/types';
import { loadScreen, type ScreenBundle } from '../engine/screens/screenStore';
import { loadRenderer, type ScreenProps } from '../engine/screens/kinds';

/**
 * A page open without signing in (sign-in, forgotten password, a guest's signing tablet): a custom screen draws
 * its own full-page layout; any other kind (a flow) is drawn full page, with no shell around it.
 */
export function PublicPage({ route }: { route: FlatRoute }) {
  const [state, setState] = useState<{ bundle?: ScreenBundle; Renderer?: ComponentType<ScreenProps>; error?: string }>({});
  const params = useParams();
  useEffect(() => {
    document.body.className = '';
    let live = true;
    loadScreen(route.node.screen!)
      .then(async (bundle) => ({ bundle, Renderer: await loadRenderer(bundle.screen) }))
      .then(
        (loaded) => live && setState(loaded),
        (e: Error) => live && setState({ error: e.message }),
      );
    return () => {
      live = false;
    };
  }, [route]);
  if (state.error)
    return (
      <div className="public-page">
        <div className="public-card">
          <div className="public-body alert alert-danger">{state.error}</div>
        </div>
      </div>
    );
  const { bundle, Renderer } = state;
  if (!bundle || !Renderer) return <div className="public-page" />;
  const page = <Renderer bundle={bundle} route={route} params={params} />;
  return (
    <Suspense fallback={<div className="public-page" />}>
      {bundle.screen.kind === 'custom' ? (
        page
      ) : (
        <div className="public-page public-screen" data-screen={route.node.screen}>
          {page}
        </div>
      )}
    </Suspense>
  );
}
