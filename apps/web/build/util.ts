import { createHash } from 'node:crypto';
import path from 'node:path';
import { minify, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { AFTER_FIRST_PAINT_ID } from '../src/prerender-gate';

/** The web app's folder (apps/web). */
export const root = new URL('..', import.meta.url).pathname;

/** `from` and everything reachable from it through `next` (static imports, say). */
export function reachable(from: string[], next: (item: string) => readonly string[] | undefined): Set<string> {
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
export async function emitScript(ctx: Rollup.PluginContext, name: string, call: string): Promise<string> {
  const script = await minify(`${name}.js`, call);
  const source = `${script.code.trim()}\n`;
  const fileName = `assets/${name}-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
  ctx.emitFile({ type: 'asset', fileName, source });
  return `/${fileName}`;
}

/** The API host the app calls, as src/lib/api.ts reads it. */
export const apiUrlOf = (config: ResolvedConfig) => String(config.env.VITE_API_URL ?? '').replace(/\/$/, '');

/**
 * A built bundle's chunks: its entry, the chunk of a source module (a path under apps/web), and the
 * chunks a set of chunks loads through static imports beyond those the entry already loads.
 */
export function chunkGraph(bundle: Rollup.OutputBundle) {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (files: string[]) => reachable(files, (f) => byFile.get(f)?.imports);
  const entry = chunks.find((c) => c.isEntry);
  const inEntry = entry ? closure([entry.fileName]) : new Set<string>();
  return {
    entry,
    chunkOf: (module: string) => chunks.find((c) => c.facadeModuleId === path.resolve(root, module)),
    beyondEntry: (files: string[]) => [...closure(files)].filter((f) => !inEntry.has(f)),
  };
}

/** What a page-writing plugin gets once the bundle is complete (htmlPlugin). */
export interface HtmlBuild {
  ctx: Rollup.PluginContext;
  graph: ReturnType<typeof chunkGraph>;
  /** index.html as Vite wrote it (and as the plugins before this one left it), if it is there. */
  html: Rollup.OutputAsset | undefined;
  /** The API host the app calls (apiUrlOf). */
  apiUrl: string;
}

/**
 * A build plugin that writes into index.html, or a page made from it, once every chunk is known: the
 * route-preload script (route-preload.ts) and the terminal's page (terminal-html.ts).
 */
export function htmlPlugin(name: string, write: (build: HtmlBuild) => Promise<void>): Plugin {
  let apiUrl = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      apiUrl = apiUrlOf(config);
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const html = bundle['index.html'];
        await write({ ctx: this, graph: chunkGraph(bundle), html: html?.type === 'asset' ? html : undefined, apiUrl });
      },
    },
  };
}

/** A page's source with an async script right after its <title>: its requests leave before the stylesheet's. */
export const withAsyncScript = (source: string, src: string) =>
  source.replace('</title>', `</title>\n    <script async src="${src}"></script>`);

/** The module scripts and modulepreload links Vite wrote into a page's head. */
export const moduleTagsOf = (source: string) => [
  ...(source.match(/<link rel="modulepreload" crossorigin href="[^"]+">/g) ?? []),
  ...(source.match(/<script type="module" crossorigin src="[^"]+"><\/script>/g) ?? []),
];

/**
 * Writes `tags`, in that order, into an inert <template> right after the title (before whatever was
 * written there earlier), taking out of the page those it already carried: nothing in the template is
 * fetched until startAfterFirstPaint (src/prerender-gate.ts) adds it to the head once the first frame
 * is drawn.
 */
export function holdUntilFirstPaint(source: string, tags: string[]): string {
  let page = source;
  for (const tag of tags) page = page.replace(tag, '');
  return page
    .replace(/\n\s*\n/g, '\n')
    .replace('</title>', `</title>\n    <template id="${AFTER_FIRST_PAINT_ID}">${tags.join('')}</template>`);
}
