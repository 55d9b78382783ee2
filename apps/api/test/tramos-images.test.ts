import type { Tramo } from '@portal/contract/tramos';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pgUnavailable, useSeed, useTestApp } from './helper';

const RED = { r: 220, g: 20, b: 20 };
const BLUE = { r: 20, g: 20, b: 220 };

/**
 * A 12-megapixel phone photo stored sideways: 4000x3000 pixels, top half red and bottom half blue,
 * with EXIF orientation 6 (display rotated 90° clockwise) and a GPS position.
 */
async function sidewaysPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: RED } })
    .composite([{ input: { create: { width: 4000, height: 1500, channels: 3, background: BLUE } }, top: 1500, left: 0 }])
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6, exif: { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1' } } })
    .toBuffer();
}

/** True when a little-endian EXIF block holds the GPS IFD pointer (tag 0x8825, type LONG). */
const hasGpsPointer = (exif: Buffer | undefined) => !!exif?.includes(Buffer.from([0x25, 0x88, 0x04, 0x00]));

const smallPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 160, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();

async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { r: data[i], g: data[i + 1], b: data[i + 2] };
}

describe.skipIf(pgUnavailable)('tramo images', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { station: ['Arco Imagenes', 'Nave 1'] },
    workers: { worker: ['station', 'Irene Imagen'] },
  });

  const fields = (over: Record<string, string | number> = {}) => ({
    id_tramo: 'IMG-001',
    id_proyecto: 'PRY-IMG',
    id_circular: 'CIR-IMG',
    descripcion: 'Con foto',
    arco_sumergido_id: seed.station.id,
    ...over,
  });

  const send = (
    method: 'POST' | 'PUT',
    url: string,
    token: string,
    f: Record<string, string | number | undefined>,
    file?: { data: Buffer; filename: string; type?: string },
  ) => t.sendForm(token, method, url, f, file ? { imagen: file } : {});

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const fileName = (publicPath: string) => publicPath.replace('/uploads/', '');
  const count = () => t.countRows('tramos');

  async function createWithPng(): Promise<Tramo> {
    const res = await send('POST', '/api/tramos', seed.worker.token, fields(), {
      data: await smallPng(),
      filename: 'a.png',
      type: 'image/png',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().tramo;
  }

  it('turns a sideways 12 MP JPEG with GPS into an upright WebP of at most 1600 px without metadata', async () => {
    const photo = await sidewaysPhoto();
    const original = await sharp(photo).metadata();
    expect(original).toMatchObject({ width: 4000, height: 3000, orientation: 6 });
    expect(hasGpsPointer(original.exif)).toBe(true);

    const res = await send('POST', '/api/tramos', seed.worker.token, fields(), {
      data: photo,
      filename: 'IMG_20260101.jpg',
      type: 'image/jpeg',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { imagen, imagen_thumb } = res.json().tramo as Tramo;
    expect(imagen).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect(imagen_thumb).toMatch(/^\/uploads\/[0-9a-f-]{36}_thumb\.webp$/);
    expect(imagen).not.toContain('IMG_20260101');
    expect(t.uploadedFiles()).toEqual(expect.arrayContaining([fileName(imagen!), fileName(imagen_thumb!)]));

    const served = await get(imagen!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['cache-control'])).toMatch(/max-age=31536000/);
    expect(String(served.headers['cache-control'])).toContain('immutable');

    const full = served.rawPayload;
    const meta = await sharp(full).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.height).toBe(1600);
    expect(meta.width).toBe(1200);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // No EXIF chunk at all in the WebP container, so no GPS position either.
    expect(full.includes(Buffer.from('EXIF'))).toBe(false);
    expect(full.includes(Buffer.from('Exif'))).toBe(false);
    // Rotated 90° clockwise: the red top of the stored pixels is now on the right.
    const left = await pixel(full, 100, 800);
    const right = await pixel(full, 1100, 800);
    expect(left.b).toBeGreaterThan(150);
    expect(left.r).toBeLessThan(80);
    expect(right.r).toBeGreaterThan(150);
    expect(right.b).toBeLessThan(80);

    const thumb = await sharp((await get(imagen_thumb!)).rawPayload).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBeLessThanOrEqual(400);
    expect(thumb.height! > thumb.width!).toBe(true);
    expect(thumb.exif).toBeUndefined();
  });

  it('accepts a PNG and does not enlarge it', async () => {
    const created = await createWithPng();
    const meta = await sharp((await get(created.imagen!)).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  it('refuses a text file named photo.jpg with 415 and keeps nothing', async () => {
    const before = t.uploadedFiles();
    const rows = await count();
    const res = await send('POST', '/api/tramos', seed.worker.token, fields(), {
      data: Buffer.from('esto no es una imagen, solo texto\n'.repeat(50)),
      filename: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'El archivo debe ser una imagen JPEG, PNG o WebP.' });
    expect(t.uploadedFiles()).toEqual(before);
    expect(await count()).toBe(rows);
  });

  it('refuses a truncated JPEG (right magic bytes, broken content) with 415', async () => {
    const before = t.uploadedFiles();
    const photo = await sharp({ create: { width: 200, height: 200, channels: 3, background: RED } })
      .jpeg()
      .toBuffer();
    const res = await send('POST', '/api/tramos', seed.worker.token, fields(), { data: photo.subarray(0, 40), filename: 'x.jpg' });
    expect(res.statusCode).toBe(415);
    expect(t.uploadedFiles()).toEqual(before);
  });

  it('refuses a file over 10 MB with 413 and keeps nothing, while exactly 10 MB reaches the content check', async () => {
    const before = t.uploadedFiles();
    const rows = await count();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await send('POST', '/api/tramos', seed.worker.token, fields(), { data: big, filename: 'big.jpg', type: 'image/jpeg' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'La imagen no puede superar los 10 MB.' });
    expect(t.uploadedFiles()).toEqual(before);
    expect(await count()).toBe(rows);

    const limit = Buffer.alloc(10 * 1024 * 1024, 0x41);
    const atLimit = await send('POST', '/api/tramos', seed.worker.token, fields(), { data: limit, filename: 'limit.jpg' });
    expect(atLimit.statusCode).toBe(415);
    expect(t.uploadedFiles()).toEqual(before);
  });

  it('leaves no file behind when the fields are invalid or the station is unknown', async () => {
    const before = t.uploadedFiles();
    const rows = await count();
    const png = { data: await smallPng(), filename: 'a.png' };
    const bad = await send('POST', '/api/tramos', seed.worker.token, fields({ id_tramo: 'x' }), png);
    expect(bad.statusCode).toBe(400);
    const unknown = await send('POST', '/api/tramos', seed.worker.token, fields({ arco_sumergido_id: 999999 }), png);
    expect(unknown.statusCode).toBe(400);
    expect(t.uploadedFiles()).toEqual(before);
    expect(await count()).toBe(rows);
  });

  it('keeps the image when an update sends none or the existing path, and replaces it (removing the old files) with a new one', async () => {
    const created = await createWithPng();
    const keep = await send('PUT', `/api/tramos/${created.id}`, seed.worker.token, { id_tramo: 'KEEP-1', imagen: created.imagen! });
    expect(keep.statusCode).toBe(200);
    expect(keep.json().tramo).toMatchObject({ imagen: created.imagen, imagen_thumb: created.imagen_thumb });
    const admin1 = await send('PUT', `/api/tramos/${created.id}`, seed.admin, { id_tramo: 'KEEP-2', descripcion: 'x' });
    expect(admin1.json().tramo.imagen).toBe(created.imagen);

    const res = await send(
      'PUT',
      `/api/tramos/${created.id}`,
      seed.worker.token,
      { id_tramo: 'NEW-IMG' },
      { data: await sidewaysPhoto(), filename: 'b.jpg' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().tramo as Tramo;
    expect(updated.imagen).not.toBe(created.imagen);
    const files = t.uploadedFiles();
    expect(files).toEqual(expect.arrayContaining([fileName(updated.imagen!), fileName(updated.imagen_thumb!)]));
    expect(files).not.toContain(fileName(created.imagen!));
    expect(files).not.toContain(fileName(created.imagen_thumb!));
    expect((await get(created.imagen!)).statusCode).toBe(404);
    expect((await get(updated.imagen!)).statusCode).toBe(200);
  });

  it('keeps the old image and row when an update brings a bad file, an invalid field or the wrong user', async () => {
    const created = await createWithPng();
    const before = t.uploadedFiles();
    const other = await t.createWorker(seed.station, 'Otro');
    const png = { data: await smallPng(), filename: 'c.png' };
    const cases = [
      await send(
        'PUT',
        `/api/tramos/${created.id}`,
        seed.worker.token,
        { id_tramo: 'BAD-FILE' },
        { data: Buffer.from('hola'), filename: 'photo.jpg' },
      ),
      await send('PUT', `/api/tramos/${created.id}`, seed.worker.token, { circular_fecha: '' }, png),
      await send('PUT', `/api/tramos/${created.id}`, other.token, { id_tramo: 'NOT-MINE' }, png),
    ];
    expect(cases.map((r) => r.statusCode)).toEqual([415, 400, 403]);
    expect(t.uploadedFiles()).toEqual(before);
    const after = await t.send(seed.worker.token, 'GET', `/api/tramos/${created.id}`);
    expect(after.json()).toEqual(created);
  });

  it('removes the image files when an admin deletes the tramo; its URL then answers 404', async () => {
    const created = await createWithPng();
    expect((await get(created.imagen!)).statusCode).toBe(200);
    const res = await t.send(seed.admin, 'DELETE', `/api/tramos/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(t.uploadedFiles()).not.toContain(fileName(created.imagen!));
    expect(t.uploadedFiles()).not.toContain(fileName(created.imagen_thumb!));
    const gone = await get(created.imagen!);
    expect(gone.statusCode).toBe(404);
    expect((await get(created.imagen_thumb!)).statusCode).toBe(404);
  });

  it('refuses a user delete without touching the files', async () => {
    const created = await createWithPng();
    const res = await t.send(seed.worker.token, 'DELETE', `/api/tramos/${created.id}`);
    expect(res.statusCode).toBe(403);
    expect((await get(created.imagen!)).statusCode).toBe(200);
  });
});
