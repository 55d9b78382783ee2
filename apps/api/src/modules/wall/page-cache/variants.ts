import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { WallPost } from '@portal/contract/wall';
import type { SharedPost } from '../repository';

/**
 * A page's posts as each viewer sees them. A post is serialized once (UTF-8 JSON) for a viewer who
 * liked it and once for one who did not; an answer is those bytes joined with the caller's flags.
 * Bytes rather than strings: an answer is then a copy of slices, with no encoding or length scan of
 * a string on the way to the socket.
 */

/** A page's posts as loaded from the database: shared fields plus who liked each one. */
export interface LoadedPage {
  posts: SharedPost[];
  likers: Map<number, Set<number>>;
}

/** One post of a page in its two variants. */
export interface SerializedPost {
  likers: Set<number>;
  liked: Buffer;
  notLiked: Buffer;
}

/** A content coding the browser accepts that the wall list can answer in. */
export type Encoding = 'br' | 'gzip';

/** An answer's bytes, compressed when `encoding` is set (then sent with Content-Encoding). */
export interface Encoded {
  body: Buffer;
  encoding?: Encoding;
}

/** A kept answer as plain JSON and, made on first demand, compressed for the browsers that accept it. */
export interface Variants {
  identity: Encoded;
  br?: Encoded;
  gzip?: Encoded;
}

/** Below this an answer (an empty or nearly empty wall) is sent as is: compression would gain nothing. */
export const COMPRESS_MIN_BYTES = 1024;

export const compressors: Record<Encoding, (raw: Buffer) => Buffer> = {
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

/** Which of the page's posts the viewer liked, by position ("" or "0,3"): the key of a kept answer. */
export function likePattern(posts: SerializedPost[], viewerId: number): string {
  let pattern = '';
  for (let i = 0; i < posts.length; i++) {
    if (posts[i].likers.has(viewerId)) pattern += pattern ? `,${i}` : `${i}`;
  }
  return pattern;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** The posts joined into one JSON array, each in the variant for this viewer's like flag. */
export function join(posts: SerializedPost[], viewerId: number): Buffer {
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
export function serialize({ posts, likers }: LoadedPage): SerializedPost[] {
  return posts.map((post) => {
    const notLiked = JSON.stringify({ ...post, is_liked_by_current_user: false } satisfies WallPost);
    return {
      likers: likers.get(post.id) ?? new Set<number>(),
      liked: Buffer.from(notLiked.slice(0, -NOT_LIKED_TAIL.length) + LIKED_TAIL),
      notLiked: Buffer.from(notLiked),
    };
  });
}
