/**
 * Screens rendered at build time into index.html (src/prerender.tsx, build/prerender-login.ts): the
 * login, so a signed-out visitor sees it as soon as the HTML and the CSS arrive instead of after the
 * JavaScript (docs/decisions/006-first-screen-preload-and-login-prerender.md), and the worker area's
 * frame, the first paint of a signed-in phone's /dashboard screens
 * (docs/decisions/062-worker-screens-first-paint.md). That markup is hidden by default (styles.css):
 * this script, loaded from index.html as a small blocking classic script beside the stylesheet (the
 * CSP allows no inline script), shows one of them by adding PRERENDER_CLASS to <html> and naming it in
 * PRERENDER_SCREEN_ATTR: the login at `/` and `/login` with no token in local storage, the worker's
 * frame at /dashboard with a token that has not expired, the admin's frame at /admin with an
 * administrator's. Any other path never shows either (the app
 * decides there), and neither does a page whose script failed to load.
 */
/** On <html>: a screen rendered at build time is showing (terminal.html sets it itself, build/terminal-html.ts). */
export const PRERENDER_CLASS = 'prerendered';

/** On <html>: which of index.html's prerendered screens shows ('login', 'worker' or 'admin'). */
export const PRERENDER_SCREEN_ATTR = 'data-prerender';

/** The paths whose first screen, signed out, is the login (`/` goes to /login). */
export const PRERENDER_PATH = '^/(login/?)?$';

/** The paths whose first screen, signed in, is in the worker area's frame (app/user-shell.tsx). */
export const PRERENDER_WORKER_PATH = '^/dashboard(/|$)';

/**
 * The admin's panel, whose first screen, signed in as an administrator, is the admin area's frame with
 * the panel's heading (src/prerender.tsx; docs/decisions/102-app-downloads-after-first-paint.md).
 */
export const PRERENDER_ADMIN_PATH = '^/admin/?$';

/**
 * On <html>, beside PRERENDER_SCREEN_ATTR: the worker screen whose own static parts show inside the
 * frame ('stops' at PRERENDER_STOPS_PATH; src/prerender.tsx, docs/decisions/069-stops-screen-from-the-html.md).
 */
export const PRERENDER_PAGE_ATTR = 'data-prerender-page';

/** The stops screen, the one a welder opens most: its heading and the andon card's text come with the HTML. */
export const PRERENDER_STOPS_PATH = '^/dashboard/paradas-kaiser/?$';

/**
 * The emitted script's body. It must stand alone (build/prerender-login.ts serializes it with
 * toString()): no imports, nothing from the enclosing module.
 */
export function prerenderGate(
  tokenKey: string,
  pathPattern: string,
  className: string,
  workerPattern: string,
  screenAttr: string,
  stopsPattern: string,
  pageAttr: string,
  adminPattern: string,
): void {
  let token: string | null = null;
  let live = false;
  let admin = false;
  try {
    token = localStorage.getItem(tokenKey);
    const part = token?.split('.')[1];
    const claims = part ? (JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown; role?: unknown }) : null;
    live = typeof claims?.exp === 'number' && claims.exp * 1000 > Date.now();
    admin = live && claims?.role === 'admin';
  } catch {
    // Storage the app cannot read, or a token it cannot decode: the app sends such a visit to /login.
  }
  const screen =
    !token && new RegExp(pathPattern).test(location.pathname)
      ? 'login'
      : live && new RegExp(workerPattern).test(location.pathname)
        ? 'worker'
        : admin && new RegExp(adminPattern).test(location.pathname)
          ? 'admin'
          : null;
  if (!screen) return;
  document.documentElement.classList.add(className);
  document.documentElement.setAttribute(screenAttr, screen);
  if (screen === 'worker' && new RegExp(stopsPattern).test(location.pathname)) document.documentElement.setAttribute(pageAttr, 'stops');
}

/** The id of index.html's <template> that holds the app's scripts until the first frame (startAfterFirstPaint). */
export const AFTER_FIRST_PAINT_ID = 'after-first-paint';

/** The wall, whose first posts the route-preload script paints before the app (app/route-preload.ts). */
export const WALL_FIRST_PAINT_PATH = '^/dashboard/?$';

/**
 * On the wall: the global the route-preload script calls once it has painted the first posts (or
 * cannot), and the longest the app's scripts wait for it (startAfterFirstPaint).
 */
export const WALL_HOLD: [global: string, ms: number] = ['__portalStartApp', 1000];

/**
 * The second half of the emitted script: the app's scripts (the entry module, its modulepreload links
 * and the route-preload script) wait in an inert <template> of the head, placed before this script, and
 * are added to the page after the first frame, so the screen rendered at build time paints from the
 * HTML and the CSS alone: neither the entry's evaluation (docs/decisions/099-entry-after-first-paint.md)
 * nor its downloads, which shared the phone's bandwidth with the stylesheet
 * (docs/decisions/102-app-downloads-after-first-paint.md), come before it. A hidden tab draws no frame,
 * so it starts at once there; the timeout is a floor should a frame never come. Stands alone like
 * prerenderGate.
 */
export function startAfterFirstPaint(templateId: string, latestMs: number, wallHold?: [path: string, global: string, ms: number]): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const template = document.getElementById(templateId) as HTMLTemplateElement | null;
    const add = (held: Element) => {
      // A fresh element: a script parsed inside a template never runs, even once moved.
      const element = document.createElement(held.tagName);
      for (const { name, value } of Array.from(held.attributes)) element.setAttribute(name, value);
      document.head.appendChild(element);
    };
    let rest = Array.from(template?.content.children ?? []);
    // Adds what is still held, once.
    const release = () => {
      for (const h of rest.splice(0)) add(h);
    };
    // On the wall of a signed-in phone the route-preload script (the one async classic script) goes
    // first and paints the first posts from its answer; the entry and its preloads follow once it has
    // painted or given up (it calls the global), or after the hold's milliseconds at the latest, so the
    // first photo has the phone's bandwidth to itself (docs/decisions/117-wall-first-posts-before-the-app.md).
    // PRERENDER_SCREEN_ATTR, spelled out: a signed-in phone's worker frame shows.
    if (
      wallHold &&
      document.documentElement.getAttribute('data-prerender') === 'worker' &&
      new RegExp(wallHold[0]).test(location.pathname)
    ) {
      for (const h of rest) if (h.hasAttribute('async')) add(h);
      rest = rest.filter((h) => !h.hasAttribute('async'));
      (window as unknown as Record<string, () => void>)[wallHold[1]] = release;
      setTimeout(release, wallHold[2]);
    } else release();
  };
  if (document.visibilityState === 'hidden') {
    start();
    return;
  }
  // rAF runs just before the frame is drawn; a task queued from it runs once it is.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, latestMs);
}
