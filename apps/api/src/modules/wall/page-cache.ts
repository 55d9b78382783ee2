import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { EVENT_TYPES, type EventType } from '@portal/contract/events';
import type { WallPost } from '@portal/contract/wall';
import type { BusEvent } from '../../plugins/events';
import type { SharedPost } from './repository';

/** Which wall page: a station's (or every station's, for an admin), one wall name, one page. */
export interface PageKey {
  station?: number;
  wallName?: string;
  before?: number;
  limit: number;
}

/** A page's posts as loaded from the database: shared fields plus who liked each one. */
export interface LoadedPage {
  posts: SharedPost[];
  likers: Map<number, Set<number>>;
}

/**
 * One post of a cached page, already serialized (UTF-8 JSON) for a viewer who liked it and for one who
 * did not. Bytes rather than strings: an answer is then a copy of slices, with no encoding or length
 * scan of a string on the way to the socket.
 */
interface CachedPost {
  likers: Set<number>;
  liked: Buffer;
  notLiked: Buffer;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

interface Page {
  stamp: string;
  expires: number;
  posts: CachedPost[];
  bytes: number;
  /**
   * Whole answers already joined, by which of the page's posts the viewer liked (the positions, e.g.
   * "" or "0,3"): most viewers of a station share a few such patterns, so most answers are one lookup
   * and no copy. At most ANSWERS_PER_PAGE of them, counted in `bytes`.
   */
  answers: Map<string, Variants>;
}

const ANSWERS_PER_PAGE = 32;

/** A content coding the browser accepts that the wall list can answer in. */
export type Encoding = 'br' | 'gzip';

/** An answer's bytes, compressed when `encoding` is set (then sent with Content-Encoding). */
export interface Encoded {
  body: Buffer;
  encoding?: Encoding;
}

/** A kept answer as plain JSON and, made on first demand, compressed for the browsers that accept it. */
interface Variants {
  identity: Encoded;
  br?: Encoded;
  gzip?: Encoded;
}

/** Below this an answer (an empty or nearly empty wall) is sent as is: compression would gain nothing. */
const COMPRESS_MIN_BYTES = 1024;

const compressors: Record<Encoding, (raw: Buffer) => Buffer> = {
  // Quality 5: most of brotli's gain on JSON for a fraction of its top quality's time.
  br: (raw) =>
    brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
  gzip: (raw) => gzipSync(raw, { level: 6 }),
};

/**
 * The coding to answer in for an Accept-Encoding header: brotli, else gzip, else none. A coding
 * refused with q=0 is not used.
 */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  let gzip = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    if (params.some((param) => /^q=0(\.0*)?$/.test(param))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === 'x-gzip') gzip = true;
  }
  return gzip ? 'gzip' : undefined;
}

/** The events that change what a wall page shows: all but the stream's own and the stops'. */
const WALL_EVENTS = new Set<EventType>(EVENT_TYPES.filter((type) => type !== 'ready' && !type.startsWith('parada.')));

/**
 * Wall pages kept ready to send (issue 8: the wall list is the portal's hottest read; every phone of a
 * station opens and refreshes the same page). A page is cached once for all its viewers with the set
 * of users who liked each post, so each answer is only a join of pre-serialized posts with the
 * caller's flag.
 *
 * Correctness comes from the event bus, not from the TTL: every wall event (published on this
 * instance, or relayed from another through LISTEN/NOTIFY) advances its station's stamp, and a page
 * whose stamp moved is loaded again; changes with no event (renamed users and stations, deleted users)
 * and a lost LISTEN connection clear everything (EventBus.invalidateCaches, resetAll). A load records
 * the stamp before it reads, so a write that lands during the read makes its result stale at once.
 * The TTL (WALL_CACHE_MS) only bounds how long a change that bypassed the API could show.
 * Concurrent misses of one page share a single load.
 */
export class WallPageCache {
  private epoch = 0;
  private anyChange = 0;
  private readonly stationChanges = new Map<number | null, number>();
  private readonly pages = new Map<string, Page>();
  private bytes = 0;
  private readonly loading = new Map<string, { stamp: string; posts: Promise<CachedPost[]> }>();

