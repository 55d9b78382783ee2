import { addDays, factoryDate, factoryTime, factoryToday, isoWeekday } from '@portal/contract/time';
import { expectNoViolations } from '../a11y';
import { expect, openDevice, openLive, signIn, test } from '../fixtures';

// Each test seeds its own arcos, workers and data: the file's tests are shared between the workers
// instead of running one after another in one of them (docs/decisions/098-suite-headroom.md).
test.describe.configure({ mode: 'parallel' });

const TZ = 'Europe/Madrid';

test('a second worker at the same arco sees the running parada and ends it', async ({ page, seed }) => {
  const station = await seed.station();
  const ana = await seed.worker(station, 'Ana Primera');
  const beto = await seed.worker(station, 'Beto Segundo');
  const stopId = await seed.startParada(ana, 'Atasco de fundente');

  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, beto.token, '/dashboard/paradas-kaiser');
  const running = page.getByTestId('arco-parada');
  await expect(running).toContainText('Parada en curso en este arco');
  await expect(running).toContainText('Iniciada por Ana Primera desde las');
  await expect(running.getByLabel('Tiempo de la parada del arco')).toHaveText(/^\d\d:\d\d$/);

  // A second parada is not offered while the arco's runs: its panel stands in for Iniciar.
  await expect(page.getByRole('button', { name: 'Iniciar Parada' })).toHaveCount(0);
  await expect(page.getByTestId('arco-busy')).toHaveText('Parada en curso en este arco');

  await running.getByRole('button', { name: 'Finalizar parada del arco' }).click();
  await expect(page.getByText(/Parada finalizada! Duración: \d+ minutos\./)).toBeVisible();
  await expect(running).toBeHidden();
  await expect(page.getByRole('button', { name: 'Iniciar Parada' })).toBeVisible();

  const res = await page.request.get(`/api/paradas-kaiser/${stopId}`, { headers: { Authorization: `Bearer ${ana.token}` } });
  const stop = (await res.json()) as { ended_by: number; ended_by_name: string; end_time: string | null };
  expect(stop).toMatchObject({ ended_by: beto.id, ended_by_name: 'Beto Segundo' });
  expect(stop.end_time).not.toBeNull();
});

test('a night-shift parada entered through the manual form ends on the next day', async ({ page, seed }) => {
  const station = await seed.station();
  const worker = await seed.worker(station, 'Operaria Nocturna');
  const night = addDays(factoryToday(TZ), -2);

  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, worker.token, '/dashboard/add-manual-parada');
  await expect(page.getByLabel('Fecha')).toHaveValue(factoryToday(TZ));
  await page.getByLabel('Fecha').fill(night);
  await page.getByLabel('Hora de inicio').fill('22:00');
  await page.getByLabel('Hora de fin').fill('06:00');
  await expect(page.getByTestId('manual-next-day')).toHaveText('día siguiente');
  await page.getByLabel('Motivo').selectOption({ label: 'Avería eléctrica' });
  await page.getByLabel('Descripción').fill('Fallo del rectificador en el turno de noche');
  await page.getByRole('button', { name: 'Guardar parada' }).click();
  await expect(page.getByText('Parada manual registrada con éxito!')).toBeVisible();

  const res = await page.request.get(`/api/paradas-kaiser?startDate=${night}&endDate=${night}`, {
    headers: { Authorization: `Bearer ${worker.token}` },
  });
  const [stop] = (await res.json()) as { date: string; duration_minutes: number; motivo_name: string }[];
  // 480 minutes on an ordinary night (420 or 540 across a daylight-saving change).
  expect([420, 480, 540]).toContain(stop.duration_minutes);
  expect(stop).toMatchObject({ date: night, motivo_name: 'Avería eléctrica' });
});

