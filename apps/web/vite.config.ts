import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, minify, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { FIRST_SCREENS, type PreloadRule, routePreloadScript } from './src/app/route-preload';
import { TOKEN_KEY } from './src/lib/token';
import { PRERENDER_CLASS, PRERENDER_PATH, prerenderGate } from './src/prerender-gate';

const api = process.env.API_PROXY ?? 'http://localhost:3000';
const root = new URL('.', import.meta.url).pathname;

/**
 * Writes `.vite/chunk-modules.json` (chunk file -> the source modules inside it, paths relative to the
 * repository) beside Vite's manifest, so scripts/check-bundle.mjs can prove that no chunk of the login
 * or worker screens carries Recharts or an admin screen.
 */
function chunkModules(): Plugin {
  return {
    name: 'portal:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const repo = path.resolve(root, '../..');
      const modules: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk') modules[chunk.fileName] = chunk.moduleIds.map((id) => path.relative(repo, id.replace(/\0/g, '')));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(modules, null, 1) });
    },
  };
}

/** `from` and everything reachable from it through `next` (static imports, say). */
function reachable(from: string[], next: (item: string) => readonly string[] | undefined): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length) {
    const item = stack.pop() as string;
    if (seen.has(item)) continue;
    seen.add(item);
    stack.push(...(next(item) ?? []));
  }
  return seen;
}

