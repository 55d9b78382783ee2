import { request as requestContext } from '@playwright/test';
import { expectNoViolations } from '../a11y';
import { ADMIN, boundStation, expect, openDevice, openLive, Seed, test } from '../fixtures';
import { startPortal } from '../portal-process';

// The plant board under the cover rule (docs/decisions/031-machine-and-worker-stops.md), with the
// device reporting through its HTTP path: a worker's parada that ends while the machine stands still
// leaves the arco stopped, by the machine; the board never says 'En marcha' while the machine's last
// report is 'stopped', and a machine gone silent shows 'Sin señal'. A portal of its own, whose
// silence threshold (MACHINE_SILENCE_SECONDS, 8 s) the test can wait out.

test('a worker parada over a stopped machine: the board stays stopped by the machine until it runs, then a silent machine shows Sin señal', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const server = await startPortal('e2e-cover', {
    ADMIN_WORKER_ID: ADMIN.worker_id,
    ADMIN_PASSWORD: ADMIN.password,
    MACHINE_SILENCE_SECONDS: '8',
    BACKUP_HOUR: 'off',
  });
  const seedApi = await requestContext.newContext({ baseURL: server.baseURL });
  const { context, page } = await openDevice(browser, server.baseURL, 1280, 800);
  const { arco, admin, api, report } = await boundStation(new Seed(seedApi), server.baseURL);
  try {
    const seed = new Seed(seedApi);
    const worker = await seed.worker(arco, 'Soldadora Cubierta');
    await openLive(page, admin, '/admin/planta');
    const card = page.locator(`[data-testid="planta-arco"][data-arco-id="${arco.id}"]`);
    const status = card.getByTestId('planta-status');
    await expect(status).toHaveText('Sin señal');
    // Every text the card's state takes from here on, noted by the page itself (a poll could miss one).
    await page.evaluate((id) => {
      const seen: string[] = [];
      const el = document.querySelector(`[data-testid="planta-arco"][data-arco-id="${id}"] [data-testid="planta-status"]`);
      if (el)
        new MutationObserver(() => seen.push(el.textContent ?? '')).observe(el, { childList: true, characterData: true, subtree: true });
      Object.assign(window, { __states: seen });
    }, arco.id);
    const states = () => page.evaluate(() => (window as unknown as { __states: string[] }).__states);

    expect((await report('running')).status()).toBe(200);
    const stopId = await seed.startParada(worker, 'Cambio de boquilla');
    await expect(card).toHaveAttribute('data-status', 'stopped');
    await expect(card).toContainText('Parada por Soldadora Cubierta');
    const stoppedAt = (await states()).length;
    expect((await report('stopped')).status()).toBe(200);

    // The worker ends the parada; the machine still stands: the arco stays stopped, now by the machine.
    const ended = await api.put(`/api/paradas-kaiser/end/${stopId}`, { headers: { Authorization: `Bearer ${worker.token}` }, data: {} });
    expect(ended.status()).toBe(200);
    await expect(card).toContainText('Parada por la máquina');
    await expect(card).toHaveAttribute('data-status', 'stopped');
    await expect(status).toHaveText('Parada');

    // Only the machine's 'running' frees the arco; until then the board never said 'En marcha'.
    const beforeRunning = await states();
    expect(beforeRunning.slice(stoppedAt)).not.toContain('En marcha');
    expect((await report('running')).status()).toBe(200);
    await expect(card).toHaveAttribute('data-status', 'running');
    await expect(card).not.toContainText('Parada por');

    // Silent for longer than MACHINE_SILENCE_SECONDS: not known to run.
    await expect(status).toHaveText('Sin señal', { timeout: 30_000 });
    await expect(card.getByTestId('planta-signal')).toHaveAttribute('data-silent', 'true');

    // The minutes: the worker's part and the machine's, each once.
    const list = await api.get('/api/paradas-kaiser', { headers: { Authorization: `Bearer ${admin}` } });
    const atArco = ((await list.json()) as { arco_sumergido_id: number; source: string; end_time: string | null }[]).filter(
      (p) => p.arco_sumergido_id === arco.id,
    );
    expect(atArco.map((p) => p.source).sort()).toEqual(['machine', 'worker']);
    expect(atArco.every((p) => p.end_time !== null)).toBe(true);

    // The history tells what the machine did, by the machine, in Spanish; and the key made for the device.
    const machineParada = atArco.find((p) => p.source === 'machine') as unknown as { id: number };
    await page.goto('/admin/historial');
    const actions = page.getByLabel('Acción').locator('option');
    for (const name of ['Parada iniciada por la máquina', 'Parada finalizada por la máquina', 'Clave de dispositivo creada'])
      await expect(actions.filter({ hasText: name })).toHaveCount(1);
    await page.getByLabel('Tipo de registro').selectOption('parada');
    await page.getByLabel('ID del registro').fill(String(machineParada.id));
    const rows = page.getByTestId('audit-row');
    await expect(rows).toHaveCount(2);
    const started = rows.filter({ hasText: 'Parada iniciada por la máquina' });
    await expect(started).toContainText('La máquina');
    await expect(started).toContainText(`Arco sumergido: — → ${arco.name}`);
    await expect(started).toContainText(/Inicio: — → \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(rows.filter({ hasText: 'Parada finalizada por la máquina' })).toContainText(/Fin: — → \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(rows.filter({ hasText: 'Sistema' })).toHaveCount(0);
    await page.getByLabel('Tipo de registro').selectOption('arco');
    await page.getByLabel('ID del registro').fill(String(arco.id));
    const key = page.getByTestId('audit-row').filter({ hasText: 'Clave de dispositivo creada' });
    await expect(key).toHaveCount(1);
    await expect(key.locator('li')).toHaveText('Clave de dispositivo');
    await expectNoViolations(page, 'the change history with the machine’s rows');
  } finally {
    await context.close();
    await api.dispose();
    await seedApi.dispose();
    server.stop();
  }
});
