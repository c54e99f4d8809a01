import { Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { CustomScreen, FlatRoute } from '../core/meta/types';
import { loadScreen, type ScreenBundle } from '../engine/screens/screenStore';
import { customComponent } from '../engine/screens/custom/registry';

/** A page open without signing in (sign-in, forgotten password, change of e-mail): its own full-page layout. */
export function PublicPage({ route }: { route: FlatRoute }) {
  const [bundle, setBundle] = useState<ScreenBundle>();
  const [error, setError] = useState<string>();
  const params = useParams();
  useEffect(() => {
    document.body.className = '';
    loadScreen(route.node.screen!).then(setBundle, (e) => setError(e.message));
  }, [route]);
  if (error)
    return (
      <div className="public-page">
        <div className="public-card">
          <div className="public-body alert alert-danger">{error}</div>
        </div>
      </div>
    );
  if (!bundle) return <div className="public-page" />;
  const Component = customComponent((bundle.screen as CustomScreen).component);
  if (!Component) return null;
  return (
    <Suspense fallback={<div className="public-page" />}>
      <Component bundle={bundle} route={route} params={params} />
    </Suspense>
  );
}
