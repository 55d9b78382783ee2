import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { wps } from '../../apps/api/test/welds-procedure';
import { expectNoViolations } from '../a11y';
import { expect, signIn, test, unique } from '../fixtures';

// The recalls and the figures on screen (docs/decisions/087-weld-figures-screens.md): an administrator
// traces a lot's circulares (and downloads them as CSV) and reads April 2026's repair rate, Pareto of
// defect types and first-pass yield. April 2026 holds only this test's seams (each run starts from an
// empty database; the other weld specs weld in May and June), so every figure is worked out by hand:
//
//   circular  lots      inspected (UT)   defects (mm)              repaired
//   C-01      L1        10000            —                          no
//   C-02      L1, L2    10000            2011: 200                  yes, 200 mm
//   C-03      L2        5000             2011: 100, 301: 100        yes, 200 mm
//   C-04      L1        not inspected: in the lot's recall, left out of the figures
//
// The arco: 3 inspected circulares, 2 repaired → 66,7 %; 25.000 mm inspected, 400 mm repaired → 1,6 %.
// Pareto: 2011 × 2 (300 mm) = 2/3 → 66,7 %, cumulative 66,7 %; 301 × 1 (100 mm) = 1/3 → 33,3 %, cumulative 100 %.
// First pass (no defect at the first inspection): C-01 of the three → 33,3 %, all welded in the morning shift.
test.use({ viewport: { width: 1280, height: 900 } });

