/**
 * Presigned reads (docs/decisions/082-bucket-backups-and-presigned-reads.md): off by default; with
 * STORAGE_PRESIGNED_SECONDS, `GET /uploads/<name>` checks the name and the object first, then redirects
 * to a URL of the bucket (s3rver, which checks its expiry) that answers the stored bytes with the
 * year's immutable cache; a redirect never outlives its URL, and a store away still answers the
 * Spanish 503 rather than a redirect to it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { messages } from '@portal/contract/common';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { buildTestApp, injectForm, pgUnavailable, type TestApp } from './helper';
import { startTestS3, type TestS3 } from './s3-server';

const md5 = (bytes: Buffer | ArrayBuffer) =>
  createHash('md5')
    .update(Buffer.from(bytes as ArrayBuffer))
    .digest('hex');

describe.skipIf(pgUnavailable)('presigned image reads', () => {
  let s3: TestS3;
  const t = {} as TestApp;
  let token = '';
  let arcoId = 0;
  beforeAll(async () => {
    s3 = await startTestS3();
    Object.assign(t, await buildTestApp({ STORAGE_URL: s3.url, STORAGE_PRESIGNED_SECONDS: '120' }));
    const arco = await t.createArco('Arco Firmado');
    arcoId = arco.id;
    token = (await t.createWorker(arco, 'Firma Cubo')).token;
  });
  afterAll(async () => {
    await t.close?.();
    await s3?.close();
  });

  const upload = async () => {
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 200, g: 90, b: 10 } } })
      .png()
      .toBuffer();
    const res = await injectForm(
      t.app,
      token,
      'POST',
      '/api/tramos',
      { id_tramo: `FIRMA-${Date.now()}`, id_proyecto: 'PRY', id_circular: 'CIR', arco_sumergido_id: arcoId },
      { imagen: { data: photo, filename: 'a.png', type: 'image/png' } },
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().tramo as { imagen: string; imagen_thumb: string };
  };

  it('redirects to the bucket for a short time; the bucket answers the stored bytes with the year-long cache', async () => {
    const { imagen } = await upload();
    const res = await t.app.inject({ method: 'GET', url: imagen });
    expect(res.statusCode).toBe(302);
    // The redirect is kept for less than its URL lives (120 s), privately.
    expect(res.headers['cache-control']).toBe('private, max-age=100');
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${s3.endpoint}/${s3.bucket}${imagen}`);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('120');
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    const direct = await fetch(location);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(direct.headers.get('content-type')).toBe('image/webp');
    const bytes = await direct.arrayBuffer();
    expect(await sharp(Buffer.from(bytes)).metadata()).toMatchObject({ format: 'webp', width: 60, height: 40 });

    // The bytes stored for it: what the portal streams with presigned reads off.
    expect(md5(bytes)).toBe(md5(readFileSync(s3.objectFile(imagen.slice(1)))));

    // Once its time is up the bucket refuses the URL: signed 121 s ago, valid 120 s. (s3rver checks the
    // expiry and the key, not the SigV4 signature itself: that rests on the SDK's presigner.)
    const signedAt = new Date(Date.now() - 121_000).toISOString().replace(/[-:]|\.\d+/g, '');
    const expired = new URL(location);
    expired.searchParams.set('X-Amz-Date', signedAt);
    const refused = await fetch(expired);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Request has expired');
  });

  it('checks before redirecting: names it never generated and missing objects are 404, a store away the Spanish 503', async () => {
    for (const url of ['/uploads/00000000-0000-0000-0000-000000000000.webp', '/uploads/..%2Fportal.sqlite', '/uploads/x.txt']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location, url).toBeUndefined();
    }
    const { imagen_thumb } = await upload();
    await s3.stop();
    const away = await t.app.inject({ method: 'GET', url: imagen_thumb });
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('5');
    expect(away.json()).toEqual({ message: messages.storageUnavailable });
  });

  it('lets the pages show images from the bucket, and needs a bucket and a short, non-zero expiry', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(page.headers['content-security-policy'])).toContain(`img-src 'self' data: blob: ${s3.endpoint}`);
    const publicUrl = loadConfig({
      DATA_DIR: t.dataDir,
      STORAGE_URL: s3.url,
      STORAGE_PRESIGNED_SECONDS: '300',
      STORAGE_PUBLIC_URL: 'https://fotos.planta.example',
    });
    expect(publicUrl.storage).toMatchObject({ driver: 's3', presignSeconds: 300, publicEndpoint: 'https://fotos.planta.example' });
    expect(() => loadConfig({ DATA_DIR: t.dataDir, STORAGE_PRESIGNED_SECONDS: '300' })).toThrow(/need a bucket/);
    expect(() => loadConfig({ DATA_DIR: t.dataDir, STORAGE_URL: s3.url, STORAGE_PRESIGNED_SECONDS: '10' })).toThrow(/at least 30/);
    expect(() => loadConfig({ DATA_DIR: t.dataDir, STORAGE_URL: s3.url, STORAGE_PRESIGNED_SECONDS: '7200' })).toThrow(
      /STORAGE_PRESIGNED_SECONDS/,
    );
  });
});
