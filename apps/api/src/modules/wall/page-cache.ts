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
  answers: Map<string, Buffer>;
}

const ANSWERS_PER_PAGE = 32;

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
    if (this.ttlMs <= 0) return load().then((loaded) => join(serialize(loaded), viewerId));
    const page = this.cached(key, load);
    if (page instanceof Promise) return page.then((posts) => join(posts, viewerId));
    let pattern = '';
    for (let i = 0; i < page.posts.length; i++) {
      if (page.posts[i].likers.has(viewerId)) pattern += pattern ? `,${i}` : `${i}`;
    }
    const ready = page.answers.get(pattern);
    if (ready) return ready;
    const answer = join(page.posts, viewerId);
    if (page.answers.size < ANSWERS_PER_PAGE && this.bytes + answer.length <= this.maxBytes) {
      page.answers.set(pattern, answer);
      page.bytes += answer.length;
      this.bytes += answer.length;
    }
    return answer;
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
