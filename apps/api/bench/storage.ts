/**
 * Benchmark of the object store's drivers side by side (`npm run bench:storage`,
 * docs/decisions/068-object-storage.md).
 *
 * For the folder (FolderStore over a temporary DATA_DIR) and a bucket (S3Store against s3rver on
 * loopback, as the tests start it), writes BENCH_STORAGE objects (default 200) of 150 kB (the size of a
 * re-encoded 1600 px photo) one after another, then reads each back whole; then the same writes and
 * reads 8 at a time. Prints per driver the median and p99 time of one put and one get, and the
 * throughput (objects per second) at 8 at a time. s3rver is a Node server on the same 2-core machine,
 * so the bucket's figures include its own cost: they bound the SDK's overhead, not a real store's.
 * Then the uploads and image reads through the real server (bench/storage-http.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buffer } from 'node:stream/consumers';
import { FolderStore, type ObjectStore, S3Store } from '../src/lib/storage';
import { startTestS3 } from '../test/s3-server';
import { benchHttp } from './storage-http';

const N = Number(process.env.BENCH_STORAGE ?? 200);
const SIZE = 150 * 1024;
const CONCURRENCY = 8;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function timed(run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

async function inParallel(count: number, run: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await run(next++);
    }),
  );
  return performance.now() - start;
}

async function bench(name: string, store: ObjectStore) {
  const bodies = Array.from({ length: 8 }, () => randomBytes(SIZE));
  const key = (round: string, i: number) => `uploads/${round}-${i}.webp`;
  const puts: number[] = [];
  const gets: number[] = [];
  for (let i = 0; i < N; i++) puts.push(await timed(() => store.put(key('a', i), bodies[i % 8], 'image/webp')));
  for (let i = 0; i < N; i++)
    gets.push(
      await timed(async () => {
        const found = await store.get(key('a', i));
        if ((await buffer(found!.body)).length !== SIZE) throw new Error('short read');
      }),
    );
  const putWall = await inParallel(N, (i) => store.put(key('b', i), bodies[i % 8], 'image/webp'));
  const getWall = await inParallel(N, async (i) => {
    const found = await store.get(key('b', i));
    await buffer(found!.body);
  });
  puts.sort((a, b) => a - b);
  gets.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(7)} put median ${ms(quantile(puts, 0.5))}, p99 ${ms(quantile(puts, 0.99))}; get median ${ms(quantile(gets, 0.5))}, p99 ${ms(quantile(gets, 0.99))}; ` +
      `${CONCURRENCY} at a time: ${((N / putWall) * 1000).toFixed(0)} puts/s, ${((N / getWall) * 1000).toFixed(0)} gets/s`,
  );
}

const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-store-'));
const s3 = await startTestS3('bench');
try {
  console.log(`${N} objects of ${SIZE / 1024} kB per driver; load average ${loadavg()[0].toFixed(1)} at start`);
  await bench('folder', new FolderStore(dir));
  await bench(
    'bucket',
    new S3Store({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      forcePathStyle: true,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    }),
  );
} finally {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
}
// The same side by side through the real server: uploads and image reads (bench/storage-http.ts).
await benchHttp();
console.log(`load average ${loadavg()[0].toFixed(1)} at end`);
