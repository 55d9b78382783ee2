import { messages } from '@portal/contract/common';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadMessages } from '../../src/plugins/uploads';
import { bearer, pgUnavailable, useTestApp, type Worker } from '../helper';
import {
  GIF,
  HTML,
  jpegDeclaring,
  jpegWithHtmlAppended,
  jpegWithHtmlComment,
  pngDeclaring,
  pngWithHugeExif,
  SVG,
  smallJpeg,
  smallPng,
  tinyTiff,
} from './fuzz/hostile-images';
import { buildMultipart } from './fuzz/multipart';

/**
 * A hostile set of uploads through the two real upload routes: each file is refused with the right
 * status and a Spanish message and leaves nothing behind, or is re-encoded into a clean WebP under
 * a generated name.
 */
interface Upload {
  data: Buffer;
  filename: string;
  type: string;
}
type Outcome = { status: 413 | 415; message: string } | 'stored';

const SCRIPT = '<script>alert(document.cookie)</script>';
const refused = (status: 413 | 415, message: string): Outcome => ({ status, message });
const notAnImage = refused(415, messages.notAnImage);

const cases: { name: string; file: () => Promise<Upload>; outcome: Outcome }[] = [
  {
    name: 'an HTML page renamed .jpg, sent as image/jpeg',
    file: async () => ({ data: HTML, filename: 'foto.jpg', type: 'image/jpeg' }),
    outcome: notAnImage,
  },
  {
    name: 'an SVG with script renamed .jpg, sent as image/jpeg',
    file: async () => ({ data: SVG, filename: 'foto.jpg', type: 'image/jpeg' }),
    outcome: notAnImage,
  },
  {
    name: 'a JPEG/HTML polyglot (script in a JPEG comment)',
    file: async () => ({ data: await jpegWithHtmlComment(`<html>${SCRIPT}</html>`), filename: 'poly.jpg', type: 'image/jpeg' }),
    outcome: 'stored',
  },
  {
    name: 'a JPEG/HTML polyglot (HTML after the end of the image)',
    file: async () => ({ data: await jpegWithHtmlAppended(`<html>${SCRIPT}</html>`), filename: 'poly.html', type: 'text/html' }),
    outcome: 'stored',
  },
  {
    name: 'a PNG declaring 50,000 x 50,000 pixels',
    file: async () => ({ data: pngDeclaring(50_000, 50_000), filename: 'bomb.png', type: 'image/png' }),
    outcome: refused(413, uploadMessages.tooManyPixels),
  },
  {
    name: 'a JPEG declaring 65,000 x 65,000 pixels',
    file: async () => ({ data: await jpegDeclaring(65_000, 65_000), filename: 'bomb.jpg', type: 'image/jpeg' }),
    outcome: refused(413, uploadMessages.tooManyPixels),
  },
  {
    name: 'a truncated JPEG',
    file: async () => {
      const jpeg = await smallJpeg(400, 300);
      return { data: jpeg.subarray(0, Math.floor(jpeg.length / 2)), filename: 'cortada.jpg', type: 'image/jpeg' };
    },
    outcome: notAnImage,
  },
  {
    name: 'a zero-byte file',
    file: async () => ({ data: Buffer.alloc(0), filename: 'vacia.jpg', type: 'image/jpeg' }),
    outcome: notAnImage,
  },
  {
    name: 'a valid PNG named ../../etc/passwd.jpg',
    file: async () => ({ data: await smallPng(), filename: '../../etc/passwd.jpg', type: 'image/jpeg' }),
    outcome: 'stored',
  },
  {
    name: 'a valid PNG named ..\\..\\x.png',
    file: async () => ({ data: await smallPng(), filename: '..\\..\\x.png', type: 'image/png' }),
    outcome: 'stored',
  },
  { name: 'a GIF', file: async () => ({ data: GIF, filename: 'anim.gif', type: 'image/gif' }), outcome: notAnImage },
  { name: 'a TIFF', file: async () => ({ data: await tinyTiff(), filename: 'scan.tiff', type: 'image/tiff' }), outcome: notAnImage },
  {
    name: 'a file of 10 MB + 1 byte',
    file: async () => {
      const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
      big.set(await smallJpeg());
      return { data: big, filename: 'grande.jpg', type: 'image/jpeg' };
    },
    outcome: refused(413, messages.fileTooLarge),
  },
  {
    name: 'a valid PNG with a 5 MB EXIF block',
    file: async () => ({ data: await pngWithHugeExif(5 * 1024 * 1024), filename: 'exif.png', type: 'image/png' }),
    outcome: 'stored',
  },
];

