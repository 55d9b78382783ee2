import type { Page } from '@playwright/test';
import { expectNoViolations } from '../a11y';
import { expect, openDevice, signIn, silenceOnlineEvents, test } from '../fixtures';
import { enrol, signInWithPin, station } from '../terminal';

// Each test seeds its own arcos, workers and data: the file's tests are shared between the workers
// instead of running one after another in one of them (docs/decisions/098-suite-headroom.md).
test.describe.configure({ mode: 'parallel' });

// The station terminal as a plant lives it (docs/decisions/058-calls-reach-whoever-may-answer.md): the
// arco's calls shown with nobody signed in, a tap made signed out carried out after the PIN, messages
// that go with their worker, glove-sized targets and a home that does not move on signing in; and the
// worker's way from the phone's menu to the PIN.

interface StoredCall {
  id: number;
  level: string;
  created_at: string;
  created_by: number | null;
  arco_sumergido_id: number;
}

/** The open calls of an arco, as its workers read them. */
async function openCalls(page: Page, token: string): Promise<StoredCall[]> {
  const res = await page.request.get('/api/andon/calls/arco', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as StoredCall[];
}

const box = async (page: Page, name: string) => (await page.getByRole('button', { name, exact: true }).first().boundingBox())!;

test.describe('station terminal on the floor, portrait 800×1280', () => {
  test.use({ viewport: { width: 800, height: 1280 }, hasTouch: true, isMobile: false });
  test.beforeEach(({ context }) => silenceOnlineEvents(context));

  test("nobody signed in: the arco's calls, 'Voy' and 'En el arco' show and follow live", async ({ page, seed }) => {
    const nave = await seed.nave();
    const { arco, admin, ana } = await station(seed, page, nave);
    const office = await seed.station(nave);
    const supervisor = await seed.worker(office, 'Sofía Supervisora');
    await seed.andonRoles(supervisor.id, { supervisor: [nave] });
    await seed.startParada(ana, 'Tractor parado');
    await enrol(page, admin, arco);
    await expect(page.getByTestId('worker-chip')).toHaveCount(0);

    // The cord pulled from a phone at the arco: the tablet with nobody signed in shows it, waiting.
    const pulled = await page.request.post('/api/andon/calls', {
      headers: { Authorization: `Bearer ${ana.token}` },
      data: { level: 'supervisor' },
    });
    expect(pulled.status()).toBe(201);
    const callId = ((await pulled.json()) as { call: { id: number } }).call.id;
    const calls = page.getByTestId('andon-cord-calls');
    await expect(calls).toContainText('Supervisor: Esperando respuesta');
    const answer = (what: 'ack' | 'arrive') =>
      page.request.post(`/api/andon/calls/${callId}/${what}`, { headers: { Authorization: `Bearer ${supervisor.token}` } });
    expect((await answer('ack')).status()).toBe(200);
    await expect(calls).toContainText('Voy: Sofía Supervisora');
    expect((await answer('arrive')).status()).toBe(200);
    await expect(calls).toContainText('En el arco: Sofía Supervisora');
    await expect(page.getByTestId('worker-chip')).toHaveCount(0);
    await expectNoViolations(page, 'terminal with nobody signed in and an answered call');
  });

  test('a cord tapped signed out is called after the PIN, once, with its tapped time; signing in moves nothing; glove targets', async ({
    page,
    seed,
  }) => {
    const nave = await seed.nave();
    const { arco, admin, ana, bruno } = await station(seed, page, nave);
    await enrol(page, admin, arco);
    await expect(page.getByRole('heading', { name: 'Sin parada en curso' })).toBeVisible();
    const before = await box(page, 'Iniciar parada');

    let posted = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/andon/calls' && r.method() === 'POST') posted++;
    });
    const tapped = Date.now();
    await page.getByRole('button', { name: 'Llamar supervisor' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: ana.name })).toBeVisible();
    expect(posted).toBe(0);
    // The PIN takes its time: the call keeps the moment of the tap.
    await page.waitForTimeout(3000);
    await signInWithPin(page, ana, 'name', true);
    await expect(page.getByText('Aviso enviado a supervisor.')).toBeVisible();
    await expect(page.getByTestId('andon-cord-calls')).toContainText('Supervisor');
    const [call] = await openCalls(page, ana.token);
    expect(call).toMatchObject({ level: 'supervisor', created_by: ana.id, arco_sumergido_id: arco.id });
    expect(Math.abs(Date.parse(call.created_at) - tapped)).toBeLessThan(2000);
    expect(await openCalls(page, ana.token)).toHaveLength(1);
    expect(posted).toBe(1);

    // Signing in moved nothing below the row of who acts.
    const after = await box(page, 'Iniciar parada');
    expect(after.y).toBe(before.y);

    // Glove targets on the tablet: at least 56 px high; a chip's × 8 px or more from its chip.
    await signInWithPin(page, bruno, 'name');
    for (const name of [
      `Actuar como ${ana.name}`,
      `Salir: ${ana.name}`,
      'Identificarse',
      'Llamar supervisor',
      'Llamar mantenimiento',
      'Escribir relevo',
    ])
      expect((await box(page, name)).height, name).toBeGreaterThanOrEqual(56);
    expect((await page.getByLabel('Motivo', { exact: true }).boundingBox())!.height).toBeGreaterThanOrEqual(56);
    const chip = await box(page, `Actuar como ${ana.name}`);
    const out = await box(page, `Salir: ${ana.name}`);
    expect(out.x - (chip.x + chip.width)).toBeGreaterThanOrEqual(8);
    await expectNoViolations(page, 'terminal home with two workers');
  });

  test('messages go with the worker who caused them: gone after a switch and after the idle sign-out', async ({ page, seed }) => {
    const { arco, admin, ana, bruno } = await station(seed, page);
    await page.clock.install();
    await enrol(page, admin, arco);
    // 'Iniciar parada' tapped signed out: started as Ana once her PIN is in.
    await page.getByRole('button', { name: 'Iniciar parada' }).click();
    await signInWithPin(page, ana, 'name', true);
    await expect(page.getByTestId('terminal-parada-by')).toContainText(`Iniciada por ${ana.name}`);
    const started = page.getByText('Parada iniciada!');
    await expect(started).toBeVisible();

    await signInWithPin(page, bruno, 'name');
    await expect(started).toHaveCount(0);
    // Back to Ana: her message went when she stopped acting.
    await page.getByRole('button', { name: `Actuar como ${ana.name}` }).click();
    await expect(page.getByTestId('terminal-actor')).toHaveText(`Actúa: ${ana.name}`);
    await expect(started).toHaveCount(0);

    await page.getByRole('button', { name: 'Finalizar parada' }).click();
    const ended = page.getByText(/^Parada finalizada! Duración:/);
    await expect(ended).toBeVisible();
    await page.clock.runFor('05:05');
    await expect(page.getByTestId('worker-chip')).toHaveCount(0);
    await expect(ended).toHaveCount(0);
    await signInWithPin(page, ana, 'name');
    await expect(ended).toHaveCount(0);

    // 'Añadir circular' tapped signed out opens the form for whoever signs in; a switch closes it.
    await page.getByRole('button', { name: `Salir: ${ana.name}` }).click();
    await page.getByRole('button', { name: 'Añadir circular' }).click();
    await signInWithPin(page, bruno, 'name', true);
    const idTramo = page.locator('form.terminal-form');
    await expect(idTramo).toBeVisible();
    await signInWithPin(page, ana, 'name');
    await expect(idTramo).toHaveCount(0);
  });
});

