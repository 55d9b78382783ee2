import type { Page } from '@playwright/test';
import { expectNoViolations } from '../a11y';
import { expect, setHandoverShiftEnd, silenceOnlineEvents, test, unique } from '../fixtures';
import { arcoParadas, enrol, readBadge, signInWithPin, station } from '../terminal';

// Each test seeds its own arcos, workers and data: the file's tests are shared between the workers
// instead of running one after another in one of them (docs/decisions/098-suite-headroom.md).
test.describe.configure({ mode: 'parallel' });

// The station terminal (docs/decisions/036-station-terminal.md, 038-station-terminal-web.md) on a
// tablet lying down and standing up: enrolment, workers signing in with a PIN or a badge and switching
// with one tap, a parada started by one and ended by the other, the idle sign-out on the page's fake
// clock, and a parada started and ended offline keeping both tapped times.

async function serviceWorkerReady(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active !== null && navigator.serviceWorker.controller !== null;
  });
}

/** Waits until the terminal's saved answers (IndexedDB portal-cache/queries, key 'terminal') hold its home. */
async function savedTerminalHome(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('portal-cache');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) return resolve(false);
          const get = db.transaction('queries').objectStore('queries').get('terminal');
          get.onerror = () => resolve(false);
          get.onsuccess = () => {
            const saved = get.result as { clientState?: { queries?: { queryKey: unknown[] }[] } } | undefined;
            resolve(saved?.clientState?.queries?.some((q) => q.queryKey.join('/') === 'terminal/home') ?? false);
            db.close();
          };
        };
      }),
    undefined,
    { polling: 250 },
  );
}

