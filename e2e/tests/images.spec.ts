import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, signIn, test, unique } from '../fixtures';

/**
 * A 12-megapixel phone photo: a smooth scene plus per-pixel sensor noise, so that the JPEG stays
 * several MB (a flat colour would compress to almost nothing and prove nothing).
 */
async function phonePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.allocUnsafe(width * height * 3);
  const noise = randomBytes(width * height);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = (i / width) | 0;
    const n = (noise[i] & 63) - 32;
    pixels[i * 3] = Math.max(0, Math.min(255, ((x * 255) / width + n) | 0));
    pixels[i * 3 + 1] = Math.max(0, Math.min(255, ((y * 255) / height + n) | 0));
    pixels[i * 3 + 2] = Math.max(0, Math.min(255, 128 + n));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A list image that cannot shift the layout and does not load before it is needed. */
async function expectThumbnail(img: Locator, loading: 'lazy' | 'eager' = 'lazy') {
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute('src', /\/uploads\/[0-9a-f-]{36}_thumb\.webp$/);
  await expect(img).toHaveAttribute('width', /^\d+$/);
  await expect(img).toHaveAttribute('height', /^\d+$/);
  await expect(img).toHaveAttribute('loading', loading);
  // Decoded, not a broken image.
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

/**
 * Presses Añadir Circular and returns the body of the POST /api/tramos that reaches the network.
 * (Chromium hands a multipart body with a file to the request interception, not to request events.)
 */
async function submitAndCapture(page: Page): Promise<Buffer> {
  const captured: { body: Buffer | null } = { body: null };
  await page.route('**/api/tramos', async (route) => {
    if (route.request().method() === 'POST') captured.body = route.request().postDataBuffer();
    await route.continue();
  });
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/tramos');
  await page.getByRole('button', { name: 'Añadir Circular' }).click();
  expect((await answered).status()).toBe(201);
  await page.unroute('**/api/tramos');
  if (!captured.body) throw new Error('the upload carried no body');
  return captured.body;
}

test('a 12-megapixel photo is shrunk in the browser: the upload is under 1 MB and the circular shows its thumbnail', async ({
  page,
  seed,
}) => {
  const station = await seed.station('Nave 1');
  const worker = await seed.worker(station, 'Irene Fotos');
  const idTramo = unique('IMG-');
  const photo = await phonePhoto();
  expect(photo.length).toBeGreaterThan(4 * 1024 * 1024);

  await signIn(page, worker.token, '/dashboard/add-circular');
  await expect(page.getByRole('heading', { name: 'Añadir Circular' })).toBeVisible();
  await expect(page.getByLabel('Arco Sumergido')).toHaveValue(String(station.id));
  await page.getByLabel('ID Tramo').fill(idTramo);
  await page.getByLabel('ID Proyecto').fill('PRY-FOTO');
  await page.getByLabel('ID Circular').fill('CIR-FOTO');

  await page.getByLabel('Imagen (opcional)').setInputFiles({ name: 'IMG_20261121_101500.jpg', mimeType: 'image/jpeg', buffer: photo });
  // The picker may say it is working on the photo (too briefly to assert on a fast machine); then the
  // preview shows the shrunk copy.
  const preview = page.getByAltText('Vista previa de la imagen');
  await expect(preview).toBeVisible();
  // The picker hands over the original first and the shrunk copy when it is ready: wait for the copy.
  await expect
    .poll(() => preview.evaluate((el: HTMLImageElement) => (el.complete ? Math.max(el.naturalWidth, el.naturalHeight) : 0)), {
      timeout: 30_000,
    })
    .toBe(1600);
  await expect(page.getByRole('status').filter({ hasText: 'Preparando la imagen...' })).toHaveCount(0);

  const sent = await submitAndCapture(page);
  expect(sent.length).toBeLessThan(1024 * 1024);
  // What went up is a JPEG of 1600 px on its longest side: the bytes after the multipart headers.
  const start = sent.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
  expect(start).toBeGreaterThan(0);
  const meta = await sharp(sent.subarray(start)).metadata();
  expect(meta.format).toBe('jpeg');
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1600);
  await expect(page.getByText('¡Circular añadida exitosamente!')).toBeVisible();

  // The circular is listed with its thumbnail.
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Consultar' }).click();
  // The previous screen has an 'ID Tramo' field too: wait until the new one is shown.
  await expect(page.getByRole('heading', { name: 'Consultar Datos' })).toBeVisible();
  await page.getByLabel('ID Tramo').fill(idTramo);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const results = page.getByRole('dialog', { name: 'Resultados de la búsqueda' });
  await expect(results.getByText('Se encontró 1 resultado.')).toBeVisible();
  await expectThumbnail(results.getByAltText(`Imagen del tramo ${idTramo}`));
});

test('a small photo goes up as chosen', async ({ page, seed }) => {
  const station = await seed.station('Nave 1');
  const worker = await seed.worker(station, 'Iker Pequeña');
  const small = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

  await signIn(page, worker.token, '/dashboard/add-circular');
  await page.getByLabel('ID Tramo').fill(unique('IMG-'));
  await page.getByLabel('ID Proyecto').fill('PRY-PEQ');
  await page.getByLabel('ID Circular').fill('CIR-PEQ');
  await page.getByLabel('Imagen (opcional)').setInputFiles({ name: 'plano.png', mimeType: 'image/png', buffer: small });
  await expect(page.getByAltText('Vista previa de la imagen')).toBeVisible();
  const sent = await submitAndCapture(page);
  expect(sent.includes(small)).toBe(true);
  await expect(page.getByText('¡Circular añadida exitosamente!')).toBeVisible();
});

test('the wall lists its photos as sized, lazily loaded thumbnails', async ({ page, seed }) => {
  const station = await seed.station('Nave 1');
  const worker = await seed.worker(station, 'Julia Muro');
  const auth = { Authorization: `Bearer ${worker.token}` };
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 90, g: 90, b: 90 } } })
    .jpeg()
    .toBuffer();
  const texts: string[] = [];
  for (let i = 0; i < 3; i++) {
    const content = unique(`Foto del muro ${i} `);
    texts.push(content);
    const res = await page.request.post('/api/wall/posts', {
      headers: auth,
      multipart: { content, wall_name: 'Main', image: { name: `muro${i}.jpg`, mimeType: 'image/jpeg', buffer: photo } },
    });
    expect(res.status()).toBe(201);
  }

  await signIn(page, worker.token, '/dashboard');
  for (const text of texts) await expect(page.getByText(text)).toBeVisible();
  const images = page.getByAltText('Imagen publicada por Julia Muro');
  await expect(images).toHaveCount(3);
  // The first one on screen; lazy images below the fold are only checked for their attributes.
  await expectThumbnail(images.first(), 'eager');
  const all = await images.all();
  for (const [index, img] of all.entries()) {
    await expect(img).toHaveAttribute('src', /_thumb\.webp$/);
    await expect(img).toHaveAttribute('width', /^\d+$/);
    await expect(img).toHaveAttribute('height', /^\d+$/);
    // The first photo is likely the largest paint: it loads at once, with high priority.
    if (index === 0) {
      await expect(img).toHaveAttribute('loading', 'eager');
      await expect(img).toHaveAttribute('fetchpriority', 'high');
    } else {
      await expect(img).toHaveAttribute('loading', 'lazy');
    }
  }
});
