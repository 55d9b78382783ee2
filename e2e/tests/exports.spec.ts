import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { exportMessages, PARADAS_CSV_HEADER, PARADAS_CSV_SHIFT_COLUMNS, TRAMOS_CSV_HEADER } from '@portal/contract/planta';
import { addDays, factoryToday, isoWeekday, zonedInstant } from '@portal/contract/time';
import { expect, signIn, test, unique } from '../fixtures';

const TZ = 'Europe/Madrid';
const BOM = '\uFEFF';

const plain = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

async function exportFile(page: Page): Promise<{ download: Download; text: string }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  const path = await download.path();
  // Read as bytes-to-text without stripping the BOM (readFile with 'utf8' keeps it).
  return { download, text: await readFile(path, 'utf8') };
}

test('an admin exports the Kaiser stops of a range as a Spanish Excel CSV', async ({ page, seed }) => {
  // A nave of its own: the stop stays out of the Nave 2 figures other specs read (e2e/tests/downtime.spec.ts).
  const nave = await seed.nave();
  const station = await seed.station(nave);
  const worker = await seed.worker(station, unique('Operario Export '));
  const description = unique('Cambio de hilo; bobina ');
  // A finished stop three factory days ago, 08:00 to 08:45 local time.
  const day = addDays(factoryToday(TZ), -3);
  const res = await page.request.post('/api/paradas-kaiser/manual', {
    headers: { Authorization: `Bearer ${worker.token}` },
    data: { start_time: zonedInstant(day, '08:00', TZ), end_time: zonedInstant(day, '08:45', TZ), description },
  });
  expect(res.status()).toBe(201);

  // The list's one filter bar chooses what the export takes.
  await signIn(page, await seed.adminToken(), '/admin/paradas-kaiser');
  await page.getByLabel('Fecha de inicio').fill(day);
  await page.getByLabel('Fecha de fin').fill(day);
  await page.getByLabel('Filtrar por nave').selectOption({ label: nave });
  await page.getByLabel('Filtrar por arco').selectOption({ label: station.name });
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(page.getByTestId('list-total')).toHaveText('1 resultado · Página 1 de 1');

  const { download, text } = await exportFile(page);
  expect(download.suggestedFilename()).toBe(`paradas-kaiser_${day}_${day}.csv`);
  expect(text.startsWith(BOM)).toBe(true);
  const lines = text.slice(1).split('\r\n');
  expect(lines[0]).toBe(PARADAS_CSV_HEADER.join(';'));
  // Only that station's stop of that day; the description holds the separator, so it is quoted.
  const stopRow = [
    plain(day),
    nave,
    station.name,
    worker.name,
    worker.worker_id,
    `${plain(day)} 08:00`,
    `${plain(day)} 08:45`,
    '45',
    `"${description}"`,
  ].join(';');
  expect(lines.slice(1).filter(Boolean)).toEqual([stopRow]);
  await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();

  // By shift: the stop's row with its shift part, the default Mañana from Monday to Saturday.
  await page.getByLabel(exportMessages.byShift).check();
  const byShift = (await exportFile(page)).text.slice(1).split('\r\n');
  expect(byShift[0]).toBe([...PARADAS_CSV_HEADER, ...PARADAS_CSV_SHIFT_COLUMNS].join(';'));
  const part = isoWeekday(day) === 7 ? `${exportMessages.outsideShifts};` : `Mañana;${plain(day)}`;
  expect(byShift.slice(1).filter(Boolean)).toEqual([`${stopRow};${part};45`]);
});

test('an admin exports the circulares of the current month; a wrong range is refused before any download', async ({ page, seed }) => {
  const station = await seed.station('Nave 1');
  const worker = await seed.worker(station, unique('Soldador Export '));
  const idTramo = unique('TR-');
  const form = {
    id_tramo: idTramo,
    id_proyecto: 'PRJ-77',
    id_circular: 'CIR-9',
    descripcion: 'Costura longitudinal',
    arco_sumergido_id: String(station.id),
  };
  const res = await page.request.post('/api/tramos', { headers: { Authorization: `Bearer ${worker.token}` }, multipart: form });
  expect(res.status()).toBe(201);

  await signIn(page, await seed.adminToken(), '/admin/circulares');
  await page.getByLabel('Desde').fill('2026-05-10');
  await page.getByLabel('Hasta').fill('2026-05-01');
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  await expect(page.getByRole('alert')).toHaveText('La fecha de inicio debe ser anterior o igual a la de fin.');
  expect(downloads).toBe(0);

  // Back to the current month (the default), only this station.
  const today = factoryToday(TZ);
  const first = `${today.slice(0, 7)}-01`;
  await page.getByLabel('Desde').fill(first);
  await page.getByLabel('Hasta').fill(today);
  await page.getByLabel('Nave', { exact: true }).selectOption('Nave 1');
  await page.getByLabel('Arco sumergido').selectOption({ label: station.name });
  const { download, text } = await exportFile(page);
  expect(download.suggestedFilename()).toBe(`tramos_${first}_${today}.csv`);
  expect(text.startsWith(BOM)).toBe(true);
  const lines = text.slice(1).split('\r\n');
  expect(lines[0]).toBe(TRAMOS_CSV_HEADER.join(';'));
  expect(lines.slice(1).filter(Boolean)).toEqual([
    [plain(today), idTramo, 'PRJ-77', 'CIR-9', 'Nave 1', station.name, worker.name, 'Costura longitudinal', ''].join(';'),
  ]);
});
