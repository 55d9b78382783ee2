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

/** Where the tab keeps its workers for a reload (features/terminal/api/terminal-session.ts). */
export const WORKERS_KEY = 'terminalWorkers';

/** Where the script leaves the answers it painted the home from (takeEarlyAnswers, terminal-page.tsx). */
export const EARLY_GLOBAL = '__portalTerminalEarly';

/** The parsed answers the home was painted from, and when they arrived. */
export interface EarlyAnswers {
  at: number;
  me: unknown;
  home: unknown;
}

/**
 * The home's first screen, which the build renders into terminal.html, one `<template>` per machine
 * signal (TERMINAL_EARLY_MACHINES, src/prerender.tsx; docs/decisions/118-terminal-home-paints-from-its-answers.md).
 */
export const EARLY_TEMPLATE_ATTR = 'data-terminal-early';

/**
 * The templates' names by the arco's machine signal, as the script picks them: no machine bound, no
 * signal for a while, else its state (null: unknown).
 */
export const EARLY_MACHINE_KEYS = { none: 'none', silent: 'silent', running: 'running', stopped: 'stopped', unknown: 'null' } as const;

/** The arco's name in the templates' title, replaced by the script (a private-use character, in no arco's name). */
export const EARLY_TITLE_SLOT = '\ue000';

/** The longest the app's scripts wait for the home's answers before they start anyway (ms). */
export const EARLY_WAIT_MS = 1000;

/**
 * The emitted script's body. It must stand alone (the build serializes it with toString()): no imports,
 * nothing from the enclosing module. Without a credential (the enrolment screen) it asks nothing.
 * With one, once both answers are in, and while the frame rendered at build time still shows (the app
 * has not rendered yet), it paints the home as the app first renders it with those answers (title, bar,
 * the row of who acts, the parada's card and the andon's cord) from the template of the arco's machine
 * signal, inert, and leaves the parsed answers at EARLY_GLOBAL for the app's first render; only in the
 * state those templates show: no parada running and no worker kept from before a reload. `start`
 * (the app's scripts) runs once that is done, or after `waitMs` at most.
 */
export function terminalPreloadScript(
  credentialKey: string,
  header: string,
  apiUrl: string,
  paths: string[],
  early: { global: string; templateAttr: string; titleSlot: string; workersKey: string; waitMs: number },
  start: () => void,
): void {
  let credential: string | null = null;
  // The tab keeps an entry only while it has workers signed in (or who left with writes queued).
  let workersKept = true;
  try {
    credential = localStorage.getItem(credentialKey);
    workersKept = sessionStorage.getItem(early.workersKey) !== null;
  } catch {
    credential = null;
  }
  if (!credential) {
    start();
    return;
  }
  const store: Record<string, PrefetchEntry> = {};
  const answers: Promise<unknown>[] = [];
  for (const path of paths) {
    const url = `${apiUrl}${path}`;
    const response = fetch(url, { headers: { [header]: credential } });
    // Never taken (the app asked first) is not an error worth a console line.
    response.catch(() => undefined);
    store[url] = { token: null, at: Date.now(), response };
    // A copy of the body: the app still reads the answer itself (prefetch.ts). A refusal's body has
    // neither the arco's name nor its parada: nothing is painted from it.
    answers.push(response.then((r) => r.clone().json()));
  }
  // PREFETCH_GLOBAL, spelled out: the script cannot refer to the module's constants.
  (window as unknown as { __portalPrefetch?: Record<string, PrefetchEntry> }).__portalPrefetch = store;
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  setTimeout(once, early.waitMs);
  // Not before the body is parsed: no frame, no paint (the answers come a round trip after the page).
  const paint = ([me, home]: unknown[]) => {
    const frame = document.querySelector('[data-prerendered="terminal"]');
    const arco = (me as { terminal?: { arco_sumergido_name?: unknown } } | null)?.terminal?.arco_sumergido_name;
    const state = home as { active_parada?: unknown; machine?: { state: string | null; silent: boolean } | null } | null;
    if (!frame || workersKept || typeof arco !== 'string' || state?.active_parada !== null) return;
    // The template's name: EARLY_MACHINE_KEYS.
    const m = state.machine;
    const key = m ? (m.silent ? 'silent' : String(m.state)) : 'none';
    const template = document.querySelector(`template[${early.templateAttr}="${key}"]`) as HTMLTemplateElement | null;
    if (!template) return;
    const screen = template.content.cloneNode(true) as DocumentFragment;
    const title = screen.querySelector('h1') as HTMLElement;
    title.textContent = title.textContent.replace(early.titleSlot, arco);
    frame.replaceChildren(screen);
    (window as unknown as Record<string, unknown>)[early.global] = { at: Date.now(), me, home };
  };
  Promise.all(answers)
    .then(paint)
    .catch(() => undefined)
    .then(once);
}
