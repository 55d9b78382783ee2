import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-protocol server for the tests (docs/decisions/068-object-storage.md): s3rver, started
 * in-process on a free loopback port over a throwaway folder, with one empty bucket. It checks
 * Content-MD5, the access key and a presigned URL's expiry; it does not verify SigV4 signatures.
 */
export interface TestS3 {
  /** STORAGE_URL of the bucket. */
  url: string;
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Names of the objects under a prefix now (read from s3rver's folder, so it is synchronous). */
  objectNames(prefix: string): string[];
  /** The file s3rver keeps an object's bytes in (its mtime is the object's LastModified). */
  objectFile(key: string): string;
  /** Stops the server (an outage) and keeps its objects on disk for objectNames. */
  stop(): Promise<void>;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

const KEY = 'S3RVER';
const SUFFIX = '._S3rver_object';

export async function startTestS3(bucket = 'portal-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  let closed = false;
  const stop = async () => {
    if (closed) return;
    closed = true;
    await server.close();
  };
  return {
    url: `s3+http://${KEY}:${KEY}@127.0.0.1:${address.port}/${bucket}`,
    endpoint,
    bucket,
    accessKeyId: KEY,
    secretAccessKey: KEY,
    objectFile: (key) => path.join(directory, bucket, `${key}${SUFFIX}`),
    objectNames(prefix) {
      try {
        return readdirSync(path.join(directory, bucket, prefix))
          .filter((name) => name.endsWith(SUFFIX))
          .map((name) => name.slice(0, -SUFFIX.length))
          .sort();
      } catch {
        return [];
      }
    },
    stop,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
