/**
 * The station terminal's own page (docs/decisions/055-terminal-home-first-paint.md): the build writes
 * terminal.html (apps/web/build/terminal-html.ts), index.html without the login's prerender and with
 * modulepreload links for the terminal's chunks, and this small script, loaded async from it (the CSP
 * allows no inline script), which starts the home's two requests with the device credential before
 * the entry chunk has even run. The app's api() takes those answers instead of asking again
 * (prefetch.ts): they are filed under their URL with no token, as the terminal's calls send none.
 */
import type { PrefetchEntry } from '@/lib/prefetch';

/** Where the device credential is kept (features/terminal/api/terminal-session.ts). */
export const CREDENTIAL_KEY = 'terminalKey';

/** What the home asks first (features/terminal/api/get-terminal.ts: useTerminalMe, useTerminalHome). */
export const TERMINAL_FIRST_REQUESTS = ['/api/terminal', '/api/terminal/home'];

/**
 * The emitted script's body. It must stand alone (the build serializes it with toString()): no imports,
 * nothing from the enclosing module. Without a credential (the enrolment screen) it asks nothing.
 */
export function terminalPreloadScript(credentialKey: string, header: string, apiUrl: string, paths: string[]): void {
  let credential: string | null = null;
  try {
    credential = localStorage.getItem(credentialKey);
  } catch {
    credential = null;
  }
  if (!credential) return;
  const store: Record<string, PrefetchEntry> = {};
  for (const path of paths) {
    const url = `${apiUrl}${path}`;
    const response = fetch(url, { headers: { [header]: credential } });
    // Never taken (the app asked first) is not an error worth a console line.
    response.catch(() => undefined);
    store[url] = { token: null, at: Date.now(), response };
  }
  // PREFETCH_GLOBAL, spelled out: the script cannot refer to the module's constants.
  (window as unknown as { __portalPrefetch?: Record<string, PrefetchEntry> }).__portalPrefetch = store;
}
