import { TERMINAL_KEY_HEADER } from '../../../packages/contract/src/terminal-messages';
import {
  CREDENTIAL_KEY,
  EARLY_GLOBAL,
  EARLY_TEMPLATE_ATTR,
  EARLY_TITLE_SLOT,
  EARLY_WAIT_MS,
  TERMINAL_FIRST_REQUESTS,
  terminalPreloadScript,
  WORKERS_KEY,
} from '../src/features/terminal/api/terminal-preload';
import { AFTER_FIRST_PAINT_ID, PRERENDER_CLASS, startAfterFirstPaint } from '../src/prerender-gate';
import { ENTRY_LATEST_MS, renderAtBuild } from './prerender-login';
import { emitScript, holdUntilFirstPaint, htmlPlugin, moduleTagsOf, withAsyncScript } from './util';

/** The page the server answers for /terminal (apps/api/src/app.ts); the service worker's precache serves it for /terminal too. */
export const TERMINAL_HTML = 'terminal.html';

/**
 * The station terminal's own page (docs/decisions/055-terminal-home-first-paint.md): index.html as
 * Vite wrote it (no login prerender, no route-preload script: this runs before those plugins), plus
 * modulepreload links for the chunks the terminal's home imports, so they download beside the entry
 * instead of after it, the script that starts the home's requests (src/features/terminal/api/terminal-preload.ts), and
 * the home's frame rendered at build time, so the first paint needs only the HTML and the CSS.
 * index.html, and with it the login's budget, is unchanged.
 */
export const terminalHtml = () =>
  htmlPlugin('portal:terminal-html', async ({ ctx, graph: { entry, chunkOf, beyondEntry }, html, apiUrl }) => {
    const page = chunkOf('src/app/terminal-page.tsx');
    if (!entry || !page || !html) throw new Error('terminal-html: no entry, index.html or terminal page chunk');
    const links = beyondEntry([page.fileName]).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
    // The requests leave at once; the app's scripts (the entry, its chunks and the home's) wait in an
    // inert template until the first frame, as on index.html (src/prerender-gate.ts): the first paint
    // needs only the HTML and the CSS, and the CSS has the phone's bandwidth to itself. On an enrolled
    // tablet they also wait for the home's answers (at most EARLY_WAIT_MS), which the script paints the
    // home from before the app starts (docs/decisions/118-terminal-home-paints-from-its-answers.md).
    const early = {
      global: EARLY_GLOBAL,
      templateAttr: EARLY_TEMPLATE_ATTR,
      titleSlot: EARLY_TITLE_SLOT,
      workersKey: WORKERS_KEY,
      waitMs: EARLY_WAIT_MS,
    };
    const args = [CREDENTIAL_KEY, TERMINAL_KEY_HEADER, apiUrl, TERMINAL_FIRST_REQUESTS, early].map((a) => JSON.stringify(a)).join(',');
    const script = await emitScript(
      ctx,
      'terminal-preload',
      `(${terminalPreloadScript.toString()})(${args},function(){(${startAfterFirstPaint.toString()})(${JSON.stringify(AFTER_FIRST_PAINT_ID)},${ENTRY_LATEST_MS});});`,
    );
    let source = String(html.source);
    const held = moduleTagsOf(source);
    if (!held.some((tag) => tag.startsWith('<script')) || !/<link rel="stylesheet"[^>]*>/.test(source))
      throw new Error('terminal-html: unexpected index.html');
    // The entry's own preloads, the home's chunks, then the entry (what the browser needs first, first).
    held.splice(held.length - 1, 0, ...links);
    source = holdUntilFirstPaint(withAsyncScript(source, script), held);
    // The home's frame, rendered at build time (src/prerender.tsx), paints with the CSS; it is
    // inert, and main.tsx replaces it with the live home in one commit.
    const frame = await renderAtBuild('renderTerminal');
    const homes = await renderAtBuild('renderTerminalHomes');
    if (!source.includes('<html lang="es">') || !source.includes('<div id="root"></div>'))
      throw new Error('terminal-html: unexpected index.html');
    source = source.replace('<html lang="es">', `<html lang="es" class="${PRERENDER_CLASS}">`);
    source = source.replace('<div id="root"></div>', `<div id="root"><div data-prerendered="terminal" inert>${frame}</div></div>${homes}`);
    ctx.emitFile({ type: 'asset', fileName: TERMINAL_HTML, source });
  });
