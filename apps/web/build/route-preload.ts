import type { Plugin } from 'vite';
import { FIRST_SCREENS, type PreloadRule, routePreloadScript } from '../src/app/route-preload';
import { apiUrlOf, chunkGraph, emitScript } from './util';

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
      apiUrl = apiUrlOf(config);
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const { entry, chunkOf, beyondEntry } = chunkGraph(bundle);
        const html = bundle['index.html'];
        if (!entry || !html || html.type !== 'asset') return;
        const rules = FIRST_SCREENS.map((rule) => {
          const files = rule.modules.map((m) => {
            const chunk = chunkOf(m);
            if (!chunk) throw new Error(`route-preload: no chunk for ${m}`);
            return chunk.fileName;
          });
          const preload: PreloadRule = [rule.path, rule.signedIn, beyondEntry(files).map((f) => `/${f}`), rule.prefetch ?? []];
          return preload;
        });
        const call = `(${routePreloadScript.toString()})(${JSON.stringify(rules)},${JSON.stringify(apiUrl)},location.pathname);`;
        const script = await emitScript(this, 'route-preload', call);
        html.source = String(html.source).replace('</title>', `</title>\n    <script async src="${script}"></script>`);
      },
    },
  };
}
