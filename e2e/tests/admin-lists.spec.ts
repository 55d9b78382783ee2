import { readFile } from 'node:fs/promises';
import { zonedInstant } from '@portal/contract/time';
import { expectNoViolations } from '../a11y';
import { expect, signIn, test, unique } from '../fixtures';

// Each test seeds its own arcos, workers and data: the file's tests are shared between the workers
// instead of running one after another in one of them (docs/decisions/098-suite-headroom.md).
test.describe.configure({ mode: 'parallel' });

const TZ = 'Europe/Madrid';

// The admin lists at a laptop's width: filters and page in the URL, the sortable table, the selection
// deleted together, the role change confirmation, and an administrator adding a circular.
test.use({ viewport: { width: 1280, height: 800 } });

test('the admin stops filtered by station and date go to page 2, and a reload keeps the same view', async ({ page, seed, request }) => {
  const station = await seed.station('Nave 2');
  const worker = await seed.worker(station, 'Operaria Listas');
  // Thirty finished stops of five minutes on a past day, one every ten minutes from 06:00. Older than
  // the stops other specs record, so the admin list's first page of the whole factory stays theirs.
  const day = '2026-01-14';
  for (let i = 0; i < 30; i++) {
    const start = zonedInstant(day, `${String(6 + Math.floor(i / 6)).padStart(2, '0')}:${String((i % 6) * 10).padStart(2, '0')}`, TZ);
    const end = new Date(Date.parse(start) + 5 * 60_000).toISOString();
    const res = await request.post('/api/paradas-kaiser/manual', {
      headers: { Authorization: `Bearer ${worker.token}` },
      data: { start_time: start, end_time: end, description: `Parada ${i + 1}` },
    });
    expect(res.status()).toBe(201);
  }

  await signIn(page, await seed.adminToken(), '/admin/paradas-kaiser');
  await page.getByLabel('Filtrar por nave').selectOption({ label: 'Nave 2' });
  await page.getByLabel('Filtrar por arco').selectOption({ label: station.name });
  await page.getByLabel('Fecha de inicio').fill(day);
  await page.getByLabel('Fecha de fin').fill(day);
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();

  const total = page.getByTestId('list-total');
  await expect(total).toHaveText('30 resultados · Página 1 de 2');
  const rows = page.getByTestId('parada-row');
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText('Parada 30');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(total).toHaveText('30 resultados · Página 2 de 2');
  await expect(rows).toHaveCount(5);
  await expect(rows.last()).toContainText('Parada 1');
  expect(new URL(page.url()).searchParams.get('page')).toBe('2');

  await page.reload();
  await expect(total).toHaveText('30 resultados · Página 2 de 2');
  await expect(rows).toHaveCount(5);
  await expect(page.getByLabel('Fecha de inicio')).toHaveValue(day);
  await expect(page.getByLabel('Filtrar por arco')).toHaveValue(String(station.id));

  // The shortest first, from the table's sortable header.
  await page.getByRole('button', { name: /^Duración/ }).click();
  await expect(page.getByRole('columnheader', { name: /Duración/ })).toHaveAttribute('aria-sort', /ascending|descending/);
  await expect(total).toHaveText('30 resultados · Página 1 de 2');
});

test('an admin deletes three posts at once after one confirmation that names the count', async ({ page, seed, request }) => {
  const station = await seed.station();
  const worker = await seed.worker(station, 'Autor Listas');
  const marker = unique('lote');
  for (const n of [1, 2, 3]) {
    const res = await request.post('/api/wall/posts', {
      headers: { Authorization: `Bearer ${worker.token}` },
      multipart: { content: `Publicación ${n} del ${marker}`, wall_name: 'Main' },
    });
    expect(res.status()).toBe(201);
  }

  await signIn(page, await seed.adminToken(), '/admin/posts');
  await page.getByLabel('Buscar texto').fill(marker);
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(page.getByTestId('admin-post')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Seleccionar todos los de esta página' }).check();
  await page.getByRole('button', { name: 'Eliminar seleccionados (3)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar Eliminación' });
  await expect(confirm).toContainText('¿Estás seguro de que quieres eliminar 3 publicaciones?');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Se eliminaron 3 elementos.')).toBeVisible();
  await expect(page.getByText('No hay publicaciones en el muro.')).toBeVisible();

  const left = await request.get(`/api/admin/lists/posts?q=${marker}`, { headers: { Authorization: `Bearer ${await seed.adminToken()}` } });
  expect((await left.json()).total).toBe(0);
});

test('a role change asks first: cancelled it stays, confirmed it applies', async ({ page, seed, request }) => {
  const station = await seed.station();
  const worker = await seed.worker(station, 'Rol Confirmado');
  const adminLogin = () => request.post('/api/admin/login', { data: { worker_id: worker.worker_id, password: worker.password } });

  await signIn(page, await seed.adminToken(), '/admin/users');
  await page.getByLabel('Nombre o ID de trabajador').fill(worker.worker_id);
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  const card = page.getByTestId('user-card');
  await expect(card).toHaveCount(1);
  await expect(page.getByTestId('list-total')).toHaveText('1 resultado · Página 1 de 1');

  await card.getByLabel('Rol').selectOption('admin');
  const dialog = page.getByRole('dialog', { name: 'Confirmar cambio de rol' });
  await expect(dialog).toContainText(`¿Cambiar el rol de ${worker.name} (${worker.worker_id}) a administrador?`);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByLabel('Rol')).toHaveValue('user');
  expect((await adminLogin()).status()).toBe(403);

  await card.getByLabel('Rol').selectOption('admin');
  await dialog.getByRole('button', { name: 'Cambiar rol' }).click();
  await expect(page.getByText('¡Rol de usuario actualizado exitosamente!')).toBeVisible();
  await expect(card.getByLabel('Rol')).toHaveValue('admin');
  expect((await adminLogin()).status()).toBe(200);

  // The account's own change history, from its admin actions.
  await card.getByRole('button', { name: 'Historial de este registro' }).click();
  await expect(card.getByRole('region', { name: 'Historial de este registro' })).toContainText('Cambio de rol');
});

