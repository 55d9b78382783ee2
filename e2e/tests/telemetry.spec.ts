import type { APIRequestContext } from '@playwright/test';
import { wps } from '../../apps/api/test/welds-procedure';
import { expectNoViolations } from '../a11y';
import { expect, signIn, silenceOnlineEvents, test, unique } from '../fixtures';
import { enrol, signInWithPin, station } from '../terminal';

// Weld telemetry's screens (docs/decisions/085-telemetry-screens.md): a pass welded at the station
// terminal shows the arco's parameters live and its summary after the end, from samples the arco's
// device posts over HTTP; the admin's 'Arco y OEE' shows the arco's figures for the shift.

test.use({ viewport: { width: 800, height: 1280 }, hasTouch: true, isMobile: false });
test.beforeEach(({ context }) => silenceOnlineEvents(context));

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** One sample at 10 Hz: arc burning at 500 A, 30 V, 2.0 m/min wire, 40 cm/min; or the arc off. */
const sample = (t: number, arc: boolean) => (arc ? { t, arc: 1, i: 500, u: 30, wf: 2, v: 40 } : { t, arc: 0, i: 0, u: 0, wf: 0, v: 0 });

test('a pass welded at the terminal shows its parameters live and its summary; the admin sees it per arco and shift', async ({
  page,
  seed,
  browser,
  baseURL,
}) => {
  const nave = await seed.nave();
  const { arco, admin, ana } = await station(seed, page, nave);
  // The default calendar works Monday to Saturday (its last Noche ends on Sunday at 06:00); the nave's own
  // Sunday shift, to Monday 05:59, lets the test run at any hour of a Sunday or of Monday's early morning.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  await seed.shift(nave, { start: '06:00', end: '05:59', weekdays: [7] }, unique('Domingo '));
  const { key } = await ok<{ key: string }>(
    await page.request.post(`/api/admin/arcos-sumergidos/${arco.id}/machine/key`, { headers: auth(admin) }),
    'device key',
  );
  const device = (samples: object[]) =>
    page.request.post(`/api/telemetry/arcos/${arco.id}/samples`, { headers: { 'X-Device-Key': key }, data: { samples } });

  // A circular with its weld record (an approved WPS of process 121, submerged arc: k = 1.0).
  const code = unique('WPS-TEL-');
  const { procedure } = await ok<{ procedure: { id: number } }>(
    await page.request.post('/api/welds/procedures', { headers: auth(admin), data: wps(code, '2026-01-01') }),
    'procedure',
  );
  await ok(await page.request.post(`/api/welds/procedures/${procedure.id}/revisions/1/approve`, { headers: auth(admin) }), 'approve');
  const circular = unique('C-');
  const { tramo } = await ok<{ tramo: { id: number } }>(
    await page.request.post('/api/tramos', {
      headers: auth(ana.token),
      multipart: {
        id_proyecto: 'P-TEL',
        id_tramo: unique('T-'),
        id_circular: circular,
        arco_sumergido_id: String(arco.id),
        circular_fecha: today,
      },
    }),
    'circular',
  );
  await ok(
    await page.request.put(`/api/welds/seams/${tramo.id}`, {
      headers: auth(admin),
      data: { procedure_id: procedure.id, operator_ids: [ana.id], lot_ids: [] },
    }),
    'weld record',
  );

  // The terminal, its arco's live stream answered: no event of the test can be missed.
  const streaming = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/terminal/events' && r.status() === 200);
  await enrol(page, admin, arco);
  await streaming;
  await signInWithPin(page, ana, 'name');
  const card = page.getByTestId('terminal-weld');
  await card.getByLabel('Circular').selectOption({ label: circular });
  await card.getByLabel('Tipo de pasada').selectOption({ label: 'Raíz' });
  await card.getByRole('button', { name: 'Iniciar soldadura' }).click();
  await expect(card.getByTestId('terminal-weld-running')).toHaveText(`Soldando ${circular} · Raíz`);
  const { run } = await ok<{ run: { started_at: string } }>(
    await page.request.get('/api/telemetry/runs/current', { headers: auth(ana.token) }),
    'current run',
  );

  // 3 whole seconds of arc at 10 Hz from the first whole second after the start, then 1 s off: the
  // device's times lie a few seconds ahead (the portal takes up to 60 s), the pass ends after them.
  const base = Math.ceil(Date.parse(run.started_at) / 1000) * 1000 + 1000;
  const burning = Array.from({ length: 30 }, (_, k) => sample(base + k * 100, true));
  expect(await ok(await device(burning), 'samples')).toMatchObject({ stored: 30, refused: 0 });
  const live = card.getByTestId('terminal-weld-live');
  await expect(live).toContainText('ArcoEncendido');
  await expect(live).toContainText('Intensidad500 A');
  await expect(live).toContainText('Tensión30 V');
  await expect(live).toContainText('Velocidad40 cm/min');
  await expect(live).toContainText('Alimentación de hilo2 m/min');
  await expectNoViolations(page, 'terminal weld card while welding', '#main');
  const off = Array.from({ length: 10 }, (_, k) => sample(base + 3000 + k * 100, false));
  expect(await ok(await device(off), 'samples')).toMatchObject({ stored: 10, refused: 0 });
  // The pass ends once the device's last time has passed (no sample of it falls after its end).
  await expect.poll(() => Date.now()).toBeGreaterThan(base + 4000);
  await card.getByRole('button', { name: 'Finalizar soldadura' }).click();

  // By hand: arc 3 s; Q = 1.0 × 30 V × 500 A × 60 / (1000 × 400 mm/min) = 2,25 kJ/mm; 400 mm/min × 3 s = 20 mm.
  const summary = card.getByTestId('terminal-weld-summary');
  await expect(summary.getByRole('heading')).toHaveText(`Resumen de la pasada: ${circular} · Raíz`);
  await expect(summary).toContainText('Tiempo de arco3 s');
  await expect(summary).toContainText('Intensidad media500 A');
  await expect(summary).toContainText('Tensión media30 V');
  await expect(summary).toContainText('Velocidad media40 cm/min');
  await expect(summary).toContainText('Aporte térmico2,25 kJ/mm');
  await expect(summary).toContainText('Longitud soldada20 mm');
  // 40 cm/min is inside the raíz pass's 400–550 mm/min, and so are the current and the voltage.
  await expect(summary).toContainText('Fuera de procedimientoNinguno: dentro del procedimiento.');
  await expectNoViolations(page, 'terminal weld summary', '#main');

  // The admin's 'Arco y OEE': today, the nave chosen, the arco's shift with its 3 s of arc and 0,02 m.
  const laptop = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
  });
  const adminPage = await laptop.newPage();
  const adminStream = adminPage.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await signIn(adminPage, admin, '/admin/soldadura/oee');
  await expect(adminPage.getByRole('heading', { name: 'Arco y OEE', level: 1 })).toBeVisible();
  await adminPage.getByLabel('Nave').selectOption(nave);
  const rows = adminPage.getByTestId('oee-row');
  await expect(rows.first()).toBeVisible();
  // Every row is the nave's one arco; the shift it welded in holds the pass.
  await expect(rows.filter({ hasNotText: arco.name })).toHaveCount(0);
  const welded = rows.filter({ has: adminPage.getByRole('cell', { name: '3 s', exact: true }) });
  await expect(welded).toHaveCount(1);
  const cells = welded.getByRole('cell');
  // Arco, fecha, turno | tiempo de arco, arco encendido, metros, kilos, disponibilidad, rendimiento, calidad, OEE.
  await expect(cells.nth(0)).toHaveText(today.split('-').reverse().join('/'));
  await expect(cells.nth(2)).toHaveText('3 s');
  await expect(cells.nth(4)).toHaveText('0,02 m');
  // No stop of the arco: available all its worked time; no inspection yet: no quality and no OEE.
  await expect(cells.nth(6)).toHaveText('100 %');
  await expect(cells.nth(8)).toHaveText('—');
  await expect(cells.nth(9)).toHaveText('—');
  await expect(adminPage.getByTestId('oee-explained')).toContainText('Disponibilidad: (tiempo trabajado − paradas) ÷ tiempo trabajado.');
  const operator = adminPage.getByTestId('oee-operators').getByRole('row', { name: new RegExp(ana.name) });
  await expect(operator.getByRole('cell').nth(2)).toHaveText('3 s');

  // 'Arco encendido ahora' (the samples of the last 10 s): a burning sample of the arco arrives live.
  const liveArco = adminPage.getByTestId('oee-live-arco').filter({ hasText: arco.name });
  await adminStream;
  expect(await ok(await device([sample(Date.now(), true)]), 'samples')).toMatchObject({ stored: 1 });
  await expect(liveArco).toContainText('Arco encendido');
  await expect(liveArco).toContainText('500 A · 30 V · 40 cm/min');
  await expectNoViolations(adminPage, "admin 'Arco y OEE'", '#main');
  await laptop.close();
});
