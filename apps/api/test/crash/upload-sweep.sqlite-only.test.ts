import { randomUUID } from 'node:crypto';
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_COLUMNS, SWEEP_MIN_AGE_MS, sweepOrphanUploads } from '../../src/lib/upload-sweep';
import { pgUnavailable, useTestApp } from '../helper';

const jpeg = () =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .jpeg()
    .toBuffer();
const anHourAgo = () => new Date(Date.now() - 60 * 60_000);

describe.skipIf(pgUnavailable)('orphaned upload sweep', () => {
  const t = useTestApp({}, { each: true });

  it('removes old unreferenced files and keeps referenced, recent and foreign ones', async () => {
    const station = await t.createArco();
    const worker = await t.createWorker(station);
    const created = await t.sendForm(
      worker.token,
      'POST',
      '/api/wall/posts',
      { content: 'Publicación con foto' },
      { image: { data: await jpeg(), filename: 'a.jpg', type: 'image/jpeg' } },
    );
    expect(created.statusCode).toBe(201);
    const { image_path, image_thumb } = created.json().post;
    const referenced = [image_path, image_thumb].map((p: string) => p.replace('/uploads/', ''));

    const oldOrphan = `${randomUUID()}.webp`;
    const oldOrphanThumb = oldOrphan.replace('.webp', '_thumb.webp');
    const youngOrphan = `${randomUUID()}.webp`;
    const foreign = 'LEEME.txt';
    for (const name of [oldOrphan, oldOrphanThumb, youngOrphan, foreign]) writeFileSync(path.join(t.uploadsDir, name), 'x');
    for (const name of [oldOrphan, oldOrphanThumb, foreign, ...referenced])
      utimesSync(path.join(t.uploadsDir, name), anHourAgo(), anHourAgo());

    const result = await sweepOrphanUploads(t.db, t.uploadsDir);

    expect(result.removed.sort()).toEqual([oldOrphan, oldOrphanThumb].sort());
    expect(t.uploadedFiles()).toEqual([foreign, youngOrphan, ...referenced].sort());
    const served = await t.app.inject({ method: 'GET', url: image_path });
    expect(served.statusCode).toBe(200);
  });

  it('keeps an orphan younger than the minimum age, which another instance may be about to reference', async () => {
    const name = `${randomUUID()}_thumb.webp`;
    writeFileSync(path.join(t.uploadsDir, name), 'x');
    const almost = new Date(Date.now() - SWEEP_MIN_AGE_MS + 60_000);
    utimesSync(path.join(t.uploadsDir, name), almost, almost);
    expect((await sweepOrphanUploads(t.db, t.uploadsDir)).removed).toEqual([]);
    expect(existsSync(path.join(t.uploadsDir, name))).toBe(true);
  });

  it('knows every image column of the schema', () => {
    const sqlite = t.handle.sqlite!;
    const tables = sqlite
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .pluck()
      .all() as string[];
    const found: Record<string, string[]> = {};
    for (const table of tables) {
      const columns = (sqlite.pragma(`table_info(${table})`) as { name: string }[])
        .map((c) => c.name)
        .filter((c) => /imag|thumb|photo|foto|file|upload/i.test(c));
      if (columns.length) found[table] = columns.sort();
    }
    const known = Object.fromEntries(Object.entries(IMAGE_COLUMNS).map(([table, columns]) => [table, [...columns].sort()]));
    expect(found).toEqual(known);
  });
});
