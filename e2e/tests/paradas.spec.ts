import type { Locator, Page } from '@playwright/test';
import { factoryDate, factoryTime, factoryToday } from '@portal/contract/time';
import { expect, signIn, test, unique } from '../fixtures';

// Each test seeds its own arcos, workers and data: the file's tests are shared between the workers
// instead of running one after another in one of them (docs/decisions/098-suite-headroom.md).
test.describe.configure({ mode: 'parallel' });

const TZ = 'Europe/Madrid';

/**
 * Activates a button from the keyboard. In the worker shell the last card's buttons sit under the
 * fixed bottom bar (the main area's bottom padding is overridden by `py-3`), so a pointer click there
 * hits the bar; the keyboard path is real behaviour (cards and modals must be keyboard-usable).
 */
const press = async (button: Locator) => {
  await button.focus();
  await button.press('Enter');
};

const clockSeconds = async (page: Page) => {
  const [mm, ss] = ((await page.getByTestId('stop-clock').textContent()) ?? '').split(':').map(Number);
  return mm * 60 + ss;
};

test('a stop keeps counting from the server start after a reload and on another device, then ends into today', async ({
  page,
  browser,
  seed,
}) => {
  const station = await seed.station();
  const worker = await seed.worker(station, 'Operario Reloj');
  await signIn(page, worker.token, '/dashboard/paradas-kaiser');

  const description = page.getByLabel('Descripción');
  await expect(description).toBeDisabled();
  await page.getByRole('button', { name: 'Iniciar Parada' }).click();
  await expect(page.getByText('Parada iniciada!')).toBeVisible();
  await expect(description).toBeEnabled();

  const active = await page.request.get('/api/paradas-kaiser/active', { headers: { Authorization: `Bearer ${worker.token}` } });
  const serverStop = (await active.json()) as { id: number; start_time: string };
  await expect(page.getByTestId('stop-clock')).toHaveAttribute('data-start', serverStop.start_time);
  await expect.poll(() => clockSeconds(page)).toBeGreaterThanOrEqual(2);
  const cached = await page.evaluate(() => JSON.parse(localStorage.getItem('activeParada') ?? 'null'));
  expect(cached).toMatchObject({ id: serverStop.id, start_time: serverStop.start_time, arco_sumergido_id: station.id });
  // The banner vanishes on its own.
  await expect(page.getByText('Parada iniciada!')).toBeHidden();

  // Reload without the local copy: the server alone restores the clock, still counting from its start.
  await page.evaluate(() => localStorage.removeItem('activeParada'));
  await page.reload();
  await expect(page.getByTestId('stop-clock')).toHaveAttribute('data-start', serverStop.start_time);
  await expect.poll(() => clockSeconds(page)).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('button', { name: 'Finalizar Parada' })).toBeVisible();

  // Another device (an empty browser) sees the same running stop.
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 360, height: 740 } });
  const phone = await other.newPage();
  await signIn(phone, worker.token, '/dashboard/paradas-kaiser');
  await expect(phone.getByTestId('stop-clock')).toHaveAttribute('data-start', serverStop.start_time);
  await expect.poll(() => clockSeconds(phone)).toBeGreaterThanOrEqual(2);
  await other.close();

  await description.fill('Cambio de bobina');
  await page.getByRole('button', { name: 'Finalizar Parada' }).click();
  const ended = page.getByText(/^Parada finalizada! Duración: \d+ minutos\.$/);
  await expect(ended).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar Parada' })).toBeVisible();
  await expect(description).toBeDisabled();
  await expect(description).toHaveValue('');
  expect(await page.evaluate(() => localStorage.getItem('activeParada'))).toBeNull();

  const stored = (await (
    await page.request.get(`/api/paradas-kaiser/${serverStop.id}`, { headers: { Authorization: `Bearer ${worker.token}` } })
  ).json()) as { date: string; end_time: string; duration_minutes: number };
  expect(stored.date).toBe(factoryDate(serverStop.start_time, TZ));
  await expect(ended).toHaveText(`Parada finalizada! Duración: ${stored.duration_minutes} minutos.`);

  // Today's group holds the stop with its duration (a Sunday lies outside the Monday-Saturday week).
  if (new Date(`${stored.date}T00:00:00Z`).getUTCDay() === 0) {
    await page.getByLabel('Buscar por fecha').fill(stored.date.split('-').reverse().join('/'));
    await page.keyboard.press('Escape');
  }
  const group = page.getByTestId(`paradas-group-${stored.date}`);
  const card = group.getByTestId('parada-card').filter({ hasText: 'Cambio de bobina' });
  await expect(card).toContainText(`Duración:${stored.duration_minutes} minutos`);
  await expect(card).toContainText(`Inicio:${factoryTime(serverStop.start_time, TZ)}`);
  await expect(card).toContainText(`Fin:${factoryTime(stored.end_time, TZ)}`);
  await expect(card).toContainText(`Arco Sumergido:${station.name}`);
});

