import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { messages } from '@portal/contract/common';
import { AppError } from './errors';
import { privateDir, privateFile } from './file-modes';

/**
 * Where the portal keeps its files (docs/decisions/068-object-storage.md): the circular photos and
 * their sizes and the wall's images under `uploads/`, and whatever later kinds of file under a prefix
 * of their own. Keys are `<prefix>/<name>`, the same on every driver: the folder driver keeps a key
 * at DATA_DIR/<key> (so DATA_DIR/uploads/<name>, as before), the S3 driver under the same key in its
 * bucket.
 */
export interface ObjectStore {
  readonly driver: 'folder' | 's3';
  /** Stores bytes under a key: afterwards the object is there whole, or (after a throw) not at all. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object as a stream, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Size and MD5 (hex; undefined when the store does not know it) of an object, or null when there is none. */
  head(key: string): Promise<ObjectFacts | null>;
  /** Removes an object; a missing one is no error. */
  remove(key: string): Promise<void>;
  /** Every object under a prefix, with when it was written. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** Fails when the store cannot be reached (health). */
  ping(): Promise<void>;
  /** Failed operations by kind since start, read by GET /metrics. */
  readonly errors: Map<StoreOperation, number>;
}

export type StoreOperation = 'put' | 'get' | 'head' | 'remove' | 'list' | 'ping';

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
  lastModified: Date;
  etag?: string;
}

export interface ObjectFacts {
  size: number;
  md5?: string;
}

export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

/** Seconds a client is told to wait before trying again while the store is away. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/**
 * The answer to an upload or an image read while the object store cannot be reached: a Spanish 503.
 * The store's own error is kept as `reason`, not as `cause`: a refused connection there is no
 * database outage (plugins/errors.ts looks for one through `cause`).
 */
export class StoreUnavailableError extends AppError {
  constructor(
    readonly operation: StoreOperation,
    readonly reason: unknown,
  ) {
    super(503, messages.storageUnavailable, { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) });
  }
}

let lastOutageLog = 0;

/** Logs a request the store failed for being away, at most every 10 s (the count is in /metrics). */
export function logStoreUnavailable(
  request: { log: { warn: (obj: object, msg: string) => void }; url: string },
  error: StoreUnavailableError,
) {
  if (Date.now() - lastOutageLog < 10_000) return;
  lastOutageLog = Date.now();
  const { name, message, code } = (error.reason ?? {}) as { name?: string; message?: string; code?: string };
  request.log.warn(
    { err: { name, message, code }, operation: error.operation, url: request.url },
    'object store unavailable: answering 503',
  );
}

/** A key the portal generates: a prefix and a file name, no dots or slashes that could climb out. */
const KEY = /^[a-z][a-z0-9-]*\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Whether a key is one the portal could have written (a listing may hold others, put there by hand). */
export const isStorageKey = (key: string) => KEY.test(key) && !key.includes('..');

function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
  return key;
}

const count = (errors: Map<StoreOperation, number>, operation: StoreOperation) => errors.set(operation, (errors.get(operation) ?? 0) + 1);

/** The local folder (the default): DATA_DIR/<key>, written with the private file modes (decision 013). */
export class FolderStore implements ObjectStore {
  readonly driver = 'folder';
  readonly errors = new Map<StoreOperation, number>();