test('an admin manages motivos, reads the change history and the downtime analysis', async ({ page, seed }) => {
  const admin = await seed.adminToken();
  // A nave of its own: the analysis below reads only this test's parada.
  const nave = await seed.nave();
  const station = await seed.station(nave);
  const worker = await seed.worker(station, 'Operario Historial');
  // The latest day before today on which shifts start (the default calendar starts none on Sunday).
  const yesterday = addDays(factoryToday(TZ), -1);
  const day = isoWeekday(yesterday) === 7 ? addDays(yesterday, -1) : yesterday;
  const motivos = (await (await page.request.get('/api/motivos', { headers: { Authorization: `Bearer ${worker.token}` } })).json()) as {
    id: number;
    name: string;
  }[];
  const averia = motivos.find((m) => m.name === 'Avería eléctrica');
  const start = `${day}T08:00:00.000Z`;
  const manual = await page.request.post('/api/paradas-kaiser/manual', {
    headers: { Authorization: `Bearer ${worker.token}` },
    data: { start_time: start, end_time: `${day}T08:40:00.000Z`, description: 'Para el historial', motivo_id: averia?.id },
  });
  expect(manual.status()).toBe(201);
  const { parada } = (await manual.json()) as { parada: { id: number } };

  await signIn(page, admin, '/admin/motivos');
  const name = `Cambio de boquilla ${Date.now().toString(36)}`;
  await page.getByLabel('Nombre').fill(name);
  await page.getByRole('button', { name: 'Añadir motivo' }).click();
  await expect(page.getByText('Motivo creado con éxito!')).toBeVisible();
  const item = page.getByTestId('motivo-item').filter({ hasText: name });
  await item.getByRole('button', { name: 'Retirar' }).click();
  await expect(item).toContainText('Retirado');

  await page.goto('/admin/historial');
  // Every audited kind and action in the filters, each by its Spanish name.
  await expect(page.getByLabel('Tipo de registro').locator('option')).toHaveText([
    'Todos los registros',
    'Parada Kaiser',
    'Circular',
    'Usuario',
    'Arco sumergido',
    'Nave',
    'Motivo de parada',
    'Horas planificadas',
    'Publicación del muro',
    'Comentario del muro',
    'Reglas de aviso',
    'Terminal de puesto',
    'Turno',
    'Día no trabajado',
    'Relevo de turno',
    'Procedimiento de soldeo (WPS)',
    'Cualificación de operario',
    'Lote de consumible',
    'Registro de soldadura',
    'Ajustes de soldadura',
  ]);
  await expect(page.getByLabel('Acción').locator('option').first()).toHaveText('Todas las acciones');
  await page.getByLabel('Tipo de registro').selectOption('parada');
  await page.getByLabel('ID del registro').fill(String(parada.id));
  const row = page.getByTestId('audit-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Operario Historial');
  await expect(row).toContainText('Creación');
  await expect(row).toContainText('Para el historial');
  // In Spanish: the fields' names, the factory's time, the motivo's and the worker's names.
  const local = `${factoryDate(start, TZ).split('-').reverse().join('/')} ${factoryTime(start, TZ)}`;
  await expect(row).toContainText(`Inicio: — → ${local}`);
  await expect(row).toContainText('Motivo: — → Avería eléctrica');
  await expect(row).toContainText('Duración: — → 40 minutos');
  await expect(row).toContainText('Usuario: — → Operario Historial');
  await expect(row).toContainText(`Arco sumergido: — → ${station.name}`);
  await expect(row).not.toContainText('motivo_id');
  await expect(row).not.toContainText(start);
  await expectNoViolations(page, 'the change history');

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Análisis de paradas' })).toBeVisible();
  // The analysis mounts once it is reached (stats-page.tsx).
  await page.getByRole('heading', { name: 'Análisis de paradas' }).scrollIntoViewIfNeeded();
  await page.getByLabel('Mes', { exact: true }).fill(day.slice(0, 7));
  await page.getByLabel('Nave', { exact: true }).selectOption(nave);
  const pareto = page.getByRole('region', { name: 'Minutos de parada por motivo' });
  await expect(pareto).toContainText('Avería eléctrica');
  // The chart's tooltip writes the cumulative share with a Spanish percent, as the table does.
  await pareto.locator('.recharts-bar-rectangle').first().hover();
  await expect(pareto.locator('.recharts-tooltip-wrapper')).toContainText('100 %');
  await expect(page.getByRole('cell', { name: station.name })).toBeVisible();
});

test("a colleague's start and end reach the arco at once, live: the panel, Iniciar and who ended it", async ({
  browser,
  baseURL,
  seed,
}) => {
  const station = await seed.station();
  const ana = await seed.worker(station, 'Ana Directo');
  const beto = await seed.worker(station, 'Beto Directo');
  const anaPhone = await openDevice(browser, baseURL);
  const betoPhone = await openDevice(browser, baseURL);
  try {
    await openLive(anaPhone.page, ana.token, '/dashboard/paradas-kaiser');
    await openLive(betoPhone.page, beto.token, '/dashboard/paradas-kaiser');
    await expect(betoPhone.page.getByRole('button', { name: 'Iniciar Parada' })).toBeVisible();

    // Well inside the 15 s refetch that would otherwise bring it: the event does.
    const live = { timeout: 8_000 };
    await anaPhone.page.getByRole('button', { name: 'Iniciar Parada' }).click();
    await expect(anaPhone.page.getByText('Parada iniciada!')).toBeVisible();
    const panel = betoPhone.page.getByTestId('arco-parada');
    await expect(panel).toContainText('Iniciada por Ana Directo desde las', live);
    await expect(betoPhone.page.getByRole('button', { name: 'Iniciar Parada' })).toHaveCount(0);
    await expectNoViolations(betoPhone.page);

    // Beto ends it: Ana's clock stops and she reads who ended it.
    await panel.getByRole('button', { name: 'Finalizar parada del arco' }).click();
    await expect(betoPhone.page.getByText(/Parada finalizada!/)).toBeVisible();
    await expect(anaPhone.page.getByText('Finalizada por Beto Directo.')).toBeVisible(live);
    await expect(anaPhone.page.getByRole('button', { name: 'Iniciar Parada' })).toBeVisible(live);
    await expect(anaPhone.page.getByTestId('stop-clock')).toHaveAttribute('data-start', '');
  } finally {
    await anaPhone.context.close();
    await betoPhone.context.close();
  }
});
