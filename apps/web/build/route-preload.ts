import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { FIRST_SCREENS, type PreloadRule, routePreloadScript } from '../src/app/route-preload';
import { emitScript, reachable, root } from './util';

/**
 * A route screen's chunks are normally requested only once the entry chunk has run and the router has
 * matched the path, and its data only once the screen has rendered: round trips on a slow network.
 * This small script (src/app/route-preload.ts), emitted beside the entry and loaded async from
 * index.html (the CSP allows no inline script), adds modulepreload links for the current path's chunks
 * at once, so they download alongside the entry, and starts the first screen's API request.
 */
export function routePreload(): Plugin {
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
