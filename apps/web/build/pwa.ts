import { VitePWA } from 'vite-plugin-pwa';

/**
 * Installable and offline (docs/decisions/016-offline-writes.md): the web app manifest and a Workbox
 * service worker that precaches the shell and every route chunk, so every screen opens offline after
 * one visit and a reload offline shows the app (navigations fall back to the precached index.html).
 * A new version waits for the worker's 'Actualizar' (registerType 'prompt', lib/pwa-register.ts).
 * Uploaded photos already seen stay viewable offline (cache first; their names never change).
 * The worker also shows the andon's Web Push notifications (public/push-sw.js).
 */
export const pwa = () =>
  VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['favicon.svg', 'favicon-32.png', 'apple-touch-icon.png'],
    manifest: {
      id: '/dashboard',
      name: 'Portal de Fábrica',
      short_name: 'Fábrica',
      description: 'Portal de los trabajadores de la fábrica: circulares, paradas Kaiser y muro.',
      lang: 'es',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: '#1f3a5f',
      background_color: '#ffffff',
      icons: [
        { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      globIgnores: ['.vite/**'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//],
      cleanupOutdatedCaches: true,
      // The first install serves the open page at once (nothing older to replace); updates still wait.
      clientsClaim: true,
      // Web Push (the andon's calls to a phone whose tab is closed): public/push-sw.js adds the push and
      // notificationclick handlers to the generated worker (docs/decisions/045-andon-on-screen.md).
      importScripts: ['/push-sw.js'],
      runtimeCaching: [
        {
          urlPattern: ({ url }) => url.pathname.startsWith('/uploads/'),
          handler: 'CacheFirst',
          options: { cacheName: 'uploads', expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 } },
        },
      ],
    },
  });
