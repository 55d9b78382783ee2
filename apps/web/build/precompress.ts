import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Brotli and gzip copies of every text asset, made once at build time at the highest levels, so the
 * server can send them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 */
export function precompress(): Plugin {
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
