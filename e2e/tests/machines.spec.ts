import { type Browser, type Page, request } from '@playwright/test';
import { expectNoViolations } from '../a11y';
import { boundStation, expect, markDocument, sameDocument, signIn, test } from '../fixtures';

// Each test seeds its own arcos, workers and data: the file's tests are shared between the workers
// instead of running one after another in one of them (docs/decisions/098-suite-headroom.md).
test.describe.configure({ mode: 'parallel' });

/** Another device: its own browser context (own storage, own event stream). */
async function device(browser: Browser, baseURL: string | undefined, width: number) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 800 }, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  return { context, page: await context.newPage() };
}

/** Signs in and waits until the page's live stream is answered, so no event of the test can be missed. */
async function openLive(page: Page, token: string, path: string) {
  const streaming = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await signIn(page, token, path);
  await streaming;
}

test('a machine stop shows live on the worker’s stops screen and the plant board; the worker describes it', async ({
  seed,
  browser,
  baseURL,
}) => {
  const { arco, admin, api, report } = await boundStation(seed, baseURL);
  const worker = await seed.worker(arco, 'Operaria Máquina');

  const phone = await device(browser, baseURL, 360);
  const laptop = await device(browser, baseURL, 1280);
  await openLive(phone.page, worker.token, '/dashboard/paradas-kaiser');
  await openLive(laptop.page, admin, '/admin/planta');
  const card = laptop.page.locator(`[data-testid="planta-arco"][data-arco-id="${arco.id}"]`);
  await expect(card).toHaveAttribute('data-status', 'running');
  // Bound but never reported: the board does not claim the arco runs.
  await expect(card.getByTestId('planta-status')).toHaveText('Sin señal');
  await markDocument(phone.page);
  await markDocument(laptop.page);

  expect((await report('stopped')).status()).toBe(200);

  const panel = phone.page.getByTestId('machine-parada');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Parada detectada por la máquina' })).toBeVisible();
  await expect(card).toHaveAttribute('data-status', 'stopped');
  await expect(card).toContainText('Parada por la máquina');
  await expect(card.getByTestId('planta-signal')).toHaveAttribute('data-silent', 'false');
  expect(await sameDocument(phone.page)).toBe(true);
  expect(await sameDocument(laptop.page)).toBe(true);

  // The worker adds what the machine cannot know; it fits a 360 px phone.
  await panel.getByLabel('Descripción de la parada').fill('Cambio de bobina de hilo');
  await panel.getByRole('button', { name: 'Guardar descripción' }).click();
  await expect(panel.getByText('Descripción de la parada guardada.')).toBeVisible();
  const box = await panel.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(360);

  // The machine runs again: the parada ends by itself on both screens, keeping the description.
  expect((await report('running')).status()).toBe(200);
  await expect(panel).toBeHidden();
  await expect(card).toHaveAttribute('data-status', 'running');
  await expect(card.getByTestId('planta-status')).toHaveText('En marcha');
  expect(await sameDocument(phone.page)).toBe(true);
  const list = await api.get('/api/paradas-kaiser', { headers: { Authorization: `Bearer ${admin}` } });
  const mine = ((await list.json()) as { arco_sumergido_id: number; description: string; source: string; end_time: string }[]).filter(
    (p) => p.arco_sumergido_id === arco.id,
  );
  expect(mine).toEqual([
    expect.objectContaining({ source: 'machine', description: 'Cambio de bobina de hilo', end_time: expect.any(String) }),
  ]);

  await phone.context.close();
  await laptop.context.close();
  await api.dispose();
});