test("the worker's menu leads to the PIN in two taps, and the PIN opens the numeric keypad", async ({ page, seed }) => {
  const arco = await seed.station();
  const worker = await seed.worker(arco, 'Pilar Pin');
  await signIn(page, worker.token, '/dashboard');
  await page.getByRole('button', { name: 'Pilar Pin' }).tap();
  await page.getByRole('link', { name: 'Perfil, PIN y avisos' }).tap();
  const pin = page.getByLabel('PIN nuevo (4 a 6 cifras)');
  await expect(page.getByRole('heading', { name: 'PIN del terminal' })).toBeVisible();
  await expect(pin).toHaveAttribute('inputmode', 'numeric');
  await expect(pin).toHaveAttribute('autocomplete', 'off');
  await expectNoViolations(page, 'the profile reached from the menu');
});

test('offline at the terminal, a worker who left reads that their actions go on reconnecting', async ({ browser, baseURL, seed }) => {
  const tablet = await openDevice(browser, baseURL, 800, 1280);
  try {
    const { page, context } = tablet;
    await silenceOnlineEvents(context);
    const { arco, admin, ana, bruno } = await station(seed, page);
    await enrol(page, admin, arco);
    await signInWithPin(page, ana, 'name');
    await signInWithPin(page, bruno, 'name');
    await page.getByRole('button', { name: `Actuar como ${ana.name}` }).click();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Iniciar parada' }).click();
    await expect(page.getByTestId('terminal-waiting')).toBeVisible();
    await page.getByRole('button', { name: `Salir: ${ana.name}` }).click();
    const note = page.getByTestId('others-pending');
    await expect(note).toHaveText(`1 acción de ${ana.name} pendiente de enviar: se enviará al reconectar.`);
    await expect(note).not.toContainText('iniciar sesión');
    await context.setOffline(false);
    await expect(note).toHaveCount(0);
  } finally {
    await tablet.context.close();
  }
});