test('a manual stop is saved, the form clears and the stops screen follows after 2 s', async ({ page, seed }) => {
  const station = await seed.station();
  const worker = await seed.worker(station, 'Operario Manual');
  // Two minutes ending at the current minute, both today at the factory.
  const now = new Date();
  const end = factoryTime(now, TZ);
  const start = factoryTime(new Date(now.getTime() - 120_000), TZ);
  test.skip(start > end, 'too close to midnight for a stop of today');

  await signIn(page, worker.token, '/dashboard/add-manual-parada');
  await page.getByLabel('Hora de inicio').fill(end);
  await page.getByLabel('Hora de fin').fill(start);
  await page.getByRole('button', { name: 'Guardar parada' }).click();
  await expect(page.getByText('La hora de inicio debe ser anterior a la hora de fin.')).toBeVisible();

  await page.getByLabel('Hora de inicio').fill('');
  await page.getByRole('button', { name: 'Guardar parada' }).click();
  await expect(page.getByText('La hora de inicio y fin son obligatorias.')).toBeVisible();

  await page.getByLabel('Hora de inicio').fill(start);
  await page.getByLabel('Hora de fin').fill(end);
  await page.getByLabel('Descripción').fill('Parada registrada a mano');
  await page.getByRole('button', { name: 'Guardar parada' }).click();
  await expect(page.getByText('Parada manual registrada con éxito!')).toBeVisible();
  await expect(page.getByLabel('Hora de inicio')).toHaveValue('');
  await expect(page.getByLabel('Descripción')).toHaveValue('');
  await expect(page).toHaveURL(/\/dashboard\/paradas-kaiser$/);

  const today = factoryToday(TZ);
  if (new Date(`${today}T00:00:00Z`).getUTCDay() === 0) {
    await page.getByLabel('Buscar por fecha').fill(today.split('-').reverse().join('/'));
    await page.keyboard.press('Escape');
  }
  const card = page.getByTestId(`paradas-group-${today}`).getByTestId('parada-card');
  await expect(card).toContainText('Parada registrada a mano');
  await expect(card).toContainText('Duración:2 minutos');
  await expect(card).toContainText(`Inicio:${start}`);
});

