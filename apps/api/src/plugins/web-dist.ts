import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@portal/contract/common';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** The hashed assets of the build as it was at start (their names never change, their contents never do). */
function snapshotAssets(assetsDir: string): Map<string, { body: Buffer; type: string }> {
  const kept = new Map<string, { body: Buffer; type: string }>();
  if (!existsSync(assetsDir)) return kept;
  for (const name of readdirSync(assetsDir)) {
    const type = TYPES[path.extname(name)];
    if (type) kept.set(name, { body: readFileSync(path.join(assetsDir, name)), type });
  }
  return kept;
}

/**
 * The page a client-side route loads: the station terminal has its own, index.html with its home's
 * chunks and requests preloaded (docs/decisions/055-terminal-home-first-paint.md); a build without it
 * serves index.html there too, as every other path.
 */
export function spaPage(webDist: string, url: string): string {
  return url.split('?')[0] === '/terminal' && existsSync(path.join(webDist, 'terminal.html')) ? 'terminal.html' : 'index.html';
}

/**
 * The built web app (WEB_DIST), served so that a rebuild while the server runs breaks no visitor
 * (docs/decisions/032-serving-across-a-rebuild.md): files are looked up on disk at each request (a new
 * build's index.html and assets are served at once), and the hashed assets present at start are kept in
 * memory, so a page loaded before the rebuild still gets the old chunks it names after the rebuild
 * removed them. Deep links and 404s are the not-found handler's (app.ts).
 */
export async function serveWebDist(app: FastifyInstance, webDist: string): Promise<void> {
  const assetsDir = path.join(webDist, 'assets');
  const kept = snapshotAssets(assetsDir);
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', filePath.includes('/assets/') ? IMMUTABLE : 'no-cache');
    },
  });
  // More specific than the static wildcard: an asset gone from disk is answered from the start's copy.
  app.get('/assets/:name', { schema: { hide: true } }, (request, reply) => {
    const { name } = request.params as { name: string };
    if (existsSync(path.join(assetsDir, name)) && !name.includes('/') && !name.startsWith('.')) {
      return reply.sendFile(name, assetsDir);
    }
    const asset = kept.get(name);
    if (!asset) return reply.status(404).send({ message: messages.notFound });
    return reply.header('Cache-Control', IMMUTABLE).type(asset.type).send(asset.body);
  });
}
