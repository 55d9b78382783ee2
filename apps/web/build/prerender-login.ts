import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import { WALL_PAINT_ID } from '../src/app/route-preload';
import { TOKEN_KEY } from '../src/lib/token';
import {
  AFTER_FIRST_PAINT_ID,
  PRERENDER_ADMIN_PATH,
  PRERENDER_CLASS,
  PRERENDER_PAGE_ATTR,
  PRERENDER_PATH,
  PRERENDER_SCREEN_ATTR,
  PRERENDER_STOPS_PATH,
  PRERENDER_WORKER_PATH,
  prerenderGate,
  startAfterFirstPaint,
  WALL_FIRST_PAINT_PATH,
  WALL_HOLD,
} from '../src/prerender-gate';
import { emitScript, holdUntilFirstPaint, moduleTagsOf, root } from './util';

/** The latest the entry starts should no frame be drawn (ms after the gate runs). */
export const ENTRY_LATEST_MS = 3000;

/**
 * The login screen, rendered at build time from the real components (src/prerender.tsx, loaded
 * through Vite's SSR module loader), goes inside index.html's #root, so a signed-out visitor's first
 * and largest paint need only the HTML and the CSS, not the JavaScript (docs/decisions/006-first-screen-preload-and-login-prerender.md). It is hidden unless
 * the gate script (src/prerender-gate.ts), a blocking classic script first in the head, marks <html> for / or /login without a token. The worker area's frame goes
 * beside it, shown by the same script at /dashboard with a live token
 * (docs/decisions/062-worker-screens-first-paint.md). The wrappers are inert: typing before the app
 * replaces them would be lost. main.tsx replaces the one shown with the live screen in one commit.
 */
export function prerenderLogin(): Plugin {
  return {
    name: 'portal:prerender-login',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const markup = await renderAtBuild('renderLogin');
        const worker = await renderAtBuild('renderWorker');
        const admin = await renderAtBuild('renderAdmin');
        // What the route-preload script needs to paint the wall's first posts (app/route-preload.ts), as
        // JSON in the worker frame: a data block, never run (the CSP allows no inline script).
        const wallPaint = (await renderAtBuild('renderWallPaint')).replace(/</g, '\\u003c');
        let source = String(html.source);
        if (!source.includes('<div id="root"></div>')) throw new Error('prerender-login: unexpected index.html');
        // The app's scripts wait in an inert template and are added after the first frame (the gate's
        // second half, src/prerender-gate.ts): the route-preload script, the entry's preloads, the entry.
        const held = [...(source.match(/<script async src="[^"]+"><\/script>/g) ?? []), ...moduleTagsOf(source)];
        if (!held.some((tag) => tag.startsWith('<script type="module"'))) throw new Error('prerender-login: no entry in index.html');
        const gateArgs = [
          TOKEN_KEY,
          PRERENDER_PATH,
          PRERENDER_CLASS,
          PRERENDER_WORKER_PATH,
          PRERENDER_SCREEN_ATTR,
          PRERENDER_STOPS_PATH,
          PRERENDER_PAGE_ATTR,
          PRERENDER_ADMIN_PATH,
        ];
        const gate = await emitScript(
          this,
          'prerender-gate',
          `(${prerenderGate.toString()})(${gateArgs.map((a) => JSON.stringify(a)).join(',')});(${startAfterFirstPaint.toString()})(${JSON.stringify(AFTER_FIRST_PAINT_ID)},${ENTRY_LATEST_MS},${JSON.stringify([WALL_FIRST_PAINT_PATH, ...WALL_HOLD])});`,
        );
        // The gate right after the stylesheet, the only other file the first paint needs: with nothing
        // else in the head they download together, and the blocking gate runs once the CSS is in, so
        // the body is never laid out unstyled. The template (it fetches nothing) goes first.
        const stylesheet = /<link rel="stylesheet"[^>]*>/.exec(source);
        if (!stylesheet) throw new Error('prerender-login: no stylesheet in index.html');
        source = holdUntilFirstPaint(source.replace(stylesheet[0], `${stylesheet[0]}\n    <script src="${gate}"></script>`), held);
        source = source.replace(
          '<div id="root"></div>',
          `<div id="root"><div data-prerendered="login" inert>${markup}</div><div data-prerendered="worker" inert>${worker}<script type="application/json" id="${WALL_PAINT_ID}">${wallPaint}</script></div><div data-prerendered="admin" inert>${admin}</div></div>`,
        );
        html.source = source;
      },
    },
  };
}

/** One of src/prerender.tsx's screens, rendered through Vite's SSR module loader. */
export async function renderAtBuild(
  screen: 'renderLogin' | 'renderTerminal' | 'renderTerminalHomes' | 'renderWorker' | 'renderAdmin' | 'renderWallPaint',
): Promise<string> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    plugins: [react()],
    resolve: { alias: { '@': path.join(root, 'src') } },
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: 'custom',
  });
  try {
    const mod = (await server.ssrLoadModule('/src/prerender.tsx')) as typeof import('../src/prerender');
    return mod[screen]();
  } finally {
    await server.close();
  }
}