test('a stop from the history is edited and deleted; the date picker and the day filter exclude each other', async ({ page, seed }) => {
  const station = await seed.station();
  const worker = await seed.worker(station, 'Operario Historial');
  const headers = { Authorization: `Bearer ${worker.token}` };
  // 09:00-09:30 in Madrid (winter time, UTC+1) on Tuesday 10 November 2026.
  const created = await page.request.post('/api/paradas-kaiser/manual', {
    headers,
    data: { start_time: '2026-11-10T08:00:00.000Z', end_time: '2026-11-10T08:30:00.000Z', description: '', arco_sumergido_id: station.id },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { parada: { id: number } }).parada.id;

  await signIn(page, worker.token, '/dashboard/paradas-kaiser');
  const dayFilter = page.getByLabel('Filtrar por día');
  await expect(dayFilter).toHaveValue('currentWeek');
  await expect(dayFilter.locator('option:checked')).toHaveText('Semana actual');
  await page.getByLabel('Buscar por fecha').fill('10/11/2026');
  await page.keyboard.press('Escape');
  await expect(dayFilter).toHaveValue('');

  const group = page.getByTestId('paradas-group-2026-11-10');
  await expect(group.getByRole('button', { name: /martes, 10 de noviembre de 2026/i })).toContainText('1');
  const card = group.getByTestId('parada-card');
  await expect(card).toContainText('Inicio:09:00');
  await expect(card).toContainText('Fin:09:30');
  await expect(card).toContainText('Duración:30 minutos');
  await expect(card).toContainText('Descripción:Sin descripción');
  await expect(card).toContainText(`Arco Sumergido:${station.name}`);

  await press(card.getByRole('button', { name: 'Editar' }));
  const modal = page.getByRole('dialog', { name: 'Editar Parada Kaiser' });
  await expect(modal.getByLabel('Hora de inicio')).toHaveValue('09:00');
  await modal.getByLabel('Hora de fin').fill('08:30');
  await press(modal.getByRole('button', { name: 'Guardar cambios' }));
  await expect(modal.getByText('La hora de inicio debe ser anterior a la hora de fin.')).toBeVisible();
  await modal.getByLabel('Hora de fin').fill('09:45');
  await modal.getByLabel('Descripción').fill('Ajuste de la guía');
  await press(modal.getByRole('button', { name: 'Guardar cambios' }));
  await expect(page.getByText('Parada Kaiser actualizada con éxito!')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(card).toContainText('Fin:09:45');
  await expect(card).toContainText('Duración:45 minutos');
  await expect(card).toContainText('Descripción:Ajuste de la guía');
  const stored = (await (await page.request.get(`/api/paradas-kaiser/${id}`, { headers })).json()) as { end_time: string };
  expect(stored.end_time).toBe('2026-11-10T08:45:00.000Z');

  await press(card.getByRole('button', { name: 'Eliminar' }));
  const confirm = page.getByRole('dialog', { name: 'Confirmar Eliminación' });
  await expect(confirm).toContainText('¿Estás seguro de que quieres eliminar esta parada Kaiser?');
  await press(confirm.getByRole('button', { name: 'Eliminar' }));
  await expect(page.getByText('Parada Kaiser eliminada con éxito!')).toBeVisible();
  await expect(page.getByText('No hay paradas registradas para los filtros seleccionados.')).toBeVisible();
  expect((await page.request.get(`/api/paradas-kaiser/${id}`, { headers })).status()).toBe(404);

  // Choosing a day filter clears the date again.
  await dayFilter.selectOption('monday');
  await expect(page.getByLabel('Buscar por fecha')).toHaveValue('');
});

test('the admin grid shows every stop with its author and edits it', async ({ page, seed }) => {
  const station = await seed.station();
  const worker = await seed.worker(station, 'Operario Admin');
  const note = unique('Revisar ');
  const created = await page.request.post('/api/paradas-kaiser/manual', {
    headers: { Authorization: `Bearer ${worker.token}` },
    data: {
      start_time: '2026-11-12T07:00:00.000Z',
      end_time: '2026-11-12T07:20:00.000Z',
      description: note,
      arco_sumergido_id: station.id,
    },
  });
  expect(created.status()).toBe(201);

  // Filtered by the worker: stops other tests make today would push a 12 November one off the first page.
  await signIn(page, await seed.adminToken(), `/admin/paradas-kaiser?user_id=${worker.id}`);
  const card = page.getByTestId('parada-card').filter({ hasText: 'Operario Admin' }).filter({ hasText: note });
  await expect(card).toContainText('Duración:20 minutos');
  await press(card.getByRole('button', { name: 'Editar' }));
  const modal = page.getByRole('dialog', { name: 'Editar Parada Kaiser' });
  await modal.getByLabel('Hora de fin').fill('08:30');
  await press(modal.getByRole('button', { name: 'Guardar cambios' }));
  await expect(page.getByText('Parada Kaiser actualizada con éxito!')).toBeVisible();
  await expect(card).toContainText('Duración:30 minutos');
});
