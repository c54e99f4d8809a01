import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import routesFile from '../routes.json';
import type { RouteNode } from './core/meta/types';
import { buildRoutes } from './engine/router/buildRoutes';
import { loadLabels } from './engine/i18n/i18n';
import { ScreenHost } from './engine/screens/ScreenHost';
import { engineLookupSource } from './engine/api/lookupSource';
import { LookupSourceContext } from './widgets/inputs/lookupSource';
import { Root } from './shell/Root';
import { AuthGate } from './shell/AuthGate';
import { Layout } from './shell/Layout';
import { PublicPage } from './shell/PublicPage';
import { NotFound } from './shell/NotFound';
import { installManifest, registerServiceWorker } from './shell/pwa';
import { toast } from './shell/toasts';
import './shell/styles/app.css';

installManifest();

// Vite reports a lazy screen whose stylesheet failed to load; the spec's message names the file.
window.addEventListener('vite:preloadError', (event) => {
  const err = (event as Event & { payload?: Error }).payload;
  toast.error(err?.message?.startsWith('Unable to preload CSS') ? err.message : `Unable to preload CSS for the file`);
});

const router = createBrowserRouter(
  buildRoutes((routesFile as { routes: RouteNode[] }).routes, {
    root: <Root />,
    shell: (
      <AuthGate>
        <Layout />
      </AuthGate>
    ),
    publicPage: (route) => <PublicPage route={route} />,
    screen: (route) => <ScreenHost route={route} />,
    notFound: <NotFound />,
  }),
);

async function start() {
  try {
    await loadLabels();
  } catch {
    /* the sign-in page still renders; labels show their keys until the server answers */
  }
  createRoot(document.getElementById('root')!).render(
    <LookupSourceContext.Provider value={engineLookupSource}>
      <RouterProvider router={router} />
    </LookupSourceContext.Provider>,
  );
  if (import.meta.env.PROD) {
    void registerServiceWorker();
    // The spec: console logging is disabled after start-up in production.
    setTimeout(() => {
      console.log = console.info = console.debug = () => undefined;
    }, 0);
  }
}

void start();