async function call<T>(request: APIRequestContext, token: string, method: 'post' | 'put', url: string, data?: unknown): Promise<T> {
  const res = await request[method](url, { data, headers: { Authorization: `Bearer ${token}` } });
  if (res.status() >= 300) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

test('an administrator traces a lot to exactly its circulares, downloads them as CSV and reads the month figures; axe-clean', async ({
  page,
  seed,
}) => {
  const admin = await seed.adminToken();
  const station = await seed.station();
  const operator = await seed.worker(station, unique('Operaria Indicadores '));
  const request = page.request;
  const project = unique('P-IND-');
  const tramo = unique('T-IND-');

  const code = unique('WPS-IND-');
  const procedureId = (await call<{ procedure: { id: number } }>(request, admin, 'post', '/api/welds/procedures', wps(code, '2026-01-01')))
    .procedure.id;
  await call(request, admin, 'post', `/api/welds/procedures/${procedureId}/revisions/1/approve`);
  await call(request, admin, 'post', '/api/welds/qualifications', {
    user_id: operator.id,
    standard: 'ISO 14732',
    certificate_number: unique('CERT-IND-'),
    process: 121,
    issued_on: '2026-01-01',
    expires_on: '2029-01-01',
  });
  const lot = async (kind: 'alambre' | 'fundente') => {
    const lotNumber = unique(kind === 'alambre' ? 'A-IND-' : 'F-IND-');
    const saved = await call<{ lot: { id: number } }>(request, admin, 'post', '/api/welds/lots', {
      kind,
      classification: kind === 'alambre' ? 'S2' : 'SA FB 1',
      maker: 'Aceros del Norte',
      lot_number: lotNumber,
      received_on: '2026-03-01',
    });
    return { id: saved.lot.id, number: lotNumber };
  };
  const l1 = await lot('fundente');
  const l2 = await lot('alambre');

  const seam = async (circular: string, day: string, lots: number[]) => {
    const res = await request.post('/api/tramos', {
      headers: { Authorization: `Bearer ${operator.token}` },
      multipart: {
        id_proyecto: project,
        id_tramo: tramo,
        id_circular: circular,
        arco_sumergido_id: String(station.id),
        circular_fecha: day,
      },
    });
    expect(res.status()).toBe(201);
    const id = ((await res.json()) as { tramo: { id: number } }).tramo.id;
    await call(request, admin, 'put', `/api/welds/seams/${id}`, {
      procedure_id: procedureId,
      operator_ids: [operator.id],
      lot_ids: lots,
      welded_at: `${day}T09:00:00+02:00`,
    });
    return id;
  };
  const inspect = async (id: number, length: number, defects: { code: string; length_mm: number }[]) => {
    const saved = await call<{ defect_ids: number[] }>(request, admin, 'post', `/api/welds/seams/${id}/inspections`, {
      method: 'UT',
      extent_percent: 100,
      inspected_length_mm: length,
      result: defects.length ? 'reparar' : 'aceptada',
      inspected_on: '2026-04-20',
      defects: defects.map((d, i) => ({ ...d, position_mm: 500 + i * 1000, level: 'C' })),
    });
    for (const defect of saved.defect_ids)
      await call(request, admin, 'post', `/api/welds/defects/${defect}/repair`, {
        procedure_id: procedureId,
        operator_id: operator.id,
        repaired_on: '2026-04-21',
      });
  };
  const c1 = await seam('C-01', '2026-04-14', [l1.id]);
  const c2 = await seam('C-02', '2026-04-15', [l1.id, l2.id]);
  const c3 = await seam('C-03', '2026-04-16', [l2.id]);
  await seam('C-04', '2026-04-17', [l1.id]);
  await inspect(c1, 10_000, []);
  await inspect(c2, 10_000, [{ code: '2011', length_mm: 200 }]);
  await inspect(c3, 5_000, [
    { code: '2011', length_mm: 100 },
    { code: '301', length_mm: 100 },
  ]);

  // The recall of lot L1: exactly C-01, C-02 and C-04.
  await signIn(page, admin, '/admin/soldadura/trazabilidad');
  await expect(page.getByRole('heading', { name: 'Trazabilidad', exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Trazabilidad' });
  await form.getByRole('button', { name: 'Buscar circulares' }).click();
  await expect(form.getByRole('alert')).toHaveText('Elige el lote, la cualificación o la revisión que quieres rastrear.');
  await expectNoViolations(page, 'the recall screen with an error', '#main');
  await form.getByLabel('Qué quieres saber').selectOption({ label: 'Qué circulares usaron este lote' });
  await form.getByLabel('Lote', { exact: true }).selectOption({ label: `${l1.number} (Fundente, SA FB 1)` });
  await form.getByRole('button', { name: 'Buscar circulares' }).click();
  await expect(page.getByRole('heading', { name: '3 circulares' })).toBeVisible();
  const rows = page.getByTestId('recall-row');
  await expect(rows).toHaveCount(3);
  expect((await rows.getByRole('rowheader').allTextContents()).sort()).toEqual(['C-01', 'C-02', 'C-04']);
  await expect(rows.filter({ hasText: 'C-01' })).toContainText(`${code}, revisión 1`);
  await expectNoViolations(page, 'the recall screen with a lot', '#main');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`circulares_lote-${l1.number.replace(/[^\w.-]+/g, '_')}.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.split('\r\n').filter((line) => line.includes(tramo));
  expect(lines.map((line) => line.split(';')[2]).sort()).toEqual(['C-01', 'C-02', 'C-04']);

  // The revision's recall: the four circulares.
  await form.getByLabel('Qué quieres saber').selectOption({ label: 'Qué circulares se hicieron con la revisión N de este procedimiento' });
  await form.getByLabel('Procedimiento y revisión').selectOption({ label: `${code}, revisión 1` });
  await form.getByRole('button', { name: 'Buscar circulares' }).click();
  await expect(page.getByRole('heading', { name: '4 circulares' })).toBeVisible();
  await expect(rows).toHaveCount(4);

  // April 2026's figures by arco, the Pareto of defect types and first-pass yield.
  await page.goto('/admin/soldadura/indicadores');
  await expect(page.getByRole('heading', { name: 'Indicadores de soldadura', exact: true })).toBeVisible();
  const figures = page.getByRole('form', { name: 'Indicadores de soldadura' });
  await figures.getByLabel('Mes').selectOption({ label: 'Abril' });
  await figures.getByLabel('Año').selectOption('2026');
  await figures.getByLabel('Agrupar por').selectOption({ label: 'Arco' });
  await figures.getByRole('button', { name: 'Ver indicadores' }).click();
  const arcoRow = page.getByTestId('repair-rate').getByRole('row').filter({ hasText: station.name });
  await expect(arcoRow.getByRole('cell')).toHaveText(['3', '2', '66,7 %', '25.000', '400', '1,6 %']);
  const pareto = page.getByTestId('defect-pareto').getByRole('row');
  await expect(pareto.nth(1).getByRole('rowheader')).toHaveText('2011 · Poro');
  await expect(pareto.nth(1).getByRole('cell')).toHaveText(['2', '300', '66,7 %', '66,7 %']);
  await expect(pareto.nth(2).getByRole('rowheader')).toHaveText('301 · Inclusión de escoria');
  await expect(pareto.nth(2).getByRole('cell')).toHaveText(['1', '100', '33,3 %', '100 %']);
  await expect(pareto).toHaveCount(3);
  const firstPass = page.getByTestId('first-pass').getByRole('row');
  await expect(firstPass).toHaveCount(2);
  await expect(firstPass.nth(1).getByRole('cell')).toHaveText(['3', '1', '33,3 %']);
  await expectNoViolations(page, 'the weld figures screen', '#main');
});

test('Calidad reaches the recall and figures screens from the worker area; a plain worker is refused by the server', async ({
  page,
  seed,
}) => {
  const station = await seed.station();
  const calidad = await seed.worker(station, unique('Calidad Indicadores '));
  const worker = await seed.worker(station, unique('Operario Indicadores '));
  const admin = await seed.adminToken();
  const roles = await page.request.put(`/api/admin/users/${calidad.id}/weld-roles`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: { calidad: [station.nave] },
  });
  expect(roles.ok()).toBe(true);

  // March 2021 has no seam: the server answers Calidad with empty figures.
  await signIn(page, calidad.token, '/dashboard/soldadura');
  await page.getByRole('link', { name: 'Indicadores de soldadura' }).click();
  await expect(page).toHaveURL(/\/dashboard\/soldadura\/indicadores$/);
  await expect(page.getByRole('heading', { name: 'Indicadores de soldadura', exact: true })).toBeVisible();
  const figures = page.getByRole('form', { name: 'Indicadores de soldadura' });
  await figures.getByLabel('Mes').selectOption({ label: 'Marzo' });
  await figures.getByLabel('Año').selectOption('2021');
  await figures.getByRole('button', { name: 'Ver indicadores' }).click();
  await expect(page.getByText('No hay circulares inspeccionadas en ese mes.')).toHaveCount(2);
  await expect(page.getByText('No se encontraron defectos en ese mes.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await signIn(page, worker.token, '/dashboard/soldadura/trazabilidad');
  await expect(page.getByRole('heading', { name: 'Trazabilidad', exact: true })).toBeVisible();
  await signIn(page, worker.token, '/dashboard/soldadura/indicadores');
  await expect(page.getByRole('alert').first()).toHaveText('Solo Calidad o un administrador puede hacerlo.');
});