/** A script as a hashed asset under assets/ (cached for a year like the chunks); returns its URL. */
async function emitScript(ctx: Rollup.PluginContext, name: string, call: string): Promise<string> {
  const script = await minify(`${name}.js`, call);
  const source = `${script.code.trim()}\n`;
  const fileName = `assets/${name}-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
  ctx.emitFile({ type: 'asset', fileName, source });
  return `/${fileName}`;
}

/**
 * A route screen's chunks are normally requested only once the entry chunk has run and the router has
 * matched the path, and its data only once the screen has rendered: round trips on a slow network.
 * This small script (src/app/route-preload.ts), emitted beside the entry and loaded async from
 * index.html (the CSP allows no inline script), adds modulepreload links for the current path's chunks
 * at once, so they download alongside the entry, and starts the first screen's API request.
 */
function routePreload(): Plugin {
  let apiUrl = '';
  return {
    name: 'portal:route-preload',
    apply: 'build',
    configResolved(config) {
      // The same API host as src/lib/api.ts.
      apiUrl = String(config.env.VITE_API_URL ?? '').replace(/\/$/, '');
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        const html = bundle['index.html'];
        if (!entry || !html || html.type !== 'asset') return;
        const closure = (files: string[]) => reachable(files, (f) => byFile.get(f)?.imports);
        const inEntry = closure([entry.fileName]);
        const rules = FIRST_SCREENS.map((rule) => {
          const files = rule.modules.map((m) => {
            const chunk = chunks.find((c) => c.facadeModuleId === path.resolve(root, m));
            if (!chunk) throw new Error(`route-preload: no chunk for ${m}`);
            return chunk.fileName;
          });
          const preload: PreloadRule = [
            rule.path,
            rule.signedIn,
            [...closure(files)].filter((f) => !inEntry.has(f)).map((f) => `/${f}`),
            rule.prefetch ?? [],
          ];
          return preload;
        });
        const call = `(${routePreloadScript.toString()})(${JSON.stringify(rules)},${JSON.stringify(apiUrl)},location.pathname);`;
        const script = await emitScript(this, 'route-preload', call);
        html.source = String(html.source).replace('</title>', `</title>\n    <script async src="${script}"></script>`);
      },
    },
  };
}

/**
 * The login screen, rendered at build time from the real components (src/prerender.tsx, loaded
 * through Vite's SSR module loader), goes inside index.html's #root, so a signed-out visitor's first
 * and largest paint need only the HTML and the CSS, not the JavaScript (docs/decisions/006-first-screen-preload-and-login-prerender.md). It is hidden unless
 * the gate script (src/prerender-gate.ts), a blocking classic script placed after the stylesheet so
 * both download together, marks <html> for / or /login without a token. The wrapper is inert: typing
 * before the app replaces it would be lost. main.tsx replaces it with the live screen in one commit.
 */
function prerenderLogin(): Plugin {
  return {
    name: 'portal:prerender-login',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
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
        let markup: string;
        try {
          const mod = (await server.ssrLoadModule('/src/prerender.tsx')) as typeof import('./src/prerender');
          markup = mod.renderLogin();
        } finally {
          await server.close();
        }
        const gate = await emitScript(
          this,
          'prerender-gate',
          `(${prerenderGate.toString()})(${JSON.stringify(TOKEN_KEY)},${JSON.stringify(PRERENDER_PATH)},${JSON.stringify(PRERENDER_CLASS)});`,
        );
        let source = String(html.source);
        const stylesheet = /<link rel="stylesheet"[^>]*>/.exec(source);
        if (!stylesheet || !source.includes('<div id="root"></div>')) throw new Error('prerender-login: unexpected index.html');
        source = source.replace(stylesheet[0], `${stylesheet[0]}\n    <script src="${gate}"></script>`);
        source = source.replace('<div id="root"></div>', `<div id="root"><div data-prerendered="login" inert>${markup}</div></div>`);
        html.source = source;
      },
    },
  };
}

/**
 * The first screens' code in few chunks (docs/performance-history.md). Left to itself, the bundler cuts the modules the
 * wall's first paint needs into some thirty small chunks (one per set of screens sharing them); over a
 * phone's HTTP/1.1, six connections at a time, each costs a round trip, and Lighthouse's simulation
 * (150 ms RTT) puts the wall's first photo behind them all. Here the static imports of the login
 * screen and of the wall (shell and page) that the entry does not already carry go into a few chunks:
 * those both screens use, the login's own, the wall's own, and those the wall shares with the other
 * signed-out screens (register, admin login). The login and the wall download exactly the code they did
 * before, in two to four requests beside their route chunks; another screen that shares a few of
 * those modules downloads the whole chunk (the worker screens come after the wall anyway).
 */
function firstScreenGroup(): (id: string, ctx: { getModuleInfo(id: string): Rollup.ModuleInfo | null }) => string | null {
  let groups: Map<string, string> | undefined;
  let firstPaint: Set<string> | undefined;
  const source = (m: string) => path.resolve(root, m);
  const sharedUi = source('src/components/');
  const closure = (ctx: { getModuleInfo(id: string): Rollup.ModuleInfo | null }, from: string[]) =>
    reachable(from, (id) => ctx.getModuleInfo(id)?.importedIds);
  return (id, ctx) => {
    if (!groups) {
      const routes = FIRST_SCREENS.flatMap((rule) => rule.modules.map(source));
      const entry = closure(ctx, [source('src/main.tsx')]);
      const own = (modules: string[]) =>
        new Set([...closure(ctx, modules.map(source))].filter((m) => !entry.has(m) && !routes.includes(m)));
      const wall = own(FIRST_SCREENS[0].modules);
      const login = own(FIRST_SCREENS[2].modules);
      // The other signed-out screens: what they share with the wall gets a chunk of its own, so they
      // do not download the wall's.
      const signedOut = own(['src/features/auth/routes/register-page.tsx', 'src/features/auth/routes/admin-login-page.tsx']);
      groups = new Map();
      for (const m of login) groups.set(m, wall.has(m) ? 'first-shared' : 'login-first');
      for (const m of wall) if (!login.has(m)) groups.set(m, signedOut.has(m) ? 'wall-signed-out' : 'wall-first');
      firstPaint = new Set([...entry, ...login, ...wall, ...signedOut]);
    }
    // The small shared pieces of the other screens (dialogs, list states, fields) in one chunk: one
    // request and one gzip stream instead of a dozen tiny ones (the admin-only pieces stay apart, out
    // of the worker screens' downloads).
    return (
      groups.get(id) ??
      (id.startsWith(sharedUi) && !firstPaint?.has(id) && !/admin-list|export-csv-form|export-options/.test(id) ? 'shared-ui' : null)
    );
  };
}

/**
 * Brotli and gzip copies of every text asset, made once at build time at the highest levels, so the
 * server can send them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const writes: Promise<void>[] = [];
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(file.fileName) || file.fileName.startsWith('.vite/')) continue;
        const source = Buffer.from(file.type === 'chunk' ? file.code : file.source);
        if (source.length < 1024) continue;
        const target = path.join(outDir, file.fileName);
        writes.push(writeFile(`${target}.gz`, gzipSync(source, { level: 9 })));
        writes.push(
          writeFile(
            `${target}.br`,
            brotliCompressSync(source, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
          ),
        );
      }
      await Promise.all(writes);
    },
  };
}

/**
 * Installable and offline (docs/decisions/016-offline-writes.md): the web app manifest and a Workbox
 * service worker that precaches the shell and every route chunk, so every screen opens offline after
 * one visit and a reload offline shows the app (navigations fall back to the precached index.html).
 * A new version waits for the worker's 'Actualizar' (registerType 'prompt', lib/pwa-register.ts).
 * Uploaded photos already seen stay viewable offline (cache first; their names never change).
 */
const pwa = () =>
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
      runtimeCaching: [
        {
          urlPattern: ({ url }) => url.pathname.startsWith('/uploads/'),
          handler: 'CacheFirst',
          options: { cacheName: 'uploads', expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 } },
        },
      ],
    },
  });

export default defineConfig({
  plugins: [react(), chunkModules(), routePreload(), prerenderLogin(), precompress(), pwa()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: { port: 5173, proxy: { '/api': api, '/uploads': api } },
  // The manifest is the chunk graph scripts/check-bundle.mjs walks to enforce the size budgets.
  build: {
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: { output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: firstScreenGroup() }] } } },
  },
});
