import { createHash } from 'node:crypto';
import { minify, type Rollup } from 'vite';

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
