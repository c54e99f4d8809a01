/**
 * The installable-app manifest, built at start as the spec describes: the short name gets the suffix
 * "Signature" when the address contains "pdp" (the guest-signature tablet), and the start address is the
 * current page address. Icons are absolute URLs on our own origin.
 */
export function buildManifest(href: string, origin: string) {
  const name = href.includes('pdp') ? 'Hotelier Signature' : 'Hotelier';
  return {
    name,
    short_name: name,
    description: 'Core technology for a hotel system',
    lang: 'en',
    display: 'fullscreen',
    theme_color: '#ffffff',
    background_color: '#ffffff',
    start_url: href,
    launch_handler: { client_mode: 'focus-existing' },
    icons: [48, 96, 144].map((size) => ({ src: `${origin}/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png' })),
  };
}

export function installManifest() {
  const manifest = buildManifest(location.href, location.origin);
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]') ?? document.head.appendChild(document.createElement('link'));
  link.rel = 'manifest';
  link.href = `data:application/manifest+json,${encodeURIComponent(JSON.stringify(manifest))}`;
}

/** Registers /sw.js with HTTP caching of the script disabled, asks it to update, and PINGs it when ready. */
export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  try {
    const reg = await navigator.serviceWorker.register('/sw.js', { updateViaCache: 'none' });
    reg.addEventListener('updatefound', () => console.log('[sw] installing a new version'));
    // offline or the server restarting: the next start checks again, nothing to tell the person
    reg.update().catch((err: unknown) => console.warn('[sw] update check failed', err));
    navigator.serviceWorker.addEventListener('message', (e) => console.log('[sw]', e.data));
    const ready = await navigator.serviceWorker.ready;
    ready.active?.postMessage({ type: 'PING' });
  } catch (err) {
    // The spec: a failed registration is only logged.
    console.error('[sw] registration failed', err);
  }
}
