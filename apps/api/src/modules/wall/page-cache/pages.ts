import { EVENT_TYPES, type EventType } from '@portal/contract/events';
import type { EventNotice } from '../../../lib/event-bus';
import type { WallPageKey } from '../repository';
import {
  COMPRESS_MIN_BYTES,
  compressors,
  type Encoded,
  type Encoding,
  join,
  type LoadedPage,
  likePattern,
  type SerializedPost,
  serialize,
  type Variants,
} from './variants';

interface Page {
  stamp: string;
  expires: number;
  posts: SerializedPost[];
  bytes: number;
  /**
   * Whole answers already joined, by like pattern (variants.ts likePattern): most viewers of a station
   * share a few such patterns, so most answers are one lookup and no copy. At most ANSWERS_PER_PAGE
   * of them, counted in `bytes`.
   */
  answers: Map<string, Variants>;
}

const ANSWERS_PER_PAGE = 32;

/** The events that change what a wall page shows: all but the stream's own, the stops', the machines', the andon's and the handovers'. */
const WALL_EVENTS = new Set<EventType>(
  EVENT_TYPES.filter(
    (type) =>
      type !== 'ready' &&
      !type.startsWith('parada.') &&
      !type.startsWith('machine.') &&
      !type.startsWith('andon.') &&
      !type.startsWith('handover.'),
  ),
);

/**
 * The wall pages one instance holds (plugin.ts explains why and how they are answered). A page is
 * loaded once for all its viewers with the set of users who liked each post.
 *
 * Correctness comes from the event bus, not from the TTL: every wall event (published on this
 * instance, or relayed from another through LISTEN/NOTIFY) advances its station's stamp, and a page
 * whose stamp moved is loaded again; changes with no event (renamed users and stations, deleted users)
 * and a lost LISTEN connection clear everything (the bus tells `watcher` null). A load records the
 * stamp before it reads, so a write that lands during the read makes its result stale at once. The
 * TTL (WALL_CACHE_MS) only bounds how long a change that bypassed the API could show. Concurrent
 * misses of one page share a single load.
 */
export class WallPageCache {
  private epoch = 0;
  private anyChange = 0;
  private readonly arcoChanges = new Map<number | null, number>();
  private readonly pages = new Map<string, Page>();
  private bytes = 0;
  private readonly loading = new Map<string, { stamp: string; posts: Promise<SerializedPost[]> }>();

  constructor(
    private readonly ttlMs: number,
    /** What the cached pages may hold in all (the serialized posts and kept answers): the oldest pages go first. */
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  /** For EventBus.watch. */
  readonly watcher = (notice: EventNotice | null): void => {
    if (notice === null) {
      this.clear();
      return;
    }
    if (!WALL_EVENTS.has(notice.type) || !('arco' in notice.audience)) return;
    const arco = notice.audience.arco;
    this.arcoChanges.set(arco, (this.arcoChanges.get(arco) ?? 0) + 1);
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

  /**
   * The viewer's answer when the page is held and current, compressed in `accepted` when the answer
   * is one the page keeps (compressed once per coding, then sent as is); undefined otherwise (then
   * miss()). Synchronous: this is the wall list's fast path.
   */
  hit(key: WallPageKey, viewerId: number, accepted?: Encoding): Encoded | undefined {
    if (this.ttlMs <= 0) return undefined;
    const page = this.pages.get(this.id(key));
    if (!page || page.stamp !== this.stamp(key.arcoSumergidoId) || page.expires <= Date.now()) return undefined;
    const pattern = likePattern(page.posts, viewerId);
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

  /**
   * The viewer's answer (uncompressed) once the page is loaded, by this call or by a load already
   * under way for it; the page is kept if nothing changed on its wall meanwhile.
   */
  async miss(key: WallPageKey, viewerId: number, load: () => Promise<LoadedPage>): Promise<Encoded> {
    const posts = this.ttlMs <= 0 ? serialize(await load()) : await this.loaded(key, load);
    return { body: join(posts, viewerId) };
  }

  /** Counts `bytes` more for `page` if the cache has room for them. */
  private keep(page: Page, bytes: number): boolean {
    if (this.bytes + bytes > this.maxBytes) return false;
    page.bytes += bytes;
    this.bytes += bytes;
    return true;
  }

  private id(key: WallPageKey): string {
    return `${key.arcoSumergidoId ?? '*'}|${key.wallName ?? '*'}|${key.before ?? ''}|${key.limit}`;
  }

  private stamp(arco: number | undefined): string {
    return arco === undefined ? `${this.epoch}:*:${this.anyChange}` : `${this.epoch}:${arco}:${this.arcoChanges.get(arco) ?? 0}`;
  }

  /** The posts of the page's (possibly shared) load; kept once loaded if still current. */
  private loaded(key: WallPageKey, load: () => Promise<LoadedPage>): Promise<SerializedPost[]> {
    const id = this.id(key);
    const stamp = this.stamp(key.arcoSumergidoId);
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
      if (this.stamp(key.arcoSumergidoId) !== stamp) return;
      this.drop(id);
      const bytes = ready.reduce((sum, post) => sum + post.liked.length + post.notLiked.length, 0);
      while (this.pages.size > 0 && this.bytes + bytes > this.maxBytes) this.drop(this.pages.keys().next().value as string);
      if (bytes > this.maxBytes) return;
      this.pages.set(id, { stamp, expires: Date.now() + this.ttlMs, posts: ready, bytes, answers: new Map() });
      this.bytes += bytes;
    }, settle);
    return posts;
  }

  private drop(id: string): void {
    const page = this.pages.get(id);
    if (!page) return;
    this.pages.delete(id);
    this.bytes -= page.bytes;
  }
}
