import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, minify, type Plugin, type Rollup } from 'vite';
import { FIRST_SCREENS, type PreloadRule, routePreloadScript } from './src/app/route-preload';

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
        const closure = (files: string[]) => {
          const seen = new Set<string>();
          const stack = [...files];
          while (stack.length) {
            const f = stack.pop() as string;
            if (seen.has(f)) continue;
            seen.add(f);
            stack.push(...(byFile.get(f)?.imports ?? []));
          }
          return seen;
        };
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
        const script = await minify('route-preload.js', call);
        const source = `${script.code.trim()}\n`;
        const fileName = `assets/route-preload-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        html.source = String(html.source).replace('</title>', `</title>\n    <script async src="/${fileName}"></script>`);
      },
    },
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

export default defineConfig({
  plugins: [react(), chunkModules(), routePreload(), precompress()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: { port: 5173, proxy: { '/api': api, '/uploads': api } },
  // The manifest is the chunk graph scripts/check-bundle.mjs walks to enforce the size budgets.
  build: { sourcemap: false, manifest: true, chunkSizeWarningLimit: 600 },
});