test("an admin follows 'add new circular', picks the nave and then the arco, and adds it", async ({ page, seed, request }) => {
  const station = await seed.station('Nave 2');
  const admin = await seed.adminToken();
  const idTramo = unique('ADM-');
  await signIn(page, admin, '/admin/circulares');
  await page.getByRole('link', { name: 'Añadir nueva circular' }).click();
  await expect(page.getByRole('heading', { name: 'Añadir Circular' })).toBeVisible();
  const arco = page.getByLabel('Arco Sumergido');
  await expect(arco).toBeDisabled();
  await expect(page.getByText('Elige primero la nave para ver sus arcos sumergidos.')).toBeVisible();
  await page.getByLabel('Nave', { exact: true }).selectOption('Nave 2');
  await expect(arco).toBeEnabled();
  await arco.selectOption({ label: station.name });
  await page.getByLabel('ID Tramo').fill(idTramo);
  await page.getByLabel('ID Proyecto').fill('PRY-ADM');
  await page.getByLabel('ID Circular').fill('CIR-ADM');
  await page.getByRole('button', { name: 'Añadir Circular' }).click();
  await expect(page.getByText('¡Circular añadida exitosamente!')).toBeVisible();

  const found = await request.get(`/api/tramos/search?id_tramo=${idTramo}`, { headers: { Authorization: `Bearer ${admin}` } });
  const [created] = await found.json();
  expect(created).toMatchObject({ id_tramo: idTramo, arco_sumergido_id: station.id, nave: 'Nave 2' });

  // Its change history, from the admin edit dialog.
  await page.goto('/admin/circulares');
  await page.getByLabel('Buscar texto').fill(idTramo);
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  await page.getByRole('button', { name: `Editar tramo ${idTramo}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Circular' });
  await dialog.getByRole('button', { name: 'Historial de este registro' }).click();
  await expect(dialog.getByRole('region', { name: 'Historial de este registro' })).toContainText('Creación');
});

test('the admin stops filtered by worker and motivo show the motivo, and the CSV offers its columns', async ({ page, seed, request }) => {
  const station = await seed.station('Nave 1');
  const worker = await seed.worker(station, unique('Operaria Motivo '));
  const other = await seed.worker(station, unique('Operario Otro '));
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const motivos: { id: number; name: string; active: boolean }[] = await (
    await request.get('/api/motivos', { headers: auth(worker.token) })
  ).json();
  const [m1, m2] = motivos.filter((m) => m.active);
  // Four stops on a past day: the worker's two with the first motivo, one with the second; the other worker's with the first.
  const day = '2026-01-20';
  const stops: [typeof worker, number, string][] = [
    [worker, m1.id, '06:00'],
    [worker, m1.id, '07:00'],
    [worker, m2.id, '08:00'],
    [other, m1.id, '06:30'],
  ];
  for (const [who, motivo, at] of stops) {
    const start = zonedInstant(day, at, TZ);
    const res = await request.post('/api/paradas-kaiser/manual', {
      headers: auth(who.token),
      data: { start_time: start, end_time: new Date(Date.parse(start) + 10 * 60_000).toISOString(), motivo_id: motivo },
    });
    expect(res.status()).toBe(201);
  }
  // And a night one of the worker's, 22:00 to 06:00 of the next factory day.
  const night = await request.post('/api/paradas-kaiser/manual', {
    headers: auth(worker.token),
    data: { start_time: zonedInstant(day, '22:00', TZ), end_time: zonedInstant('2026-01-21', '06:00', TZ), motivo_id: m1.id },
  });
  expect(night.status()).toBe(201);

  await signIn(page, await seed.adminToken(), '/admin/paradas-kaiser');
  await page.getByLabel('Filtrar por trabajador').selectOption({ label: `${worker.name} (${worker.worker_id})` });
  await page.getByLabel('Filtrar por motivo').selectOption({ label: m1.name });
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(page.getByTestId('list-total')).toHaveText('3 resultados · Página 1 de 1');
  const rows = page.getByTestId('parada-row');
  await expect(rows).toHaveCount(3);
  for (const row of await rows.all()) await expect(row).toContainText(m1.name);
  // The night stop's end carries its next-day mark; a stop within one day has none.
  await expect(rows.filter({ hasText: '22:00' })).toContainText('06:00 (día siguiente)');
  await expect(rows.filter({ hasText: '07:00' })).not.toContainText('día siguiente');
  await expectNoViolations(page, 'the admin stops list');
  await expect(page.getByRole('columnheader', { name: 'Motivo' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('motivo_id')).toBe(String(m1.id));

  // The export with the motivo columns takes the dates of the one filter bar.
  await expect(page.getByRole('form', { name: 'Exportar CSV' })).toHaveCount(0);
  await page.getByLabel('Fecha de inicio').fill(day);
  await page.getByLabel('Fecha de fin').fill(day);
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(page.getByTestId('list-total')).toHaveText('3 resultados · Página 1 de 1');
  await page.getByLabel('Incluir el motivo y los minutos del arco').check();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const text = await readFile(await (await downloading).path(), 'utf8');
  const [header, ...lines] = text.slice(1).split('\r\n');
  expect(header.split(';').slice(-2)).toEqual(['Motivo', 'Minutos del arco']);
  expect(lines.filter((l) => l.includes(worker.worker_id) && l.includes(m2.name))).toHaveLength(1);
});
