/* Hotelier service worker: takes over at once and answers PINGs. It caches nothing, so an update is
   always served fresh (the page registers it with updateViaCache: 'none'). */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'PING') {
    if (event.source) event.source.postMessage({ type: 'PONG', at: new Date().toISOString() });
  }
});
/* Background Sync: when the connection returns, wake the open pages so they send what waits in their outbox
   (the sales phone's offline visits); the page sends them itself, with the session it holds. */
self.addEventListener('sync', (event) => {
  event.waitUntil(
    self.clients.matchAll({ includeUncontrolled: true, type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'SYNC', tag: event.tag });
    }),
  );
});
