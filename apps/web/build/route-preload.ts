import { FIRST_SCREENS, type PreloadRule, routePreloadScript } from '../src/app/route-preload';
import { WALL_HOLD } from '../src/prerender-gate';
import { emitScript, htmlPlugin, withAsyncScript } from './util';

/**
 * A route screen's chunks are normally requested only once the entry chunk has run and the router has
 * matched the path, and its data only once the screen has rendered: round trips on a slow network.
 * This small script (src/app/route-preload.ts), emitted beside the entry and loaded async from
 * index.html (the CSP allows no inline script), adds modulepreload links for the current path's chunks
 * at once, so they download alongside the entry, and starts the first screen's API request.
 */
export const routePreload = () =>
  htmlPlugin('portal:route-preload', async ({ ctx, graph: { entry, chunkOf, beyondEntry }, html, apiUrl }) => {
    if (!entry || !html) return;
    const rules = FIRST_SCREENS.map((rule) => {
      const files = rule.modules.map((m) => {
        const chunk = chunkOf(m);
        if (!chunk) throw new Error(`route-preload: no chunk for ${m}`);
        return chunk.fileName;
      });
      const preload: PreloadRule = [rule.path, rule.signedIn, beyondEntry(files).map((f) => `/${f}`), rule.prefetch ?? []];
      return preload;
    });
    const call = `(${routePreloadScript.toString()})(${JSON.stringify(rules)},${JSON.stringify(apiUrl)},location.pathname,${JSON.stringify(WALL_HOLD[0])});`;
    html.source = withAsyncScript(String(html.source), await emitScript(ctx, 'route-preload', call));
  });
