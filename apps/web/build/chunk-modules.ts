import path from 'node:path';
import type { Plugin } from 'vite';
import { root } from './util';

/**
 * Writes `.vite/chunk-modules.json` (chunk file -> the source modules inside it, paths relative to the
 * repository) beside Vite's manifest, so scripts/check-bundle.mjs can prove that no chunk of the login
 * or worker screens carries Recharts or an admin screen.
 */
export function chunkModules(): Plugin {
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