test('a machine stop is one panel for every worker at the arco, live, and a worker adds its motivo', async ({ seed, browser, baseURL }) => {
  const { arco, admin, api, report } = await boundStation(seed, baseURL);
  const ana = await seed.worker(arco, 'Ana Máquina');
  const beto = await seed.worker(arco, 'Beto Máquina');

  const first = await device(browser, baseURL, 360);
  const second = await device(browser, baseURL, 360);
  const laptop = await device(browser, baseURL, 1280);
  await openLive(first.page, ana.token, '/dashboard/paradas-kaiser');
  await openLive(second.page, beto.token, '/dashboard/paradas-kaiser');
  await openLive(laptop.page, admin, '/admin/planta');
  const card = laptop.page.locator(`[data-testid="planta-arco"][data-arco-id="${arco.id}"]`);
  await expect(card).toHaveAttribute('data-status', 'running');
  for (const { page } of [first, second, laptop]) await markDocument(page);

  expect((await report('stopped')).status()).toBe(200);

  // Both workers see the machine's parada once: one panel, with who, since when and one clock.
  for (const { page } of [first, second]) {
    const panel = page.getByTestId('machine-parada');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Parada detectada por la máquina' })).toBeVisible();
    await expect(panel).toContainText('Iniciada por la máquina desde las');
    await expect(panel.getByRole('timer', { name: 'Tiempo de la parada del arco' })).toHaveText(/^\d\d:\d\d$/);
    await expect(page.locator('[data-testid="machine-parada"], [data-testid="arco-parada"]')).toHaveCount(1);
    await expect(page.getByRole('timer', { name: 'Tiempo de la parada del arco' })).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Parada detectada por la máquina' })).toHaveCount(1);
  }
  await expect(card).toHaveAttribute('data-status', 'stopped');
  await expect(card).toContainText('Parada por la máquina');
  await expectNoViolations(first.page, 'paradas-kaiser with a machine parada');

  // The first worker adds the motivo and a description.
  const panel = first.page.getByTestId('machine-parada');
  await panel.getByLabel('Motivo').selectOption({ label: 'Fundente' });
  await panel.getByLabel('Descripción de la parada').fill('Tolva de fundente vacía');
  await panel.getByRole('button', { name: 'Guardar descripción' }).click();
  await expect(panel.getByText('Descripción de la parada guardada.')).toBeVisible();
  const active = await api.get('/api/paradas-kaiser/active/arco', { headers: { Authorization: `Bearer ${beto.token}` } });
  expect(await active.json()).toMatchObject({ source: 'machine', motivo_name: 'Fundente', description: 'Tolva de fundente vacía' });

  // The machine runs again: the panel goes on both phones and the board, without a reload.
  expect((await report('running')).status()).toBe(200);
  await expect(panel).toBeHidden();
  await expect(second.page.getByTestId('machine-parada')).toBeHidden();
  await expect(card).toHaveAttribute('data-status', 'running');
  for (const { page } of [first, second, laptop]) expect(await sameDocument(page)).toBe(true);

  for (const { context } of [first, second, laptop]) await context.close();
  await api.dispose();
});

