import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter, preloadBranch } from './app/router';
import { afterFirstPaint, holdUntilFirstScreen } from './lib/after-first-paint';
import { PRERENDER_CLASS } from './prerender-gate';

// zod's Spanish defaults are set by the contract module itself when a screen first imports it, so the
// entry chunk does not carry zod.
const root = createRoot(document.getElementById('root')!);
// The background work (lib/after-first-paint.ts) waits for the first live screen's commit, not only for
// the HTML's first frame: it runs in idle time after that screen is painted, never inside its commit
// (docs/decisions/119-stops-screen-start-in-idle-time.md).
const releaseHold = holdUntilFirstScreen();
function FirstScreenCommitted() {
  useEffect(releaseHold, []);
  return null;
}
const app = (
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
    <FirstScreenCommitted />
  </StrictMode>
);

if (document.documentElement.classList.contains(PRERENDER_CLASS)) {
  // A screen rendered at build time is showing: the login, the worker area's or the admin's frame (index.html,
  // src/prerender-gate.ts), or the station terminal's frame (build/terminal-html.ts). The live one
  // replaces it in a single commit, with no blank frame in between: `/` goes to /login at once (what
  // its catch-all route does a render later), the screen's chunks are loaded first, and the render runs
  // in a transition, which waits for them instead of showing the Suspense fallback and, being
  // interruptible, renders in short slices instead of one long task (docs/decisions/062-worker-screens-first-paint.md).
  if (location.pathname === '/') history.replaceState(history.state, '', `/login${location.search}${location.hash}`);
}
// Every first screen the same way: its chunks first, then one render in a transition. Where nothing
// was prerendered (/admin/users, /register...), the screen paints whole instead of 'Cargando...' first and
// the screen in its place a moment later (a layout shift).
const show = () => startTransition(() => root.render(app));
Promise.all(preloadBranch(location.pathname)).then(show, show);

// The service worker (offline screens, updates, the andon's push messages) is registered once the page
// has loaded and painted, in idle time, from a chunk of its own, so Workbox's window code never delays
// the first screen (lib/after-first-paint.ts).
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  const register = () =>
    afterFirstPaint(() => void import('./lib/pwa-register').then((m) => m.registerServiceWorker()).catch(() => undefined));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