  constructor(readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, checkKey(key));
  }

  // The folder keeps no type: it is served by the file name (contentTypeOf).
  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const file = this.file(key);
    try {
      await privateDir(path.dirname(file));
      await writeFile(file, body, privateFile);
    } catch (error) {
      count(this.errors, 'put');
      // A write cut short (a full disk) leaves a partial file: it does not stay.
      await rm(file, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.file(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { body: createReadStream(file), size: info.size, contentType: contentTypeOf(key), lastModified: info.mtime };
  }

  async head(key: string): Promise<ObjectFacts | null> {
    const file = this.file(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const md5 = createHash('md5');
    for await (const chunk of createReadStream(file)) md5.update(chunk);
    return { size: info.size, md5: md5.digest('hex') };
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    const dir = path.join(this.root, prefix);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) {
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (info?.isFile()) yield { key: `${prefix}/${name}`, size: info.size, lastModified: info.mtime };
    }
  }

  async ping(): Promise<void> {
    await privateDir(this.root);
  }
}

export interface S3Settings {
  /** Endpoint URL of an S3-compatible server; undefined: AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
  /**
   * Presigned reads (decision 082): 0 or absent, images are streamed through the portal; else
   * `GET /uploads/<name>` redirects to a URL of the bucket valid this many seconds.
   */
  presignSeconds?: number;
  /** The bucket's address as browsers reach it, for presigned URLs; absent: `endpoint`. */
  publicEndpoint?: string;
}

/** True when an S3 error says the object is not there (as opposed to the store being unreachable). */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * An S3 bucket through the AWS SDK v3 client. A PUT is atomic on S3 and on every compatible server:
 * the object appears under its key only once all its bytes are in and their Content-MD5 matches, so
 * a cut upload leaves nothing (decision 068). Any failure other than a missing key is the store being
 * unavailable: it is counted and thrown as StoreUnavailableError (a Spanish 503).
 */
export class S3Store implements ObjectStore {
  readonly driver = 's3';
  readonly errors = new Map<StoreOperation, number>();
  readonly client: S3Client;
  /** Signs presigned URLs for the address browsers reach; it never sends a request. */
  private readonly signer: S3Client;

  constructor(readonly settings: S3Settings) {
    this.client = S3Store.clientFor(settings, settings.endpoint);
    this.signer = settings.publicEndpoint ? S3Store.clientFor(settings, settings.publicEndpoint) : this.client;
  }

  private static clientFor(settings: S3Settings, endpoint: string | undefined): S3Client {
    return new S3Client({
      endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // An outage is answered within seconds instead of after the SDK's default retries.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 2_000, requestTimeout: 15_000 },
      // The integrity check every S3-compatible server knows is Content-MD5 (set on each PUT below);
      // the newer CRC trailers are not understood by all of them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /**
   * A URL that reads the object straight from the bucket for `presignSeconds`, answered with the
   * headers the portal gives it (the type, a year's immutable cache). Signed locally: no request.
   */
  presignGet(key: string): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: checkKey(key),
      ResponseCacheControl: IMMUTABLE_CACHE,
      ResponseContentType: contentTypeOf(key),
    });
    return getSignedUrl(this.signer, command, { expiresIn: this.settings.presignSeconds || 60 });
  }

  private async call<T>(operation: StoreOperation, run: () => Promise<T>, missing?: () => T): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (missing && isMissing(error)) return missing();
      count(this.errors, operation);
      throw new StoreUnavailableError(operation, error);
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const Key = checkKey(key);
    const ContentMD5 = createHash('md5').update(body).digest('base64');
    await this.call('put', () =>
      this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key, Body: body, ContentType: contentType, ContentMD5 })),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    const Key = checkKey(key);
    return this.call(
      'get',
      async () => {
        const out = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key }));
        return {
          body: out.Body as Readable,
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? contentTypeOf(key),
          lastModified: out.LastModified ?? new Date(0),
          etag: out.ETag,
        };
      },
      () => null,
    );
  }

  async head(key: string): Promise<ObjectFacts | null> {
    const Key = checkKey(key);
    return this.call(
      'head',
      async () => {
        const out = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key }));
        // A single PUT's ETag is its MD5; a multipart upload's ('<hash>-<parts>') is not.
        const etag = out.ETag?.replaceAll('"', '');
        return { size: out.ContentLength ?? 0, md5: etag && /^[0-9a-f]{32}$/.test(etag) ? etag : undefined };
      },
      () => null,
    );
  }

  async remove(key: string): Promise<void> {
    const Key = checkKey(key);
    await this.call('remove', () => this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key })));
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.call('list', () =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: `${prefix}/`, ContinuationToken: token })),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key && item.LastModified) yield { key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async ping(): Promise<void> {
    await this.call('ping', () => this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket })));
  }
}

/** How an image is cached wherever it is read from: its generated name never changes (decision 068). */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** The origins images may come from besides the portal's own: the bucket's, with presigned reads on. */
export function presignedImageOrigins(storage: StorageConfig): string[] {
  if (storage.driver !== 's3' || !storage.presignSeconds) return [];
  // Without an endpoint, AWS itself in the bucket's region.
  const base = new URL(storage.publicEndpoint ?? storage.endpoint ?? `https://s3.${storage.region}.amazonaws.com`);
  // Virtual-hosted style names the bucket in the host.
  if (!storage.forcePathStyle) base.hostname = `${storage.bucket}.${base.hostname}`;
  return [base.origin];
}

/** The type an object is served with, by its name (the portal writes WebP images only, so far). */
export function contentTypeOf(key: string): string {
  if (key.endsWith('.webp')) return 'image/webp';
  return 'application/octet-stream';
}

export type StorageConfig = { driver: 'folder'; root: string } | ({ driver: 's3' } & S3Settings);

export function createObjectStore(config: StorageConfig): ObjectStore {
  return config.driver === 's3' ? new S3Store(config) : new FolderStore(config.root);
}

export interface StoreHealth {
  driver: ObjectStore['driver'];
  reachable: boolean;
  latencyMs: number;
}

/** Whether the store answers, and how fast; never throws (health answers either way). */
export async function storeHealth(store: ObjectStore, timeoutMs = 3_000): Promise<StoreHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('storage ping timed out')), timeoutMs);
  });
  try {
    await Promise.race([store.ping(), timeout]);
    return { driver: store.driver, reachable: true, latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { driver: store.driver, reachable: false, latencyMs: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}
