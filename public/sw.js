/* Hotelier service worker: takes over at once and answers PINGs. It caches nothing, so an update is
   always served fresh (the page registers it with updateViaCache: 'none'). */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'PING') {
    if (event.source) event.source.postMessage({ type: 'PONG', at: new Date().toISOString() });
  }
});
