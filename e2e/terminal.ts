import type { Page } from '@playwright/test';
import { expect, type Seed, type TestArco, unique, type Worker } from './fixtures';

// The station terminal's steps the browser tests share (tests/terminal.spec.ts, tests/terminal-floor.spec.ts).

export interface StoredParada {
  id: number;
  user_id: number;
  ended_by?: number | null;
  start_time: string;
  end_time: string | null;
}

/** A station with two workers who have a PIN (signed in there once from a phone, so it lists them) and an enrolment code. */
export async function station(seed: Seed, page: Page, nave?: string) {
  const arco = await seed.station(nave);
  const admin = await seed.adminToken();
  const withPin = async (name: string, pin: string) => {
    const worker = await seed.worker(arco, name);
    const res = await page.request.put('/api/users/me/pin', {
      headers: { Authorization: `Bearer ${worker.token}` },
      data: { current_password: worker.password, pin },
    });
    expect(res.status()).toBe(204);
    return { ...worker, pin };
  };
  const ana = await withPin(unique('Ana '), '1234');
  const bruno = await withPin(unique('Bruno '), '975310');
  return { arco, admin, ana, bruno };
}

export async function enrolmentCode(page: Page, admin: string, arco: TestArco): Promise<string> {
  const res = await page.request.post(`/api/admin/arcos-sumergidos/${arco.id}/terminal-codes`, {
    headers: { Authorization: `Bearer ${admin}` },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { code: string }).code;
}

/** Opens /terminal and enrols it with a fresh code, up to the arco's home. */
export async function enrol(page: Page, admin: string, arco: TestArco) {
  const code = await enrolmentCode(page, admin, arco);
  await page.goto('/terminal');
  await expect(page.getByRole('heading', { name: 'Alta del terminal' })).toBeVisible();
  await page.getByLabel('Código de alta').fill(code);
  await page.getByRole('button', { name: 'Dar de alta' }).click();
  await expect(page.getByRole('heading', { name: `Terminal · ${arco.name}` })).toBeVisible();
}

/**
 * Signs a worker in: their name among the recent ones, or their worker ID typed, then the PIN on the
 * pad; `opened`: the sign-in was already opened by an action tapped with nobody signed in.
 */
export async function signInWithPin(page: Page, worker: Worker & { pin: string }, how: 'name' | 'id', opened = false) {
  if (!opened) await page.getByRole('button', { name: 'Identificarse' }).click();
  const dialog = page.getByRole('dialog');
  if (how === 'name') await dialog.getByRole('button', { name: worker.name }).click();
  else {
    await dialog.getByLabel('ID de trabajador').fill(worker.worker_id);
    await dialog.getByRole('button', { name: 'Continuar' }).click();
  }
  for (const digit of worker.pin) await dialog.getByRole('button', { name: digit, exact: true }).click();
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Actuar como ${worker.name}` })).toHaveAttribute('aria-pressed', 'true');
}

export async function arcoParadas(page: Page, admin: string, arco: TestArco): Promise<StoredParada[]> {
  // An administrator's list holds every worker's stops.
  const res = await page.request.get('/api/paradas-kaiser', { headers: { Authorization: `Bearer ${admin}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as (StoredParada & { arco_sumergido_id: number })[]).filter((p) => p.arco_sumergido_id === arco.id);
}

/**
 * A badge reader's burst: each key through the browser's own input pipeline, stamped 10 ms after the
 * last (the Chrome DevTools Protocol's `timestamp`), so the pace the terminal reads is the reader's and
 * not how fast a loaded machine relays the keys.
 */
export async function readBadge(page: Page, code: string) {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const keys = [...code, 'Enter'];
  for (const [i, key] of keys.entries()) {
    const timestamp = start + i * 0.01;
    const enter = key === 'Enter';
    const text = enter ? '\r' : key;
    const keyCode = enter ? 'Enter' : undefined;
    const windowsVirtualKeyCode = enter ? 13 : key.toUpperCase().charCodeAt(0);
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, code: keyCode, text, windowsVirtualKeyCode, timestamp });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code: keyCode, windowsVirtualKeyCode, timestamp: timestamp + 0.005 });
  }
  await cdp.detach();
}
