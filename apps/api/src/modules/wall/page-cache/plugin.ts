import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceContext } from '../../../context';
import type { WallPageKey } from '../repository';
import { loadPage } from '../service';
import { WallPageCache } from './pages';
import { type Encoded, preferredEncoding } from './variants';

/**
 * The wall list's hot path, all of it here and in auth's `cachedCaller` (plugins/auth.ts).
 *
 * The wall list is the portal's hottest read: every phone of a station opens and refreshes the same
 * page. So each instance keeps its pages ready to send (pages.ts: which pages, kept current by the
 * event bus), each post serialized in two variants, liked and not, and whole answers joined per like
 * pattern and compressed once per coding (variants.ts). The cache is invalidated only through the
 * bus: the wall's events, and `invalidateCaches()` from the services whose changes publish none.
 *
 * A cached page is answered with no promise in between, which the load bench measures (docs/performance-history.md,
 * 'Per-request overhead'): the auth and NUL-check hooks are callback hooks, synchronous when the
 * caller's account row is cached (`cachedCaller`); the route's handler is not `async`; `hit()`
 * returns the bytes directly. Only a miss goes through promises. The server runs compiled
 * (scripts/build-api.mjs, decision 009) without esbuild's keepNames; tsx (`npm run dev`, the tests)
 * keeps function names, where a named closure created per request costs an Object.defineProperty
 * each time, so this path declares none.
 */
export class WallPages {
  /** Answers from the cache and from the database, for the metrics endpoint: one increment per request. */
  hits = 0;
  misses = 0;

  constructor(
    readonly cache: WallPageCache,
    private readonly ctx: ServiceContext,
  ) {}

  /** Answers GET /wall/posts with the page `key` as `viewerId` sees it. */
  send(request: FastifyRequest, reply: FastifyReply, key: WallPageKey, viewerId: number): void {
    const hit = this.cache.hit(key, viewerId, preferredEncoding(request.headers['accept-encoding']));
    if (hit) {
      this.hits++;
      sendJson(reply, hit);
      return;
    }
    this.misses++;
    this.cache
      .miss(key, viewerId, () => loadPage(this.ctx, key))
      .then(
        (answer) => sendJson(reply, answer),
        (error) => reply.send(error),
      );
  }
}

/**
 * Sends a body that is already JSON (UTF-8 bytes, possibly compressed): the cache serialized it from
 * typed WallPost objects (its answers are checked against the schema, strictly, by
 * test/wall-cache.test.ts), so Fastify passes it through unchanged. The answer depends on
 * Accept-Encoding, which caches in between are told.
 */
function sendJson(reply: FastifyReply, { body, encoding }: Encoded): void {
  reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
  if (encoding) reply.header('content-encoding', encoding);
  reply.send(body);
}

declare module 'fastify' {
  interface FastifyInstance {
    wallPages: WallPages;
  }
}

/** One page cache per instance, in step with the event bus from start to close. */
export default fp(
  async function wallPageCache(app: FastifyInstance, { ctx, ttlMs }: { ctx: ServiceContext; ttlMs: number }) {
    const cache = new WallPageCache(ttlMs);
    const unwatch = ctx.events.watch(cache.watcher);
    app.addHook('onClose', async () => unwatch());
    app.decorate('wallPages', new WallPages(cache, ctx));
  },
  { name: 'wall-page-cache', dependencies: ['events'] },
);
