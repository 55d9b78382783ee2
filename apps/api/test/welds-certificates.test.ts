import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { auditMessages } from '@portal/contract/audit';
import { messages } from '@portal/contract/common';
import { weldMessages as m } from '@portal/contract/welds';
import { dossierMessages as d } from '@portal/contract/welds-dossier';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FolderStore } from '../src/lib/storage';
import { sweepOrphanFiles } from '../src/lib/upload-sweep';
import { pgUnavailable, TEST_STORAGE, useSeed, useTestApp } from './helper';
import { newLot, ok } from './welds-helpers';

// A consumable lot's 3.1 certificate as an attached file (docs/decisions/076-lot-certificates.md):
// uploaded by Calidad or an administrator, complete or absent in the object store, downloaded with
// authorization, in the history, and swept when no lot names it.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

describe.skipIf(pgUnavailable)('lot certificates 3.1', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { uno: 'Arco Certificados' },
    workers: { carla: ['uno', 'Carla Calidad'], pepe: ['uno', 'Pepe Operario'] },
  });
  const upload = (token: string, lot: number, data: Buffer, filename: string, type = 'application/octet-stream') =>
    t.sendForm(token, 'POST', `/api/welds/lots/${lot}/certificate`, {}, { certificado: { data, filename, type } });
  const certificates = async () =>
    (await t.db.selectFrom('weld_lots').select('certificate_path').where('certificate_path', 'is not', null).execute()).map(
      (r) => r.certificate_path,
    );

  it('attaches a PDF, serves it back to Calidad and administrators only, and lists it in the history', async () => {
    await ok(await t.send(seed.admin, 'PUT', `/api/admin/users/${seed.carla.id}/weld-roles`, { calidad: ['Nave 1'] }));
    const lot = await newLot(t, seed.carla.token, 'fundente', 'F-CERT-1');

    const refused = await upload(seed.pepe.token, lot, PDF, 'certificado.pdf');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: m.notCalidadAnywhere });
    expect(await certificates()).toEqual([]);

    const saved = await ok(await upload(seed.carla.token, lot, PDF, 'Certificado 3.1 año 2026.pdf', 'application/pdf'));
    expect(saved.message).toBe(d.certificateSaved);
    expect(saved.lot.certificate).toEqual({
      name: 'Certificado 3.1 año 2026.pdf',
      type: 'application/pdf',
      size: PDF.length,
      uploaded_at: expect.any(String),
    });
    expect(saved.lot.certificate_path).toMatch(/^certificates\/[0-9a-f-]{36}\.pdf$/);
    expect((await ok(await t.send(seed.pepe.token, 'GET', `/api/welds/lots/${lot}`))).certificate.name).toBe(
      'Certificado 3.1 año 2026.pdf',
    );

    for (const token of [seed.carla.token, seed.admin]) {
      const res = await t.send(token, 'GET', `/api/welds/lots/${lot}/certificate`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Certificado 3.1 ano 2026.pdf"; filename*=UTF-8''${encodeURIComponent('Certificado 3.1 año 2026.pdf')}`,
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(PDF)).toBe(true);
    }
    const worker = await t.send(seed.pepe.token, 'GET', `/api/welds/lots/${lot}/certificate`);
    expect(worker.statusCode).toBe(403);
    expect(worker.json()).toEqual({ message: m.notCalidadAnywhere });
    expect((await t.send(null, 'GET', `/api/welds/lots/${lot}/certificate`)).statusCode).toBe(401);

    const audit = await ok(await t.send(seed.admin, 'GET', `/api/admin/audit?entity=weld_lot&entity_id=${lot}&action=certificate`));
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0].changes.certificate_name).toEqual({ before: null, after: 'Certificado 3.1 año 2026.pdf' });
    expect(auditMessages.actions.certificate).toBe('Certificado 3.1 adjuntado');
    expect(auditMessages.fields.certificate_name).toBe('Certificado 3.1');
  });

  it('replaces a certificate with a scan and removes the old file; refuses what is no certificate in Spanish, writing nothing', async () => {
    const lot = await newLot(t, seed.carla.token, 'alambre', 'A-CERT-2');
    const first = (await ok(await upload(seed.carla.token, lot, PDF, 'primero.pdf'))).lot.certificate_path;
    const scan = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 250, g: 250, b: 250 } } })
      .png()
      .toBuffer();
    const second = (await ok(await upload(seed.carla.token, lot, scan, 'escaneo.png'))).lot;
    expect(second.certificate).toMatchObject({ name: 'escaneo.png', type: 'image/png', size: scan.length });
    expect(second.certificate_path).toMatch(/\.png$/);
    const res = await t.send(seed.carla.token, 'GET', `/api/welds/lots/${lot}/certificate`);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(scan)).toBe(true);
    const store = new FolderStore(t.dataDir);
    if (TEST_STORAGE === 'folder') {
      expect(await store.head(first)).toBeNull();
      expect(await store.head(second.certificate_path)).not.toBeNull();
    }

    const before = await certificates();
    const cases: [Buffer | null, string, number, string][] = [
      [Buffer.from('esto no es un certificado'), 'nota.txt', 415, d.certificateType],
      [Buffer.from('GIF89a......'), 'imagen.gif', 415, d.certificateType],
      [null, '', 400, d.certificateMissing],
      [Buffer.alloc(10 * 1024 * 1024 + 1, 0x25), 'enorme.pdf', 413, d.certificateTooLarge],
    ];
    for (const [data, filename, status, message] of cases) {
      const res = data
        ? await upload(seed.carla.token, lot, data, filename)
        : await t.sendForm(seed.carla.token, 'POST', `/api/welds/lots/${lot}/certificate`, { nota: 'sin archivo' });
      expect(res.statusCode, filename).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    const missing = await upload(seed.carla.token, 999_999, PDF, 'x.pdf');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: m.lotNotFound });
    const json = await t.send(seed.carla.token, 'POST', `/api/welds/lots/${lot}/certificate`, { certificado: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: messages.unsupportedMedia });
    expect(await certificates()).toEqual(before);
    const none = await t.send(
      seed.carla.token,
      'GET',
      `/api/welds/lots/${await newLot(t, seed.carla.token, 'alambre', 'A-SIN')}/certificate`,
    );
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: d.certificateNotFound });
  });

  it.skipIf(TEST_STORAGE !== 'folder')(
    'sweeps a certificate file no lot names, after the grace period, and keeps the named ones',
    async () => {
      const store = new FolderStore(t.dataDir);
      const orphan = 'certificates/00000000-0000-4000-8000-000000000000.pdf';
      const fresh = 'certificates/00000000-0000-4000-8000-000000000001.pdf';
      await store.put(orphan, PDF, 'application/pdf');
      await store.put(fresh, PDF, 'application/pdf');
      const old = new Date(Date.now() - 3_600_000);
      await utimes(path.join(t.dataDir, orphan), old, old);
      const named = await certificates();
      for (const key of named) if (key) await utimes(path.join(t.dataDir, key), old, old);

      const { removed } = await sweepOrphanFiles(t.db, store);
      expect(removed).toEqual([orphan]);
      expect(await store.head(orphan)).toBeNull();
      expect(await store.head(fresh)).not.toBeNull();
      for (const key of named) expect(await store.head(key as string), key as string).not.toBeNull();
    },
  );
});