describe.skipIf(pgUnavailable)('hostile uploads', () => {
  const t = useTestApp();
  let worker: Worker;

  beforeAll(async () => {
    worker = await t.createWorker(await t.createArco('Arco Subidas'), 'Subidas');
  });

  const routes = [
    {
      url: '/api/tramos',
      table: 'tramos' as const,
      fileField: 'imagen',
      fields: () => ({ id_tramo: 'TR-100', id_proyecto: 'PR-100', id_circular: 'CI-100', arco_sumergido_id: String(worker.station.id) }),
      stored: (body: { tramo: { imagen: string | null; imagen_thumb: string | null } }) => [body.tramo.imagen, body.tramo.imagen_thumb],
    },
    {
      url: '/api/wall/posts',
      table: 'wall_posts' as const,
      fileField: 'image',
      fields: () => ({ content: 'Foto del turno de noche' }),
      stored: (body: { post: { image_path: string | null; image_thumb: string | null } }) => [body.post.image_path, body.post.image_thumb],
    },
  ];

  async function upload(route: (typeof routes)[number], file: Upload) {
    const parts = [
      ...Object.entries(route.fields()).map(([name, data]) => ({ name, data })),
      { name: route.fileField, filename: file.filename, contentType: file.type, data: file.data },
    ];
    const body = buildMultipart(parts);
    return t.app.inject({
      method: 'POST',
      url: route.url,
      headers: { ...bearer(worker.token), 'content-type': body.contentType },
      payload: body.payload,
    });
  }

  for (const route of routes) {
    describe(`POST ${route.url}`, () => {
      for (const c of cases) {
        it(`${c.name}: ${c.outcome === 'stored' ? 're-encoded into a clean WebP' : `refused with ${c.outcome.status}`}`, async () => {
          const file = await c.file();
          const filesBefore = t.uploadedFiles();
          const rowsBefore = await t.countRows(route.table);
          const res = await upload(route, file);

          if (c.outcome !== 'stored') {
            expect(res.statusCode, res.body).toBe(c.outcome.status);
            expect(res.json()).toEqual({ message: c.outcome.message });
            expect(t.uploadedFiles()).toEqual(filesBefore);
            expect(await t.countRows(route.table)).toBe(rowsBefore);
            return;
          }

          expect(res.statusCode, res.body).toBe(201);
          const [full, thumb] = route.stored(res.json());
          expect(full).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
          expect(thumb).toMatch(/^\/uploads\/[0-9a-f-]{36}_thumb\.webp$/);
          // Nothing of the client's file name survives: not in the answer, not on disk.
          const clientName = file.filename.replace(/^.*[\\/]/, '');
          expect(res.body).not.toContain(clientName);
          const added = t.uploadedFiles().filter((f) => !filesBefore.includes(f));
          expect(added.sort()).toEqual([full!.slice('/uploads/'.length), thumb!.slice('/uploads/'.length)].sort());
          for (const name of added) expect(name).toMatch(/^[0-9a-f-]{36}(_thumb)?\.webp$/);

          for (const publicPath of [full!, thumb!]) {
            const served = await t.app.inject({ method: 'GET', url: publicPath });
            expect(served.statusCode).toBe(200);
            expect(served.headers['content-type']).toBe('image/webp');
            expect(served.headers['x-content-type-options']).toBe('nosniff');
            expect(served.headers['content-disposition'] ?? '').not.toContain(clientName);
            const bytes = served.rawPayload;
            expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
            expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
            const text = bytes.toString('latin1');
            expect(text).not.toMatch(/<script|<html|<svg|alert\(/i);
            const meta = await sharp(bytes).metadata();
            expect(meta.format).toBe('webp');
            expect(meta.exif).toBeUndefined();
            expect(bytes.length).toBeLessThan(200 * 1024);
          }
        });
      }
    });
  }
});
