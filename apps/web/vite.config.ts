import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
  plugins: [react(), chunkModules(), precompress()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: { port: 5173, proxy: { '/api': api, '/uploads': api } },
  // The manifest is the chunk graph scripts/check-bundle.mjs walks to enforce the size budgets.
  build: { sourcemap: false, manifest: true, chunkSizeWarningLimit: 600 },
});
