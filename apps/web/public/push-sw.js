/*
 * Web Push in the portal's service worker (imported by the Workbox worker, apps/web/build/pwa.ts;
 * docs/decisions/045-andon-on-screen.md). The server sends a JSON payload { title, body, url, tag };
 * the notification opens (or focuses) the portal at that url.
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Aviso de parada';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.tag || 'andon',
      renotify: true,
      requireInteraction: true,
      lang: 'es',
      icon: '/pwa-192.png',
      badge: '/favicon-32.png',
      data: { url: data.url || '/dashboard/avisos' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/dashboard/avisos', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          return client.focus().then((focused) => (focused && 'navigate' in focused ? focused.navigate(target) : focused));
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
