import { createHash } from 'node:crypto';
import path from 'node:path';
import { minify, type ResolvedConfig, type Rollup } from 'vite';

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
