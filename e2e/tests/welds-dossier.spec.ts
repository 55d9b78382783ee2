import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { wps } from '../../apps/api/test/welds-procedure';
import { expectNoViolations } from '../a11y';
import { expect, signIn, test, unique } from '../fixtures';

// The weld dossier downloaded from the tramo's detail, and a lot's 3.1 certificate on the lots screen
// (docs/decisions/075-weld-dossier.md, 076-lot-certificates.md).
test.use({ viewport: { width: 1280, height: 800 } });

async function call<T>(request: APIRequestContext, token: string, method: 'post' | 'put', url: string, data?: unknown): Promise<T> {
  const res = await request[method](url, { data, headers: { Authorization: `Bearer ${token}` } });
  if (res.status() >= 300) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

test('an administrator downloads the weld dossier of a tramo from its detail; a worker does not see it', async ({ page, seed }) => {
  const admin = await seed.adminToken();
  const station = await seed.station();
  const operator = await seed.worker(station, unique('Operaria Dossier '));
  const project = unique('P-DOS-');
  const tramo = unique('T-DOS-');
  const request = page.request;

  const code = unique('WPS-');
  const procedure = await call<{ procedure: { id: number } }>(request, admin, 'post', '/api/welds/procedures', wps(code, '2026-01-01'));
  const procedureId = procedure.procedure.id;
  await call(request, admin, 'post', `/api/welds/procedures/${procedureId}/revisions/1/approve`);
  await call(request, admin, 'post', '/api/welds/qualifications', {
    user_id: operator.id,
    standard: 'ISO 14732',
    certificate_number: unique('CERT-'),
    process: 121,
    issued_on: '2026-01-01',
    expires_on: '2029-01-01',
  });
  const lotNumber = unique('F-');
  const lot = await call<{ lot: { id: number } }>(request, admin, 'post', '/api/welds/lots', {
    kind: 'fundente',
    classification: 'SA FB 1',
    maker: 'Aceros del Norte',
    lot_number: lotNumber,
    received_on: '2026-01-10',
  });

  const circulares: number[] = [];
  for (const circular of ['C-01', 'C-02']) {
    const res = await request.post('/api/tramos', {
      headers: { Authorization: `Bearer ${operator.token}` },
      multipart: {
        id_proyecto: project,
        id_tramo: tramo,
        id_circular: circular,
        arco_sumergido_id: String(station.id),
        circular_fecha: '2026-05-12',
      },
    });
    expect(res.status()).toBe(201);
    const id = ((await res.json()) as { tramo: { id: number } }).tramo.id;
    circulares.push(id);
    await call(request, admin, 'put', `/api/welds/seams/${id}`, {
      procedure_id: procedureId,
      operator_ids: [operator.id],
      lot_ids: [lot.lot.id],
    });
  }
  const inspected = await call<{ seam: { inspections: { defects: { id: number }[] }[] } }>(
    request,
    admin,
    'post',
    `/api/welds/seams/${circulares[1]}/inspections`,
    {
      method: 'UT',
      extent_percent: 100,
      inspected_length_mm: 9420,
      result: 'reparar',
      inspected_on: '2026-05-13',
      defects: [{ code: '301', position_mm: 800, length_mm: 25, level: 'C' }],
    },
  );
  await call(request, admin, 'post', `/api/welds/defects/${inspected.seam.inspections[0].defects[0].id}/repair`, {
    procedure_id: procedureId,
    operator_id: operator.id,
    repaired_on: '2026-05-14',
  });

  // A plain worker sees the tramo but not the dossier (the server refuses it too: apps/api/test/welds-dossier.test.ts).
  await signIn(page, operator.token, `/dashboard/tramo/${circulares[0]}`);
  await expect(page.getByRole('heading', { name: 'Detalles del Tramo' })).toBeVisible();
  await expect(page.getByText(tramo)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descargar dossier (PDF)' })).toHaveCount(0);

  await signIn(page, admin, `/dashboard/tramo/${circulares[0]}`);
  const pdfButton = page.getByRole('button', { name: 'Descargar dossier (PDF)' });
  await expect(pdfButton).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descargar dossier (CSV)' })).toBeVisible();
  await expectNoViolations(page, '/dashboard/tramo/:id with the weld dossier', '#main');

  const downloading = page.waitForEvent('download');
  await pdfButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`dossier_${project}_${tramo}.pdf`);
  const file = await download.path();
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  for (const circular of ['C-01', 'C-02']) expect(text).toContain(`Circular ${circular} · Tramo ${tramo}`);
  expect(text).toContain(`${operator.name} (ISO 14732`);
  expect(text).toContain(`Fundente ${lotNumber} (SA FB 1, Aceros del Norte)`);
  expect(text).toContain('Defecto 301 Inclusión de escoria a 800 mm, 25 mm, nivel C');
  expect(text).toContain(`Reparación: ${code} rev. 1 por ${operator.name}`);
  for (let n = 1; n <= pages; n++) expect(text).toContain(`Página ${n} de ${pages}`);
  await expect(page.getByText(`¡Dossier descargado! (dossier_${project}_${tramo}.pdf)`)).toBeVisible();

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar dossier (CSV)' }).click();
  const csv = await readFile(await (await csvDownload).path(), 'utf8');
  expect(csv.split('\r\n').filter((line) => line.includes(tramo))).toHaveLength(2);
});

test('an administrator attaches a 3.1 certificate to a lot and downloads it; the lots screen stays axe-clean', async ({ page, seed }) => {
  const admin = await seed.adminToken();
  const lotNumber = unique('A-CERT-');
  await call(page.request, admin, 'post', '/api/welds/lots', {
    kind: 'alambre',
    classification: 'S2',
    maker: 'Trefilería del Sur',
    lot_number: lotNumber,
    received_on: '2026-02-01',
  });
  await signIn(page, admin, '/admin/soldadura/lotes');
  const row = page.getByTestId('lot-row').filter({ has: page.getByRole('rowheader', { name: lotNumber, exact: true }) });
  await expect(row).toContainText('Sin certificado');

  // What is no certificate: the server's Spanish message.
  await row
    .getByLabel(`Archivo del certificado 3.1 ${lotNumber}`)
    .setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
  await expect(page.getByRole('alert').filter({ hasText: 'El certificado debe ser un PDF o una imagen JPEG o PNG.' })).toBeVisible();

  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
  await row
    .getByLabel(`Archivo del certificado 3.1 ${lotNumber}`)
    .setInputFiles({ name: 'certificado-3.1.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText('Certificado 3.1 adjuntado.')).toBeVisible();
  await expect(row.getByRole('button', { name: `Sustituir certificado 3.1 ${lotNumber}` })).toBeVisible();
  await expectNoViolations(page, '/admin/soldadura/lotes with a certificate', '#main');

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Descargar certificado ${lotNumber}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('certificado-3.1.pdf');
  expect((await readFile(await download.path())).equals(pdf)).toBe(true);
});
