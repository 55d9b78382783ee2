import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { weldMessages as m } from '@portal/contract/welds';
import { dossierMessages as d } from '@portal/contract/welds-dossier';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from './helper';
import { pgUnavailable, useSeed, useTestApp } from './helper';
import { approvedProcedure, inspect, inspection, newLot, ok, qualify, trace } from './welds-helpers';

// The weld dossier of a tramo and of a project, PDF and CSV, on both engines
// (docs/decisions/075-weld-dossier.md): the PDF read back with Debian's pdftotext contains every
// circular, lot, operator and defect and counts its pages; the CSV equals the list written by hand.

const PLANT = 'Calderería Peñíscola, S.A. — 3.º taller (€)';

/** A PDF's text and its page count, through poppler-utils. */
function readPdf(bytes: Buffer): { text: string; pages: number; images: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'dossier-'));
  try {
    const file = path.join(dir, 'dossier.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').length - 2;
    return { text, pages, images };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(pgUnavailable)('weld dossier', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { uno: 'Arco Dossier 1' },
    workers: {
      ana: ['uno', 'Ana Ñúñez'],
      beto: ['uno', 'Beto Operario'],
      carla: ['uno', 'Carla Calidad'],
      pepe: ['uno', 'Pepe Sinpermiso'],
    },
  });
  const ids: Record<string, number> = {};

  /** A circular of a tramo recorded by a worker through the seed's route, with a photo when given. */
  async function circular(worker: Worker, idTramo: string, idCircular: string, photo?: Buffer): Promise<number> {
    const res = await t.sendForm(
      worker.token,
      'POST',
      '/api/tramos',
      {
        id_proyecto: 'P-DOS',
        id_tramo: idTramo,
        id_circular: idCircular,
        arco_sumergido_id: worker.station.id,
        circular_fecha: '2026-05-12',
      },
      photo ? { imagen: { data: photo, filename: 'foto.jpg', type: 'image/jpeg' } } : {},
    );
    return (await ok(res, 201)).tramo.id;
  }

  beforeAll(async () => {
    const admin = seed.admin;
    await ok(await t.send(admin, 'PUT', `/api/admin/users/${seed.carla.id}/weld-roles`, { calidad: ['Nave 1'] }));
    await ok(await t.send(admin, 'PUT', '/api/admin/welds/settings', { qualification_mode: 'flag', plant_name: PLANT }));
    const carla = seed.carla.token;
    const wps = await approvedProcedure(t, carla, 'WPS-121-A', '2026-01-01');
    const repairWps = await approvedProcedure(t, carla, 'WPS-R-01', '2026-01-01');
    await qualify(t, carla, seed.ana.id, '2026-01-01', '2028-01-01');
    // Beto's qualification expired before the circulares' day: his seam is flagged.
    await qualify(t, carla, seed.beto.id, '2024-01-01', '2026-05-01');
    const wire = await newLot(t, carla, 'alambre', 'A-2026-001');
    const flux = await newLot(t, carla, 'fundente', 'F-2026-º7');
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .jpeg()
      .toBuffer();

    ids.c1 = await circular(seed.ana, 'T-DOS', 'C-01', photo);
    ids.c2 = await circular(seed.ana, 'T-DOS', 'C-02');
    ids.c3 = await circular(seed.beto, 'T-DOS', 'C-03');
    ids.other = await circular(seed.ana, 'T-OTRO', 'C-09');

    await trace(t, carla, ids.c1, wps, [seed.ana.id], [wire, flux]);
    await inspect(t, carla, ids.c1, inspection({ method: 'VT', inspected_length_mm: 9_420, inspected_on: '2026-05-13' }));
    await inspect(t, carla, ids.c1, inspection({ method: 'UT', inspected_length_mm: 9_420, inspected_on: '2026-05-14' }));

    await trace(t, carla, ids.c2, wps, [seed.ana.id, seed.beto.id], [wire]);
    const found = await inspect(
      t,
      carla,
      ids.c2,
      inspection({
        method: 'UT',
        inspected_length_mm: 9_420,
        result: 'reparar',
        inspected_on: '2026-05-14',
        defects: [{ code: '2011', position_mm: 1_200, length_mm: 15, level: 'B' }],
      }),
    );
    const defect = found.inspections[0].defects[0];
    const repaired = await ok(
      await t.send(carla, 'POST', `/api/welds/defects/${defect.id}/repair`, {
        procedure_id: repairWps,
        operator_id: seed.ana.id,
        repaired_on: '2026-05-15',
      }),
      201,
    );
    const repair = repaired.seam.inspections[0].defects[0].repair;
    await ok(
      await t.send(
        carla,
        'POST',
        `/api/welds/repairs/${repair.id}/reinspection`,
        inspection({ method: 'UT', inspected_length_mm: 300, inspected_on: '2026-05-16' }),
      ),
      201,
    );
    await trace(t, carla, ids.other, wps, [seed.ana.id], [flux]);
  });

  it("writes a tramo's dossier as a PDF whose text holds every circular, lot, operator, defect and repair, and its page count", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/welds/dossier.pdf?id_proyecto=P-DOS&id_tramo=T-DOS',
      headers: { authorization: `Bearer ${seed.carla.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="dossier_P-DOS_T-DOS.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.DOSSIER_DUMP) writeFileSync(process.env.DOSSIER_DUMP, res.rawPayload);
    const { text, pages, images } = readPdf(res.rawPayload);
    const flat = text.replace(/\s+/g, ' ');

    expect(flat).toContain(PLANT);
    expect(flat).toContain(`${d.title}`);
    expect(flat).toContain('Proyecto P-DOS · Tramo T-DOS');
    // Every circular of the tramo, and none of another tramo.
    for (const c of ['C-01', 'C-02', 'C-03']) expect(flat).toContain(`Circular ${c} · Tramo T-DOS`);
    expect(flat).not.toContain('C-09');
    // Procedures and revisions, operators with their qualification that day, lots.
    expect(flat).toContain('Procedimiento: WPS-121-A rev. 1 (proceso 121 Arco sumergido con un hilo, en vigor desde el 01/01/2026)');
    expect(flat).toContain(`Ana Ñúñez (ISO 14732 CERT-${seed.ana.id}-2026-01-01, caduca el 01/01/2028): cualificación válida ese día`);
    expect(flat).toContain('Beto Operario: SIN cualificación válida ese día');
    expect(flat).toContain('Alambre A-2026-001 (S2, Aceros Norte)');
    expect(flat).toContain('Fundente F-2026-º7 (SA FB 1, Aceros Norte)');
    // Inspections, the defect (ISO 6520-1 number and name, position, length, level), its repair and re-inspection.
    expect(flat).toContain('Inspección: VT Inspección visual, 100 % de 9420 mm, el 13/05/2026 por Carla Calidad: Aceptada');
    expect(flat).toContain('Inspección: UT Ultrasonidos, 100 % de 9420 mm, el 14/05/2026 por Carla Calidad: Reparar');
    expect(flat).toContain('Defecto 2011 Poro a 1200 mm, 15 mm, nivel B');
    expect(flat).toContain(
      `Reparación: WPS-R-01 rev. 1 por Ana Ñúñez (CERT-${seed.ana.id}-2026-01-01) el 15/05/2026, cualificación válida ese día`,
    );
    expect(flat).toContain(
      'Reinspección de la reparación (2011 Poro a 1200 mm): UT Ultrasonidos, 100 % de 300 mm, el 16/05/2026 por Carla Calidad: Aceptada',
    );
    expect(flat).toContain(d.noRecord);
    // The summary page.
    expect(flat).toMatch(/Circulares 3 /);
    expect(flat).toMatch(/Con registro de soldadura 2 /);
    expect(flat).toMatch(/Defectos 1 /);
    expect(flat).toMatch(/Reparaciones 1 /);
    expect(flat).toContain('• WPS-121-A rev. 1 • WPS-R-01 rev. 1');
    // The photo of C-01, read through the object store; 'Sin foto' for the others.
    expect(images).toBe(1);
    expect(flat).toContain(d.noPhoto);
    // 'Página N de M' on every page, M the document's own page count.
    expect(pages).toBeGreaterThanOrEqual(2);
    for (let n = 1; n <= pages; n++) expect(flat).toContain(`Página ${n} de ${pages}`);
    expect(flat).not.toContain(`Página ${pages + 1} de`);
  });

  it("writes a project's dossier with all its tramos", async () => {
    const res = await t.send(seed.admin, 'GET', '/api/welds/dossier.pdf?id_proyecto=P-DOS');
    expect(res.statusCode).toBe(200);
    const flat = readPdf(res.rawPayload).text.replace(/\s+/g, ' ');
    expect(flat).toContain('Proyecto P-DOS · Todos los tramos');
    for (const c of ['C-01 · Tramo T-DOS', 'C-02 · Tramo T-DOS', 'C-03 · Tramo T-DOS', 'C-09 · Tramo T-OTRO'])
      expect(flat).toContain(`Circular ${c}`);
  });

  it('writes the same content as CSV, one row per finding, equal to the list written by hand', async () => {
    const res = await t.send(seed.carla.token, 'GET', '/api/welds/dossier.csv?id_proyecto=P-DOS&id_tramo=T-DOS');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('filename="dossier_P-DOS_T-DOS.csv"');
    const ana = `Ana Ñúñez (ISO 14732 CERT-${seed.ana.id}-2026-01-01, caduca el 01/01/2028): cualificación válida ese día`;
    const beto = 'Beto Operario: SIN cualificación válida ese día';
    const c1 = `P-DOS;T-DOS;C-01;12/05/2026;Arco Dossier 1;Nave 1;Aceptada;WPS-121-A;1;121;${ana};A-2026-001;F-2026-º7`;
    const c2 = `P-DOS;T-DOS;C-02;12/05/2026;Arco Dossier 1;Nave 1;Aceptada;WPS-121-A;1;121;${ana} | ${beto};A-2026-001;`;
    const expected = [
      `\uFEFF${d.csvColumns.join(';')}`,
      `${c1};Inspección visual;;100;9420;13/05/2026;Carla Calidad;Aceptada;;;;;;;;;;Sí`,
      `${c1};Ultrasonidos;;100;9420;14/05/2026;Carla Calidad;Aceptada;;;;;;;;;;Sí`,
      `${c2};Ultrasonidos;;100;9420;14/05/2026;Carla Calidad;Reparar;2011;Poro;1200;15;B;WPS-R-01 rev. 1;Ana Ñúñez;15/05/2026;Sí;No`,
      `${c2};Ultrasonidos;2011 Poro a 1200 mm;100;300;16/05/2026;Carla Calidad;Aceptada;;;;;;;;;;No`,
      'P-DOS;T-DOS;C-03;12/05/2026;Arco Dossier 1;Nave 1;Sin registro de soldadura;;;;;;;;;;;;;;;;;;;;;;;No',
      '',
    ].join('\r\n');
    expect(res.body).toBe(expected);
  });

  it('is for Calidad and administrators only, and answers a missing tramo or project in Spanish', async () => {
    for (const url of ['/api/welds/dossier.pdf?id_proyecto=P-DOS&id_tramo=T-DOS', '/api/welds/dossier.csv?id_proyecto=P-DOS']) {
      const worker = await t.send(seed.pepe.token, 'GET', url);
      expect(worker.statusCode, url).toBe(403);
      expect(worker.json()).toEqual({ message: m.notCalidadAnywhere });
      expect((await t.send(null, 'GET', url)).statusCode).toBe(401);
    }
    const missing = await t.send(seed.carla.token, 'GET', '/api/welds/dossier.pdf?id_proyecto=P-DOS&id_tramo=T-NADA');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: d.tramoNotFound });
    const project = await t.send(seed.carla.token, 'GET', '/api/welds/dossier.csv?id_proyecto=P-NADA');
    expect(project.statusCode).toBe(404);
    expect(project.json()).toEqual({ message: d.projectNotFound });
    const bad = await t.send(seed.carla.token, 'GET', '/api/welds/dossier.pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: d.projectRequired });
    const long = await t.send(seed.carla.token, 'GET', `/api/welds/dossier.pdf?id_proyecto=${'x'.repeat(101)}`);
    expect(long.json()).toEqual({ message: d.idTooLong });
  });

  it("keeps the plant's name as a setting: audited, refused past its length", async () => {
    const settings = await ok(await t.send(seed.admin, 'GET', '/api/admin/welds/settings'));
    expect(settings).toEqual({ qualification_mode: 'flag', plant_name: PLANT });
    const tooLong = await t.send(seed.admin, 'PUT', '/api/admin/welds/settings', {
      qualification_mode: 'flag',
      plant_name: 'x'.repeat(121),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: d.plantNameTooLong });
    // Left out, the name stays.
    await ok(await t.send(seed.admin, 'PUT', '/api/admin/welds/settings', { qualification_mode: 'flag' }));
    expect((await ok(await t.send(seed.admin, 'GET', '/api/admin/welds/settings'))).plant_name).toBe(PLANT);
    const audit = await ok(await t.send(seed.admin, 'GET', '/api/admin/audit?entity=weld_settings'));
    expect(audit.items.some((i: { changes: Record<string, { after: unknown }> }) => i.changes.plant_name?.after === PLANT)).toBe(true);
  });
});
