import { request } from '@playwright/test';
import { connectAsync } from 'mqtt';
import { expect, openDevice, openLive, test } from '../fixtures';
import { MQTT_BASE_URL, MQTT_URL } from '../playwright.config';

// The server started with MQTT_URL (playwright.config.ts), when Debian's Mosquitto is installed.
test.skip(!MQTT_URL || !MQTT_BASE_URL, 'no Mosquitto: the MQTT server is not started');
test.use({ baseURL: MQTT_BASE_URL ?? undefined });

test('a stop published over MQTT shows live on the worker’s stops screen and the plant board; running ends it', async ({
  seed,
  browser,
  baseURL,
}) => {
  const arco = await seed.station();
  const worker = await seed.worker(arco, 'Operario MQTT');
  const admin = await seed.adminToken();
  const auth = { Authorization: `Bearer ${admin}` };
  const api = await request.newContext({ baseURL });
  // The broker starts after the server: wait for the connection, then bind (binding subscribes at once).
  await expect
    .poll(
      async () =>
        ((await (await api.get('/api/admin/machines', { headers: auth })).json()) as { broker: { connected: boolean } }).broker.connected,
    )
    .toBe(true);
  const topic = `planta/e2e-${arco.id}/estado`;
  expect((await api.put(`/api/admin/arcos-sumergidos/${arco.id}/machine`, { headers: auth, data: { topic } })).status()).toBe(200);

  const phone = await openDevice(browser, baseURL, 360, 800);
  const laptop = await openDevice(browser, baseURL, 1280, 800);
  await openLive(phone.page, worker.token, '/dashboard/paradas-kaiser');
  await openLive(laptop.page, admin, '/admin/planta');
  const card = laptop.page.locator(`[data-testid="planta-arco"][data-arco-id="${arco.id}"]`);
  await expect(card).toHaveAttribute('data-status', 'running');
  // A flag on the window that a reload would wipe: proves the updates arrive without one.
  for (const page of [phone.page, laptop.page]) await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  const machine = await connectAsync(MQTT_URL ?? '', { protocolVersion: 5 });
  await machine.publishAsync(topic, 'stopped', { qos: 1 });

  const panel = phone.page.getByTestId('machine-parada');
  await expect(panel.getByRole('heading', { name: 'Parada detectada por la máquina' })).toBeVisible();
  await expect(card).toHaveAttribute('data-status', 'stopped');
  await expect(card).toContainText('Parada por la máquina');
  await panel.getByLabel('Descripción de la parada').fill('Atasco del alimentador de fundente');
  await panel.getByRole('button', { name: 'Guardar descripción' }).click();
  await expect(panel.getByText('Descripción de la parada guardada.')).toBeVisible();

  await machine.publishAsync(topic, 'running', { qos: 1 });
  await expect(panel).toBeHidden();
  await expect(card).toHaveAttribute('data-status', 'running');
  for (const page of [phone.page, laptop.page])
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)).toBe(true);
  const list = await api.get('/api/paradas-kaiser', { headers: auth });
  const mine = ((await list.json()) as { arco_sumergido_id: number; description: string; source: string; end_time: string }[]).filter(
    (p) => p.arco_sumergido_id === arco.id,
  );
  expect(mine).toEqual([
    expect.objectContaining({ source: 'machine', description: 'Atasco del alimentador de fundente', end_time: expect.any(String) }),
  ]);

  await machine.endAsync();
  await phone.context.close();
  await laptop.context.close();
  await api.dispose();
});
