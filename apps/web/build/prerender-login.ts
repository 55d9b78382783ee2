import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import { TOKEN_KEY } from '../src/lib/token';
import {
  PRERENDER_CLASS,
  PRERENDER_PAGE_ATTR,
  PRERENDER_PATH,
  PRERENDER_SCREEN_ATTR,
  PRERENDER_STOPS_PATH,
  PRERENDER_WORKER_PATH,
  prerenderGate,
  startAfterFirstPaint,
} from '../src/prerender-gate';
import { emitScript, root } from './util';

/** The latest the entry starts should no frame be drawn (ms after the gate runs). */
const ENTRY_LATEST_MS = 3000;

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
        let source = String(html.source);
        // The entry is preloaded, and started by the gate once the first frame is drawn (src/prerender-gate.ts).
        const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(source);
        if (!entryTag || !source.includes('<div id="root"></div>')) throw new Error('prerender-login: unexpected index.html');
        const gateArgs = [
          TOKEN_KEY,
          PRERENDER_PATH,
          PRERENDER_CLASS,
          PRERENDER_WORKER_PATH,
          PRERENDER_SCREEN_ATTR,
          PRERENDER_STOPS_PATH,
          PRERENDER_PAGE_ATTR,
        ];
        const gate = await emitScript(
          this,
          'prerender-gate',
          `(${prerenderGate.toString()})(${gateArgs.map((a) => JSON.stringify(a)).join(',')});(${startAfterFirstPaint.toString()})(${JSON.stringify(entryTag[1])},${ENTRY_LATEST_MS});`,
        );
        source = source.replace(entryTag[0], `<link rel="modulepreload" crossorigin href="${entryTag[1]}">`);
        // First in the head: a blocking script, fetched before the preloads queue up behind it.
        source = source.replace('</title>', `</title>\n    <script src="${gate}"></script>`);
        source = source.replace(
          '<div id="root"></div>',
          `<div id="root"><div data-prerendered="login" inert>${markup}</div><div data-prerendered="worker" inert>${worker}</div></div>`,
        );
        html.source = source;
      },
    },
  };
}

/** One of src/prerender.tsx's screens, rendered through Vite's SSR module loader. */
export async function renderAtBuild(screen: 'renderLogin' | 'renderTerminal' | 'renderWorker'): Promise<string> {
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