test('an admin binds an arco to a topic and gets a device key shown once, then revokes it', async ({ seed, page }) => {
  const arco = await seed.station();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, await seed.adminToken(), '/admin/arcos-sumergidos');
  await expect(page.getByTestId('broker-status')).toContainText('No configurado');
  await page.getByRole('button', { name: `Señal de máquina: ${arco.name}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tema MQTT').fill('planta/#');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('El tema MQTT no puede contener comodines')).toBeVisible();
  await dialog.getByLabel('Tema MQTT').fill(`planta/${arco.id}/estado`);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Señal de máquina guardada.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Generar clave nueva' }).click();
  const key = dialog.getByLabel('Copia la clave ahora: no se volverá a mostrar.');
  await expect(key).toHaveValue(/^pk_/);
  await expect(dialog.getByTestId('machine-key-state')).toContainText('Clave activa desde');
  await dialog.getByRole('button', { name: 'Revocar clave' }).click();
  await dialog.getByRole('button', { name: 'Revocar clave' }).click();
  await expect(dialog.getByText('Clave de dispositivo revocada.')).toBeVisible();
  await expect(key).toBeHidden();
  await expect(dialog.getByTestId('machine-key-state')).toHaveText('Sin clave');
});

test('the device set-up shows the URL with the arco’s id, copies the URL and the key, and asks before a new key replaces a working one', async ({
  seed,
  browser,
  baseURL,
}) => {
  const arco = await seed.station();
  const admin = await seed.adminToken();
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const api = await request.newContext({ baseURL });
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  await signIn(page, admin, '/admin/arcos-sumergidos');
  await page.getByRole('button', { name: `Señal de máquina: ${arco.name}` }).click();
  const dialog = page.getByRole('dialog', { name: /Señal de máquina/ });

  // The arco's number and the whole URL a device posts to.
  const origin = new URL(page.url()).origin;
  const url = `${origin}/api/machines/${arco.id}/state`;
  await expect(dialog.getByTestId('machine-arco-id')).toHaveText(String(arco.id));
  await expect(dialog.getByLabel('URL del dispositivo (POST)')).toHaveValue(url);
  await dialog.getByRole('button', { name: 'Copiar URL' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Copiado' })).toHaveCount(1);
  expect(await clipboard()).toBe(url);

  // With a topic bound, the MQTT example publishes to it.
  await dialog.getByLabel('Tema MQTT').fill(`planta/${arco.id}/estado`);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Señal de máquina guardada.')).toBeVisible();
  await expect(dialog.getByLabel('Ejemplo por MQTT (mosquitto_pub)')).toHaveValue(
    new RegExp(`^mosquitto_pub .*-t 'planta/${arco.id}/estado' -m stopped$`),
  );

  // No key yet: generated at once, copied, and the curl example carries it.
  await dialog.getByRole('button', { name: 'Generar clave nueva' }).click();
  const keyField = dialog.getByLabel('Copia la clave ahora: no se volverá a mostrar.');
  await expect(keyField).toHaveValue(/^pk_/);
  const key = await keyField.inputValue();
  await dialog.getByRole('button', { name: 'Copiar clave' }).click();
  await expect.poll(clipboard).toBe(key);
  await expect(dialog.getByLabel('Ejemplo con curl')).toHaveValue(
    `curl -X POST '${url}' -H 'X-Device-Key: ${key}' -H 'Content-Type: text/plain' --data stopped`,
  );
  await expectNoViolations(page, 'machine signal dialog with a new key', '.modal');
  const report = (withKey: string) =>
    api.post(url, { headers: { 'X-Device-Key': withKey, 'Content-Type': 'text/plain' }, data: 'running' });
  expect((await report(key)).status()).toBe(200);

  // A working key is not replaced without asking; cancelling keeps it working.
  await dialog.getByRole('button', { name: 'Generar clave nueva' }).click();
  const confirm = page.getByRole('dialog', { name: 'Generar clave nueva' });
  await expect(confirm).toContainText('La clave actual dejará de funcionar');
  await expectNoViolations(page, 'new key confirmation', '.modal');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(keyField).toHaveValue(key);
  expect((await report(key)).status()).toBe(200);

  // Confirmed: a new key, and the old one no longer works.
  await dialog.getByRole('button', { name: 'Generar clave nueva' }).click();
  await confirm.getByRole('button', { name: 'Generar clave nueva' }).click();
  await expect(confirm).toBeHidden();
  await expect(keyField).not.toHaveValue(key);
  const replacement = await keyField.inputValue();
  expect((await report(key)).status()).toBe(401);
  expect((await report(replacement)).status()).toBe(200);

  await context.close();
  await api.dispose();
});

test('the plant board’s last report follows a device’s reports without a reload', async ({ seed, browser, baseURL }) => {
  const { arco, admin, api, report } = await boundStation(seed, baseURL);
  const laptop = await device(browser, baseURL, 1280);
  await openLive(laptop.page, admin, '/admin/planta');
  const signal = laptop.page.locator(`[data-testid="planta-arco"][data-arco-id="${arco.id}"]`).getByTestId('planta-signal');
  await expect(signal).toContainText('Último informe: Nunca');
  await expect(signal).toHaveAttribute('data-silent', 'true');
  await markDocument(laptop.page);

  // 'running' on a running arco changes no parada: only the report event reaches the board.
  expect((await report('running')).status()).toBe(200);
  const machines = await api.get('/api/admin/machines', { headers: { Authorization: `Bearer ${admin}` } });
  const stored = ((await machines.json()) as { arcos: { arco_sumergido_id: number; last_report_at: string }[] }).arcos.find(
    (b) => b.arco_sumergido_id === arco.id,
  );
  await expect(signal.locator('time')).toHaveAttribute('datetime', stored?.last_report_at ?? 'missing');
  await expect(signal).toHaveAttribute('data-silent', 'false');
  expect(await sameDocument(laptop.page)).toBe(true);

  await laptop.context.close();
  await api.dispose();
});

test('without the asynchronous clipboard (a portal over plain HTTP) the copy button copies the selected text', async ({
  seed,
  browser,
  baseURL,
}) => {
  const arco = await seed.station();
  const { context, page } = await device(browser, baseURL, 360);
  await context.addInitScript(() => {
    // As on an insecure origin: no navigator.clipboard. The copies the page makes are recorded.
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
    const copies: string[] = [];
    Object.assign(window, { __copies: copies });
    document.addEventListener('copy', () => {
      const field = document.activeElement as HTMLInputElement | null;
      copies.push(field?.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0) ?? '');
    });
  });
  await signIn(page, await seed.adminToken(), '/admin/arcos-sumergidos');
  await page.getByRole('button', { name: `Señal de máquina: ${arco.name}` }).click();
  const dialog = page.getByRole('dialog', { name: /Señal de máquina/ });
  expect(await page.evaluate(() => navigator.clipboard)).toBeUndefined();
  await dialog.getByRole('button', { name: 'Copiar URL' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Copiado' })).toHaveCount(1);
  const copies = await page.evaluate(() => (window as unknown as { __copies: string[] }).__copies);
  expect(copies).toEqual([`${new URL(page.url()).origin}/api/machines/${arco.id}/state`]);
  await expectNoViolations(page, 'machine signal dialog on a phone', '.modal');
  await context.close();
});
