/**
 * The HTTP half of `npm run bench:storage` (docs/decisions/082-bucket-backups-and-presigned-reads.md):
 * uploads and image reads through the real server, side by side for the folder, the bucket streamed
 * through the portal, and the bucket with presigned reads (the client follows the 302 to the bucket,
 * as a browser does).
 *
 * For each, the real app (SQLite on disk) listens on loopback; a worker posts BENCH_UPLOADS circulares
 * (default 30) with a 3-megapixel phone photo one after another, then as many 4 at a time; then reads
 * one stored full-size image BENCH_READS times (default 300) one after another and as many 8 at a
 * time. Prints the median and p99 of one request and the throughput at those concurrencies, then
 * how long `npm run backup`'s work takes over those photos, and the next backup (which links them). The
 * bucket is s3rver on the same machine (see bench/storage.ts): its figures bound the portal's own
 * cost, not a real store's.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { backupOptions, createBackup } from '../src/lib/backup';
import { upsertAdmin } from '../src/modules/users/bootstrap';
import { startTestS3 } from '../test/s3-server';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 30);
const READS = Number(process.env.BENCH_READS ?? 300);
const ADMIN = { worker_id: 'bench-admin', password: 'bench-admin-password' };

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** A 2000x1500 JPEG with sensor-like noise (about 1 MB), so that it does not compress away. */
async function phonePhoto(): Promise<Buffer> {
  const [width, height] = [2000, 1500];
  const noise = randomBytes(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = 96 + (noise[i] & 63);
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function times(count: number, concurrency: number, run: () => Promise<void>): Promise<{ each: number[]; perSecond: number }> {
  const each: number[] = [];
  let started = 0;
  const wall = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started++ < count) {
        const t = performance.now();
        await run();
        each.push(performance.now() - t);
      }
    }),
  );
  const perSecond = (count / (performance.now() - wall)) * 1000;
  return { each: each.sort((a, b) => a - b), perSecond };
}

async function benchPortal(name: string, storage: Record<string, string>, photo: Buffer) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-http-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    REGISTER_MAX_PER_IP: '1000000',
    LOGIN_IP_MAX_FAILURES: '1000000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    BACKUP_HOUR: 'off',
    ...storage,
  });
  const app = await buildApp({ config });
  try {
    await upsertAdmin(app.ctx.db, ADMIN.worker_id, ADMIN.password, 'Bench');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const json = async (url: string, body: unknown, token?: string) => {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const admin = (await json('/api/admin/login', ADMIN)).accessToken;
    const arco = await json('/api/admin/arcos-sumergidos', { name: 'Arco Banco', nave: 'Nave 1' }, admin);
    await json('/api/auth/register', { worker_id: 'banco1', name: 'Banco Uno', password: 'secreto123' });
    const token = (
      await json('/api/auth/login', { worker_id: 'banco1', password: 'secreto123', nave: 'Nave 1', arco_sumergido_id: arco.id })
    ).accessToken;

    let n = 0;
    let stored = '';
    const upload = async () => {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        id_tramo: `BANCO-${++n}`,
        id_proyecto: 'PRY',
        id_circular: 'CIR',
        arco_sumergido_id: String(arco.id),
      }))
        form.append(k, v);
      form.append('imagen', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
      const res = await fetch(`${base}/api/tramos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
      stored = (await res.json()).tramo.imagen;
    };
    const read = async () => {
      const res = await fetch(`${base}${stored}`);
      if (res.status !== 200) throw new Error(`read: ${res.status}`);
      await res.arrayBuffer();
    };

    const upOne = await times(UPLOADS, 1, upload);
    const upFour = await times(UPLOADS, 4, upload);
    const bytes = (await (await fetch(`${base}${stored}`)).arrayBuffer()).byteLength;
    const readOne = await times(READS, 1, read);
    const readEight = await times(READS, 8, read);
    console.log(
      `${name.padEnd(18)} upload median ${ms(quantile(upOne.each, 0.5))}, p99 ${ms(quantile(upOne.each, 0.99))}; ` +
        `4 at a time ${upFour.perSecond.toFixed(1)}/s (p99 ${ms(quantile(upFour.each, 0.99))}) | ` +
        `read (${Math.round(bytes / 1024)} kB) median ${ms(quantile(readOne.each, 0.5))}, p99 ${ms(quantile(readOne.each, 0.99))}; ` +
        `8 at a time ${readEight.perSecond.toFixed(0)}/s (p99 ${ms(quantile(readEight.each, 0.99))})`,
    );
    // A backup of what was uploaded, then the next one, which links the photos it already holds.
    const first = await times(1, 1, async () => void (await createBackup(backupOptions(config))));
    const next = await times(
      1,
      1,
      async () => void (await createBackup({ ...backupOptions(config), now: () => new Date(Date.now() + 60_000) })),
    );
    console.log(`${''.padEnd(18)} backup of ${UPLOADS * 4} image files: ${ms(first.each[0])}, the next one ${ms(next.each[0])}`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs the three set-ups one after another, each on a fresh data folder (and a fresh bucket). */
export async function benchHttp(): Promise<void> {
  const photo = await phonePhoto();
  console.log(
    `through HTTP: ${UPLOADS} uploads of a ${Math.round(photo.length / 1024)} kB 3 MP JPEG (then 4 at a time), ${READS} reads (then 8 at a time)`,
  );
  await benchPortal('folder', {}, photo);
  for (const [name, extra] of [
    ['bucket, streamed', {}],
    ['bucket, presigned', { STORAGE_PRESIGNED_SECONDS: '300' }],
  ] as const) {
    const s3 = await startTestS3('bench-http');
    try {
      await benchPortal(name, { STORAGE_URL: s3.url, ...extra }, photo);
    } finally {
      await s3.close();
    }
  }
}