  constructor(
    private readonly ttlMs: number,
    /** What the cached pages may hold in all (the serialized posts): the oldest pages go first. */
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  /** For EventBus.watch. */
  readonly watcher = (event: BusEvent | null): void => {
    if (event === null) {
      this.clear();
      return;
    }
    if (!WALL_EVENTS.has(event.type) || !('station' in event.audience)) return;
    const station = event.audience.station;
    this.stationChanges.set(station, (this.stationChanges.get(station) ?? 0) + 1);
    this.anyChange++;
  };

  clear(): void {
    this.epoch++;
    this.pages.clear();
    this.loading.clear();
    this.bytes = 0;
  }

  /** Pages held, and the bytes of their serialized posts and joined answers. */
  get size(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  private drop(id: string): void {
    const page = this.pages.get(id);
    if (!page) return;
    this.pages.delete(id);
    this.bytes -= page.bytes;
  }

  /**
   * The page as the viewer sees it: a JSON array of posts, as UTF-8 bytes. Synchronous on a cache hit
   * (the hot path: no promise to settle), a promise when the page has to be loaded.
   */
  json(key: PageKey, viewerId: number, load: () => Promise<LoadedPage>): Buffer | Promise<Buffer> {
    const answer = this.answer(key, viewerId, load);
    return answer instanceof Promise ? answer.then((ready) => ready.body) : answer.body;
  }

  /**
   * Like json(), compressed in `accepted` when the answer is one the page keeps: a kept answer is
   * compressed once per coding and then sent as is, so a phone on the factory's Wi-Fi downloads a few
   * KB instead of ten for no CPU on the hot path. Answers not kept (a page being loaded, a rare like
   * pattern past the limit, the cache off) go uncompressed.
   */
  answer(key: PageKey, viewerId: number, load: () => Promise<LoadedPage>, accepted?: Encoding): Encoded | Promise<Encoded> {
    if (this.ttlMs <= 0) return load().then((loaded) => ({ body: join(serialize(loaded), viewerId) }));
    const page = this.cached(key, load);
    if (page instanceof Promise) return page.then((posts) => ({ body: join(posts, viewerId) }));
    let pattern = '';
    for (let i = 0; i < page.posts.length; i++) {
      if (page.posts[i].likers.has(viewerId)) pattern += pattern ? `,${i}` : `${i}`;
    }
    let kept = page.answers.get(pattern);
    if (!kept) {
      const identity = { body: join(page.posts, viewerId) };
      if (page.answers.size >= ANSWERS_PER_PAGE || !this.keep(page, identity.body.length)) return identity;
      kept = { identity };
      page.answers.set(pattern, kept);
    }
    if (!accepted || kept.identity.body.length < COMPRESS_MIN_BYTES) return kept.identity;
    let compressed = kept[accepted];
    if (!compressed) {
      const body = compressors[accepted](kept.identity.body);
      if (!this.keep(page, body.length)) return kept.identity;
      compressed = { body, encoding: accepted };
      kept[accepted] = compressed;
    }
    return compressed;
  }

  /** Counts `bytes` more for `page` if the cache has room for them. */
  private keep(page: Page, bytes: number): boolean {
    if (this.bytes + bytes > this.maxBytes) return false;
    page.bytes += bytes;
    this.bytes += bytes;
    return true;
  }

  private id(key: PageKey): string {
    return `${key.station ?? '*'}|${key.wallName ?? '*'}|${key.before ?? ''}|${key.limit}`;
  }

  private stamp(station: number | undefined): string {
    return station === undefined
      ? `${this.epoch}:*:${this.anyChange}`
      : `${this.epoch}:${station}:${this.stationChanges.get(station) ?? 0}`;
  }

  /** The page if it is cached and current, else the posts of its (possibly shared) load. */
  private cached(key: PageKey, load: () => Promise<LoadedPage>): Page | Promise<CachedPost[]> {
    const id = this.id(key);
    const stamp = this.stamp(key.station);
    const hit = this.pages.get(id);
    if (hit && hit.stamp === stamp && hit.expires > Date.now()) return hit;
    const pending = this.loading.get(id);
    if (pending && pending.stamp === stamp) return pending.posts;

    const posts = load().then(serialize);
    const entry = { stamp, posts };
    this.loading.set(id, entry);
    const settle = () => {
      if (this.loading.get(id) === entry) this.loading.delete(id);
    };
    posts.then((ready) => {
      settle();
      // Kept only if nothing changed on that wall while it was being read.
      if (this.stamp(key.station) !== stamp) return;
      this.drop(id);
      const bytes = ready.reduce((sum, post) => sum + post.liked.length + post.notLiked.length, 0);
      while (this.pages.size > 0 && this.bytes + bytes > this.maxBytes) this.drop(this.pages.keys().next().value as string);
      if (bytes > this.maxBytes) return;
      this.pages.set(id, { stamp, expires: Date.now() + this.ttlMs, posts: ready, bytes, answers: new Map() });
      this.bytes += bytes;
    }, settle);
    return posts;
  }
}

/** The posts joined into one JSON array, each in the variant for this viewer's like flag. */
function join(posts: CachedPost[], viewerId: number): Buffer {
  const parts: Buffer[] = [OPEN];
  let length = 2;
  for (let i = 0; i < posts.length; i++) {
    if (i > 0) parts.push(COMMA);
    const part = posts[i].likers.has(viewerId) ? posts[i].liked : posts[i].notLiked;
    parts.push(part);
    length += part.length + (i > 0 ? 1 : 0);
  }
  parts.push(CLOSE);
  return Buffer.concat(parts, length);
}

const NOT_LIKED_TAIL = ',"is_liked_by_current_user":false}';
const LIKED_TAIL = ',"is_liked_by_current_user":true}';

/**
 * Each post serialized once: the flag is the last key, so the liked variant only swaps the tail. The
 * shape is the contract's WallPost, field by field (repository.toPost), with no other keys.
 */
function serialize({ posts, likers }: LoadedPage): CachedPost[] {
  return posts.map((post) => {
    const notLiked = JSON.stringify({ ...post, is_liked_by_current_user: false } satisfies WallPost);
    return {
      likers: likers.get(post.id) ?? new Set<number>(),
      liked: Buffer.from(notLiked.slice(0, -NOT_LIKED_TAIL.length) + LIKED_TAIL),
      notLiked: Buffer.from(notLiked),
    };
  });
}
