/**
 * The login screen is rendered at build time into index.html (src/prerender.tsx, vite.config.ts), so
 * a signed-out visitor sees it as soon as the HTML and the CSS arrive instead of after the JavaScript
 * (docs/decisions/006-first-screen-preload-and-login-prerender.md). That markup is hidden by default (styles.css): this script, loaded from index.html as a
 * small blocking classic script beside the stylesheet (the CSP allows no inline script), shows it by
 * adding PRERENDER_CLASS to <html> only where the app's first screen is the login: `/` and `/login`
 * with no token in local storage. A deep link (/dashboard, /admin...) or a signed-in visit never shows
 * it, and neither does a page whose script failed to load.
 */
/** On <html>: a screen rendered at build time is showing (the login here; terminal.html sets it itself, build/terminal-html.ts). */
export const PRERENDER_CLASS = 'prerendered';

/** The paths whose first screen, signed out, is the login (`/` goes to /login). */
export const PRERENDER_PATH = '^/(login/?)?$';

/**
 * The emitted script's body. It must stand alone (vite.config.ts serializes it with toString()): no
 * imports, nothing from the enclosing module.
 */
export function prerenderGate(tokenKey: string, pathPattern: string, className: string): void {
  let token: string | null = null;
  try {
    token = localStorage.getItem(tokenKey);
  } catch {
    // Storage the app cannot read either: it shows the login screen.
  }
  if (!token && new RegExp(pathPattern).test(location.pathname)) document.documentElement.classList.add(className);
}
