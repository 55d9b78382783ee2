import { addMonths, factoryMonth } from '@portal/contract/time';
import { expectNoViolations } from '../a11y';
import { boundStation, openDevice as device, expect, openLive, test } from '../fixtures';

/**
 * The timeline and the downtime analysis as a plant reads them (docs/decisions/056-shift-figures-across-a-month.md):
 * the timeline opens on the shift running now and stays legible at 360 px; the analysis keeps every
 * shift in its Turno select and shows its availability table whole at 1280 px.
 */
test('the timeline opens on the current shift, legible on a phone', async ({ seed, browser, baseURL }) => {
  const nave = await seed.nave();
  const { arco, report } = await boundStation(seed, baseURL, nave);
  expect((await report('stopped')).status()).toBe(200);
  const worker = await seed.worker(arco, 'Teo Pantalla');
  const phone = await device(browser, baseURL, 360, 740);
  try {
    const page = phone.page;
    const current = await page.request.get('/api/shifts/current', { headers: { Authorization: `Bearer ${worker.token}` } });
    const { shift } = (await current.json()) as { shift: { name: string } | null };
    await openLive(page, worker.token, '/dashboard/linea-de-tiempo');
    const row = page.getByRole('group', { name: arco.name, exact: true });
    await expect(row.getByRole('button', { name: /\(en curso\)$/ })).toBeVisible();
    // The shift running now, or the day when none runs (a Sunday of the default calendar).
    if (shift) {
      await expect(page.getByLabel('Intervalo')).toHaveValue('shift');
      await expect(page.getByLabel('Turno', { exact: true }).locator('option:checked')).toHaveText(new RegExp(`^${shift.name} `));
    } else await expect(page.getByLabel('Intervalo')).toHaveValue('day');

    // Drawn in the phone's own pixels: a name of at least 11 px, bars at least 12 px high, axis labels too.
    const sizes = await page.evaluate((name) => {
      const svg = document.querySelector<SVGSVGElement>('.timeline-chart');
      const group = [...document.querySelectorAll('.timeline-chart [role="group"]')].find((g) => g.getAttribute('aria-label') === name);
      const label = group?.querySelector<SVGTextElement>('.timeline-row-label');
      const bar = group?.querySelector<SVGRectElement>('.timeline-row-bars rect');
      const tick = svg?.querySelector<SVGTextElement>('g[aria-hidden="true"] text');
      const scale = svg?.getScreenCTM()?.a ?? 0;
      const px = (el: Element | null | undefined) => (el ? Number.parseFloat(getComputedStyle(el).fontSize) * scale : 0);
      return {
        width: svg?.getBoundingClientRect().width ?? 0,
        label: px(label),
        tick: px(tick),
        bar: bar?.getBoundingClientRect().height ?? 0,
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    }, arco.name);
    expect(sizes.width).toBeLessThanOrEqual(360);
    expect(sizes.label).toBeGreaterThanOrEqual(11);
    expect(sizes.tick).toBeGreaterThanOrEqual(11);
    expect(sizes.bar).toBeGreaterThanOrEqual(12);
    expect(sizes.overflow).toBeLessThanOrEqual(0);
    await expectNoViolations(page, 'worker timeline at 360 px');

    // The day and the week are drawn at the same size.
    await page.getByLabel('Intervalo').selectOption('week');
    await expect(row.getByRole('button', { name: /\(en curso\)$/ })).toBeVisible();
    const week = await row.locator('.timeline-row-bars rect').first().boundingBox();
    expect(week?.height ?? 0).toBeGreaterThanOrEqual(12);
  } finally {
    await phone.context.close();
  }
});

test('the analysis keeps every shift in its Turno select, its availability table whole at 1280 px, and waits with a unit', async ({
  seed,
  browser,
  baseURL,
}) => {
  const admin = await seed.adminToken();
  const nave = await seed.nave();
  const station = await seed.station(nave);
  // A stop of this month with a call answered at once: the response times have data.
  const welder = await seed.worker(station, 'Lia Cordón');
  const supervisor = await seed.worker(station, 'Rai Supervisor');
  await seed.andonRoles(supervisor.id, { supervisor: [nave] });
  const stopId = await seed.startParada(welder, 'Atasco');
  const laptop = await device(browser, baseURL, 1280, 800);
  try {
    const page = laptop.page;
    const as = (token: string) => ({ Authorization: `Bearer ${token}` });
    const cord = await page.request.post('/api/andon/calls', { headers: as(welder.token), data: { level: 'supervisor' } });
    expect(cord.status()).toBe(201);
    const callId = ((await cord.json()) as { call: { id: number } }).call.id;
    for (const step of ['ack', 'arrive'])
      expect((await page.request.post(`/api/andon/calls/${callId}/${step}`, { headers: as(supervisor.token) })).status()).toBe(200);
    expect((await page.request.put(`/api/paradas-kaiser/end/${stopId}`, { headers: as(welder.token), data: {} })).status()).toBe(200);

    await openLive(page, admin, '/admin');
    const heading = page.getByRole('heading', { name: 'Análisis de paradas' });
    await heading.scrollIntoViewIfNeeded();
    await page.getByLabel('Nave', { exact: true }).selectOption(nave);
    // This month's response times carry their unit ('0 s', '1 min 05 s'), not a bare '00:33'.
    const waits = page.getByRole('region', { name: 'Tiempos de respuesta: Arco sumergido' });
    await expect(waits.getByRole('row', { name: new RegExp(station.name) })).toContainText(/\d+ s/);
    await expect(waits).not.toContainText(/\d\d:\d\d/);

    // Last month: every shift of the default calendar has worked time in it.
    await page.getByLabel('Mes', { exact: true }).fill(addMonths(factoryMonth(new Date(), 'Europe/Madrid'), -1));
    const turno = page.locator('#downtime-shift');
    await expect(turno.locator('option')).toHaveText(['Todos los turnos', 'Mañana', 'Tarde', 'Noche']);
    await turno.selectOption({ label: 'Noche' });
    await expect(page.getByRole('region', { name: 'Tabla de paradas por turno' }).getByRole('row')).toHaveCount(2);
    await expect(turno.locator('option')).toHaveText(['Todos los turnos', 'Mañana', 'Tarde', 'Noche']);
    await turno.selectOption({ label: 'Tarde' });
    await expect(page.getByRole('region', { name: 'Tabla de paradas por turno' })).toContainText('Tarde');

    // The availability table's seven columns, none cut off.
    const table = page.getByRole('region', { name: 'Tabla de disponibilidad por arco' });
    await table.scrollIntoViewIfNeeded();
    await expect(table.getByRole('columnheader')).toHaveCount(7);
    const cut = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(cut).toBeLessThanOrEqual(0);
    await expectNoViolations(page, 'downtime analysis at 1280 px');
  } finally {
    await laptop.context.close();
  }
});
