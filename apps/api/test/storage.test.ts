import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { messages } from '@portal/contract/common';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderStore, type ObjectStore, S3Store, StoreUnavailableError } from '../src/lib/storage';
import { copyObjects } from '../src/lib/storage-migrate';
import { sweepOrphanUploads } from '../src/lib/upload-sweep';
import { buildTestApp, pgUnavailable, secondInstance, TEST_DB, type TestApp, useSeed } from './helper';
import { startTestS3, type TestS3 } from './s3-server';

/** The object store's drivers and the app over a bucket (docs/decisions/068-object-storage.md). */

const smallPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 0, g: 160, b: 0 } } })
    .png()
    .toBuffer();

async function listKeys(store: ObjectStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of store.list(prefix)) keys.push(key);
  return keys.sort();
}

describe('object store drivers', () => {
  let s3: TestS3;
  let folder: string;
  const stores: Record<string, ObjectStore> = {};

  beforeAll(async () => {
    s3 = await startTestS3();
    folder = mkdtempSync(path.join(tmpdir(), 'portal-store-'));
    stores.folder = new FolderStore(folder);
    stores.s3 = new S3Store({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      forcePathStyle: true,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    });
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  for (const driver of ['folder', 's3']) {
    it(`${driver}: stores, reads, lists and removes an object by key`, async () => {
      const store = stores[driver];
      const bytes = Buffer.from(`bytes of ${driver}`);
      await store.put('uploads/a.webp', bytes, 'image/webp');
      await store.put('certificates/b.pdf', Buffer.from('%PDF'), 'application/pdf');

      const found = await store.get('uploads/a.webp');
      expect(found).toMatchObject({ size: bytes.length, contentType: 'image/webp' });
      expect(await buffer(found!.body)).toEqual(bytes);
      expect(await listKeys(store, 'uploads')).toEqual(['uploads/a.webp']);

      await store.remove('uploads/a.webp');
      await store.remove('uploads/a.webp');
      expect(await store.get('uploads/a.webp')).toBeNull();
      expect(await listKeys(store, 'uploads')).toEqual([]);
      expect(await listKeys(store, 'certificates')).toEqual(['certificates/b.pdf']);
      await store.ping();
    });

    it(`${driver}: refuses keys that could climb out of their prefix`, async () => {
      for (const key of ['../x.webp', 'uploads/../x', 'uploads/.hidden', '/uploads/x', 'uploads/a/b']) {
        await expect(stores[driver].put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow('not a storage key');
      }
    });
  }

  it('copies a folder into the bucket and back, resuming past what is there and recopying what differs', async () => {
    const source = new FolderStore(mkdtempSync(path.join(tmpdir(), 'portal-migrate-')));
    const back = new FolderStore(mkdtempSync(path.join(tmpdir(), 'portal-migrate-back-')));
    try {
      const names = ['c1.webp', 'c2.webp', 'c3_thumb.webp'];
      for (const name of names) await source.put(`uploads/${name}`, Buffer.from(`photo ${name}`), 'image/webp');
      const progress: string[] = [];
      const first = await copyObjects(source, stores.s3, ['uploads'], (done, total) => progress.push(`${done}/${total}`));
      expect(first).toEqual({ copied: 3, skipped: 0, failed: [] });
      expect(progress).toEqual(['0/3', '1/3', '2/3', '3/3']);
      expect(s3.objectNames('uploads')).toEqual(expect.arrayContaining(names));

      // A copy that differs (a cut earlier run, a changed file) is copied again; the rest is skipped.
      await stores.s3.put('uploads/c2.webp', Buffer.from('half'), 'image/webp');
      expect(await copyObjects(source, stores.s3)).toEqual({ copied: 1, skipped: 2, failed: [] });
      expect(await buffer((await stores.s3.get('uploads/c2.webp'))!.body)).toEqual(Buffer.from('photo c2.webp'));

      expect(await copyObjects(stores.s3, back)).toMatchObject({ copied: 3, failed: [] });
      for (const name of names) expect(await back.head(`uploads/${name}`)).toEqual(await source.head(`uploads/${name}`));
    } finally {
      for (const name of ['c1.webp', 'c2.webp', 'c3_thumb.webp']) await stores.s3.remove(`uploads/${name}`);
      rmSync(source.root, { recursive: true, force: true });
      rmSync(back.root, { recursive: true, force: true });
    }
  });

  it('s3: a store that cannot be reached is a StoreUnavailableError (the Spanish 503), counted by operation', async () => {
    const gone = await startTestS3();
    await gone.close();
    const store = new S3Store({
      endpoint: gone.endpoint,
      region: 'us-east-1',
      bucket: gone.bucket,
      forcePathStyle: true,
      accessKeyId: gone.accessKeyId,
      secretAccessKey: gone.secretAccessKey,
    });
    const error = await store.put('uploads/a.webp', Buffer.from('x'), 'image/webp').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(error).toMatchObject({ statusCode: 503, message: messages.storageUnavailable, headers: { 'Retry-After': '5' } });
    await expect(store.get('uploads/a.webp')).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(Object.fromEntries(store.errors)).toEqual({ put: 1, get: 1 });
  });
});

describe.skipIf(pgUnavailable)('photos on a bucket', () => {
  let s3: TestS3;
  const t = {} as TestApp;
  const METRICS_TOKEN = 'metrics-token-for-storage-tests';
  beforeAll(async () => {
    s3 = await startTestS3();
    Object.assign(t, await buildTestApp({ STORAGE_URL: s3.url, METRICS_TOKEN }));
  });
  afterAll(async () => {
    await t.close?.();
    await s3?.close();
  });
  const seed = useSeed(t, { arcos: { station: ['Arco Cubo', 'Nave 1'] }, workers: { worker: ['station', 'Berta Cubo'] } });

  let n = 0;
  const createTramo = async () =>
    t.sendForm(
      seed.worker.token,
      'POST',
      '/api/tramos',
      {
        id_tramo: `CUBO-${++n}`,
        id_proyecto: 'PRY',
        id_circular: 'CIR',
        descripcion: 'Foto en el cubo',
        arco_sumergido_id: seed.station.id,
      },
      { imagen: { data: await smallPng(), filename: 'a.png', type: 'image/png' } },
    );

  it('stores both sizes in the bucket, none in the folder, and streams them back with the cache headers of the folder', async () => {
    const res = await createTramo();
    expect(res.statusCode, res.body).toBe(201);
    const { imagen, imagen_thumb } = res.json().tramo;
    const names = [imagen, imagen_thumb].map((p: string) => p.replace('/uploads/', ''));
    expect(s3.objectNames('uploads')).toEqual(expect.arrayContaining(names));
    expect(t.uploadedFiles()).toEqual([]);

    const image = await t.app.inject({ method: 'GET', url: imagen });
    expect(image.statusCode).toBe(200);
    expect(image.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 });

    const again = await t.app.inject({ method: 'GET', url: imagen, headers: { 'if-none-match': String(image.headers.etag) } });
    expect(again.statusCode).toBe(304);

    for (const url of ['/uploads/00000000-0000-0000-0000-000000000000.webp', '/uploads/..%2Fportal.sqlite', '/uploads/x.txt']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
    }
  });

  it('sweeps objects no row refers to, and keeps referenced and young ones', async () => {
    const res = await createTramo();
    const { imagen, imagen_thumb } = res.json().tramo;
    const orphan = 'uploads/11111111-2222-4333-8444-555555555555.webp';
    const store = new S3Store({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      forcePathStyle: true,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    });
    await store.put(orphan, Buffer.from('x'), 'image/webp');
    // Young: the grace period keeps it (another instance may be about to commit its row).
    expect((await sweepOrphanUploads(t.db, store)).removed).toEqual([]);
    // Every object old enough to judge: only the orphan goes.
    const { removed } = await sweepOrphanUploads(t.db, store, -60_000);
    expect(removed).toEqual([orphan.replace('uploads/', '')]);
    expect(s3.objectNames('uploads')).toEqual(
      expect.arrayContaining([imagen, imagen_thumb].map((p: string) => p.replace('/uploads/', ''))),
    );
    expect(s3.objectNames('uploads')).not.toContain(orphan.replace('uploads/', ''));
  });

  it('reports the store in health; while it is away uploads and image reads answer a Spanish 503, nothing is half-written, and the rest works', async () => {
    const before = await createTramo();
    const { imagen } = before.json().tramo;
    const healthy = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(healthy.json()).toEqual({ status: 'ok', storage: { driver: 's3', reachable: true, latencyMs: expect.any(Number) } });

    await s3.stop();
    const rows = await t.countRows('tramos');
    const refused = await createTramo();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({ message: messages.storageUnavailable });
    expect(await t.countRows('tramos')).toBe(rows);

    const read = await t.app.inject({ method: 'GET', url: imagen });
    expect(read.statusCode).toBe(503);
    expect(read.json()).toEqual({ message: messages.storageUnavailable });

    const list = await t.send(seed.worker.token, 'GET', '/api/tramos');
    expect(list.statusCode).toBe(200);
    // A delete commits without the store: its objects stay for the start-up sweep, no row names them.
    const deleted = await t.send(seed.admin, 'DELETE', `/api/tramos/${before.json().tramo.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(s3.objectNames('uploads')).toContain(imagen.replace('/uploads/', ''));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', storage: { driver: 's3', reachable: false } });

    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.body).toMatch(/portal_storage_errors_total\{driver="s3",operation="put"\} [1-9]/);
    expect(metrics.body).toMatch(/portal_storage_errors_total\{driver="s3",operation="get"\} [1-9]/);
  });
});

/**
 * On PostgreSQL the second instance shares the database (as behind a balancer); on SQLite, which one
 * process owns, it is an instance of its own: either way the two share the bucket and no folder.
 */
describe.skipIf(pgUnavailable)('two instances sharing one bucket and no folder', () => {
  let s3: TestS3;
  let otherDir: string;
  const t = {} as TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    otherDir = mkdtempSync(path.join(tmpdir(), 'portal-other-'));
    Object.assign(t, await buildTestApp({ STORAGE_URL: s3.url }));
  });
  afterAll(async () => {
    await t.close?.();
    await s3?.close();
    rmSync(otherDir, { recursive: true, force: true });
  });
  const seed = useSeed(t, { arcos: { station: ['Arco Doble', 'Nave 1'] }, workers: { worker: ['station', 'Dora Doble'] } });

  it('serves through one instance the photo uploaded through the other', async () => {
    const res = await t.sendForm(
      seed.worker.token,
      'POST',
      '/api/tramos',
      { id_tramo: 'DOBLE-1', id_proyecto: 'PRY', id_circular: 'CIR', descripcion: 'Dos instancias', arco_sumergido_id: seed.station.id },
      { imagen: { data: await smallPng(), filename: 'a.png', type: 'image/png' } },
    );
    expect(res.statusCode, res.body).toBe(201);
    // Its own DATA_DIR: nothing of the first instance's folder is shared.
    const env = { DATA_DIR: otherDir, STORAGE_URL: s3.url };
    const other = TEST_DB === 'postgres' ? { app: await secondInstance(t, env), close: () => Promise.resolve() } : await buildTestApp(env);
    try {
      const image = await other.app.inject({ method: 'GET', url: res.json().tramo.imagen });
      expect(image.statusCode).toBe(200);
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 64 });
    } finally {
      if (TEST_DB === 'postgres') await other.app.close();
      await other.close();
    }
  });
});