for (const [label, viewport] of [
  ['landscape 1280×800', { width: 1280, height: 800 }],
  ['portrait 800×1280', { width: 800, height: 1280 }],
] as const) {
  test.describe(`station terminal, ${label}`, () => {
    test.use({ viewport, hasTouch: true, isMobile: false });
    test.beforeEach(({ context }) => silenceOnlineEvents(context));

    test('enrol; two workers sign in with PINs and switch with one tap; one starts a parada, the other ends it', async ({ page, seed }) => {
      const { arco, admin, ana, bruno } = await station(seed, page);
      await page.goto('/terminal');
      await expectNoViolations(page, 'terminal enrolment');
      await enrol(page, admin, arco);
      await expect(page.getByRole('heading', { name: 'Sin parada en curso' })).toBeVisible();
      await expectNoViolations(page, 'terminal home');

      await page.getByRole('button', { name: 'Identificarse' }).click();
      await expect(page.getByRole('dialog').getByRole('button', { name: ana.name })).toBeVisible();
      await expectNoViolations(page, 'terminal sign-in');
      await page.keyboard.press('Escape');
      await signInWithPin(page, ana, 'name');
      await signInWithPin(page, bruno, 'id');
      await expect(page.getByRole('button', { name: `Actuar como ${ana.name}` })).toHaveAttribute('aria-pressed', 'false');

      // One tap on Ana's chip: she acts.
      await page.getByRole('button', { name: `Actuar como ${ana.name}` }).click();
      await expect(page.getByTestId('terminal-actor')).toHaveText(`Actúa: ${ana.name}`);
      await page.getByRole('button', { name: 'Iniciar parada' }).click();
      await expect(page.getByTestId('terminal-parada-by')).toContainText(`Iniciada por ${ana.name}`);
      await expectNoViolations(page, 'terminal home with a parada');

      await page.getByRole('button', { name: `Actuar como ${bruno.name}` }).click();
      await page.getByRole('button', { name: 'Finalizar parada' }).click();
      await expect(page.getByRole('heading', { name: 'Sin parada en curso' })).toBeVisible();
      await expect(page.getByTestId('terminal-today')).toContainText(`${ana.name}`);
      await expect(page.getByTestId('terminal-today')).toContainText(`Finalizada por ${bruno.name}`);
      const [stored] = await arcoParadas(page, admin, arco);
      expect(stored.user_id).toBe(ana.id);
      expect(stored.ended_by).toBe(bruno.id);

      // The andon's cord at the terminal calls as the worker who acts.
      await page.getByRole('button', { name: 'Llamar supervisor' }).click();
      await expect(page.getByText('Aviso enviado a supervisor.')).toBeVisible();
      await expect(page.getByTestId('andon-cord-calls')).toContainText('Supervisor');
      await expectNoViolations(page, 'terminal home with an andon call');

      // The handover (docs/decisions/050-terminal-offline-and-handover.md): Bruno writes this shift's
      // note at the terminal. Ana, of the same shift, signs in again after it and is not offered it
      // (docs/decisions/059-handover-for-the-next-shift.md); once the shift has ended she reads it and
      // confirms it as herself.
      await page.getByRole('button', { name: 'Escribir relevo' }).click();
      const form = page.getByRole('dialog', { name: 'Relevo de turno' });
      await expect(form.getByRole('heading', { name: 'Cifras del turno' })).toBeVisible();
      await expectNoViolations(page, 'terminal handover form', '.terminal-dialog');
      await form.getByLabel('Nota para el turno entrante').fill('Hilo nuevo en la bobina 2.');
      const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/handovers' && r.request().method() === 'POST');
      await form.getByRole('button', { name: 'Guardar relevo' }).click();
      const handoverId = ((await (await saved).json()) as { handover: { id: number } }).handover.id;
      await expect(page.getByText('¡Relevo guardado!')).toBeVisible();
      setHandoverShiftEnd(handoverId, 3_600_000);
      await page.getByRole('button', { name: `Salir: ${ana.name}` }).click();
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/handovers/arco' && r.ok());
      await signInWithPin(page, ana, 'name');
      expect(((await (await answered).json()) as { pending: unknown }).pending).toBeNull();
      const incoming = page.getByRole('article').filter({ hasText: 'Relevo del turno anterior' });
      await expect(page.getByTestId('terminal-actor')).toHaveText(`Actúa: ${ana.name}`);
      await expect(incoming).toHaveCount(0);
      setHandoverShiftEnd(handoverId, -60_000);
      await page.getByRole('button', { name: `Salir: ${ana.name}` }).click();
      await signInWithPin(page, ana, 'name');
      await expect(incoming).toContainText('Hilo nuevo en la bobina 2.');
      await expect(incoming).toContainText(`Escrito por ${bruno.name}`);
      await expectNoViolations(page, 'terminal incoming handover');
      await incoming.getByRole('button', { name: 'Leído' }).click();
      await expect(page.getByText('¡Relevo leído!')).toBeVisible();
      const audit = await page.request.get(`/api/admin/audit?entity=handover&action=confirm&actor_id=${ana.id}`, {
        headers: { Authorization: `Bearer ${admin}` },
      });
      expect(audit.ok()).toBe(true);
      expect(((await audit.json()) as { items: { terminal_name: string | null }[] }).items).toEqual([
        expect.objectContaining({ terminal_name: `Terminal ${arco.name}` }),
      ]);
    });

    test('a badge read anywhere on the screen signs its worker in', async ({ page, seed }) => {
      const { arco, admin, ana } = await station(seed, page);
      const badge = unique('B');
      const res = await page.request.put(`/api/admin/users/${ana.id}/badge`, {
        headers: { Authorization: `Bearer ${admin}` },
        data: { badge_code: badge },
      });
      expect(res.status()).toBe(204);
      await enrol(page, admin, arco);
      // A reader types fast and ends with Enter, wherever the focus is.
      await readBadge(page, badge);
      await expect(page.getByRole('button', { name: `Actuar como ${ana.name}` })).toHaveAttribute('aria-pressed', 'true');
    });

    test('after the idle minutes without a touch everyone is signed out', async ({ page, seed }) => {
      const { arco, admin, ana, bruno } = await station(seed, page);
      await page.clock.install();
      await enrol(page, admin, arco);
      await signInWithPin(page, ana, 'name');
      await signInWithPin(page, bruno, 'name');
      await expect(page.getByTestId('worker-chip')).toHaveCount(2);
      // Four minutes: still there; a touch restarts the count.
      await page.clock.runFor('04:00');
      await expect(page.getByTestId('worker-chip')).toHaveCount(2);
      await page.getByRole('heading', { name: `Terminal · ${arco.name}` }).click();
      await page.clock.runFor('04:00');
      await expect(page.getByTestId('worker-chip')).toHaveCount(2);
      await page.clock.runFor('01:05');
      await expect(page.getByTestId('worker-chip')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Identificarse' })).toBeVisible();
    });

    test('a parada started and ended offline by two workers keeps both tapped times', async ({ page, context, seed }) => {
      const { arco, admin, ana, bruno } = await station(seed, page);
      await enrol(page, admin, arco);
      await signInWithPin(page, ana, 'name');
      await signInWithPin(page, bruno, 'name');
      await page.getByRole('button', { name: `Actuar como ${ana.name}` }).click();
      await context.setOffline(true);

      await page.getByRole('button', { name: 'Iniciar parada' }).click();
      const started = Date.now();
      await expect(page.getByTestId('terminal-waiting')).toBeVisible();
      await expect(page.getByTestId('terminal-parada-by')).toContainText(`Iniciada por ${ana.name}`);
      await page.getByRole('button', { name: `Actuar como ${bruno.name}` }).click();
      await page.getByRole('button', { name: 'Finalizar parada' }).click();
      const ended = Date.now();
      await expect(page.getByRole('heading', { name: 'Sin parada en curso' })).toBeVisible();

      await new Promise((resolve) => setTimeout(resolve, 4000));
      await context.setOffline(false);
      await expect.poll(async () => (await arcoParadas(page, admin, arco)).filter((p) => p.end_time !== null).length).toBe(1);
      const [stored] = await arcoParadas(page, admin, arco);
      expect(stored.user_id).toBe(ana.id);
      expect(stored.ended_by).toBe(bruno.id);
      expect(Math.abs(Date.parse(stored.start_time) - started)).toBeLessThan(2000);
      expect(Math.abs(Date.parse(stored.end_time!) - ended)).toBeLessThan(2000);
      await expect(page.getByTestId('terminal-waiting')).toHaveCount(0);
    });
  });
}

test.describe('station terminal across a reload', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: true, isMobile: false });
  test.beforeEach(({ context }) => silenceOnlineEvents(context));

  test('a reload offline shows the arco’s last home with the signed-in worker, whose parada is sent when back online', async ({
    page,
    context,
    seed,
  }) => {
    const { arco, admin, ana } = await station(seed, page);
    await enrol(page, admin, arco);
    // A wrong PIN is refused with its message, and the device stays enrolled.
    await page.getByRole('button', { name: 'Identificarse' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: ana.name }).click();
    for (const digit of '9999') await dialog.getByRole('button', { name: digit, exact: true }).click();
    await dialog.getByRole('button', { name: 'Entrar' }).click();
    await expect(dialog.getByText('ID de trabajador o PIN incorrectos.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: `Terminal · ${arco.name}` })).toBeVisible();
    await signInWithPin(page, ana, 'name');
    await expect(page.getByRole('heading', { name: 'Sin parada en curso' })).toBeVisible();
    await serviceWorkerReady(page);
    await savedTerminalHome(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: `Terminal · ${arco.name}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sin parada en curso' })).toBeVisible();
    await expect(page.getByTestId('saved-data-note')).toBeVisible();
    await expect(page.getByRole('button', { name: `Actuar como ${ana.name}` })).toHaveAttribute('aria-pressed', 'true');
    await expectNoViolations(page, 'terminal home reloaded offline');

    await page.getByRole('button', { name: 'Iniciar parada' }).click();
    const started = Date.now();
    await expect(page.getByTestId('terminal-waiting')).toBeVisible();
    await page.getByRole('button', { name: 'Finalizar parada' }).click();
    const ended = Date.now();
    await expect(page.getByRole('heading', { name: 'Sin parada en curso' })).toBeVisible();

    await context.setOffline(false);
    await expect.poll(async () => (await arcoParadas(page, admin, arco)).filter((p) => p.end_time !== null).length).toBe(1);
    const [stored] = await arcoParadas(page, admin, arco);
    expect(stored.user_id).toBe(ana.id);
    expect(Math.abs(Date.parse(stored.start_time) - started)).toBeLessThan(2000);
    expect(Math.abs(Date.parse(stored.end_time!) - ended)).toBeLessThan(2000);
    await expect(page.getByTestId('terminal-waiting')).toHaveCount(0);
  });

  test('a reload keeps the signed-in workers only within the idle minutes since the last touch', async ({ page, seed }) => {
    const { arco, admin, ana } = await station(seed, page);
    await page.clock.install();
    await enrol(page, admin, arco);
    await signInWithPin(page, ana, 'name');
    // The clock jumps without running the page's timers: only what the reload restores decides.
    const later = async (minutes: number) => page.clock.setSystemTime((await page.evaluate(() => Date.now())) + minutes * 60_000);
    await later(4);
    await page.reload();
    await expect(page.getByRole('button', { name: `Actuar como ${ana.name}` })).toHaveAttribute('aria-pressed', 'true');
    // The idle count goes on from the touch before the reload: one minute left, not five.
    await page.clock.runFor('01:05');
    await expect(page.getByTestId('worker-chip')).toHaveCount(0);

    await signInWithPin(page, ana, 'name');
    await later(6);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sin parada en curso' })).toBeVisible();
    await expect(page.getByTestId('worker-chip')).toHaveCount(0);
  });
});
