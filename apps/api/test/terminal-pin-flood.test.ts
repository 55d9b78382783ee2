import { performance } from 'node:perf_hooks';
import type { PlantaNave } from '@portal/contract/planta';
import { TERMINAL_PIN_BUDGET, terminalMessages } from '@portal/contract/terminal';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { hashPassword } from '../src/lib/passwords';
import { enrolTerminalAt, pgUnavailable, terminalKey, useTestApp } from './helper';
import { enrolBoundTerminal, signedNonce } from './terminal-device';

/**
 * The PIN budget under a flood (docs/decisions/060-terminal-budget-and-binding.md): one terminal's
 * credential keeps 64 wrong PIN checks in flight across 50 workers until a right PIN at another
 * terminal has signed in and the admins have seen the mark, then sends TAIL_REQUESTS more. A fixed
 * amount of work, not of time (docs/decisions/083-suite-without-waiting.md): the budget's checks,
 * a few polls of the plant board, and the tail.
 */
const IN_FLIGHT = 64;
const WORKERS = 50;
/** Wrong PINs sent once the terminal is seen locked: none of them may be checked. */
const TAIL_REQUESTS = 1000;

describe.skipIf(pgUnavailable)('a flood of wrong PINs from one credential', () => {
  const t = useTestApp();

  // The limit is a safety net for a loaded machine, not a budget: the case lasts as long as its work.
  it('checks no more than the budget, while a right PIN at another terminal signs in and the admins see the mark', async () => {
    const arco = await t.createArco('Arco Asedio');
    const calm = await t.createArco('Arco Tranquilo');
    const nave = await t.db.selectFrom('naves').select('id').where('name', '=', 'Nave 1').executeTakeFirstOrThrow();
    // 50 workers with a PIN, straight in the database (one argon2id hash for all: the flood is what is measured).
    const pinHash = await hashPassword('9999');
    const now = new Date().toISOString();
    const workers = await t.db
      .insertInto('users')
      .values(
        Array.from({ length: WORKERS }, (_, i) => ({
          worker_id: `asedio-${i}`,
          name: `Soldador ${i}`,
          password_hash: pinHash,
          pin_hash: pinHash,
          role: 'user' as const,
          nave_id: nave.id,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'worker_id'])
      .execute();
    const welder = await t.createWorker(calm, 'Soldadora Tranquila');
    expect((await t.send(welder.token, 'PUT', '/api/users/me/pin', { current_password: welder.password, pin: '2468' })).statusCode).toBe(
      204,
    );

    const { credential, terminal } = await enrolTerminalAt(t, arco.id, 'Tablet Copiada');
    const other = await enrolBoundTerminal(t, calm.id, 'Tablet del Puesto');

    const statuses = new Map<number, number>();
    let sent = 0;
    // Counted down once the right PIN elsewhere has signed in and the mark is seen; the flood ends at 0.
    let tail = TAIL_REQUESTS;
    let observed = false;
    let firstChecked: () => void = () => {};
    const oneChecked = new Promise<void>((resolve) => {
      firstChecked = resolve;
    });
    const guesser = async () => {
      while (!observed || tail > 0) {
        if (observed) tail--;
        const i = sent++;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/terminal/sign-in',
          headers: terminalKey(credential),
          payload: { worker_id: workers[i % WORKERS].worker_id, pin: String(1000 + (i % 8000)) },
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode === 401) firstChecked();
        // Refused answers are instant: a turn of the event loop keeps the flood from starving the rest.
        if (res.statusCode === 429) await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const floodStart = performance.now();
    const flood = Promise.all(Array.from({ length: IN_FLIGHT }, guesser));
    // On a failed expectation below the flood stops at once instead of outliving the case.
    onTestFinished(() => {
      observed = true;
      tail = 0;
      return flood.then(() => undefined);
    });

    // Meanwhile, once a wrong PIN has been checked (the flood holds the PIN checks' threads), a right
    // PIN at another terminal (bound, as the enrolled tablet signs).
    await oneChecked;
    const t0 = performance.now();
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/terminal/sign-in',
      headers: terminalKey(other.credential),
      payload: { worker_id: welder.worker_id, pin: '2468', ...(await signedNonce(t, other.credential, other.privateKey)) },
    });
    const latency = performance.now() - t0;
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().user.id).toBe(welder.id);

    // ...and the admins see the mark on the plant board while the flood goes on, once the budget is spent.
    const admin = await t.adminToken();
    const mark = async () => {
      const planta = (await t.send(admin, 'GET', '/api/admin/planta')).json() as PlantaNave[];
      return planta
        .flatMap((n) => n.arcos)
        .flatMap((a) => a.terminals ?? [])
        .find((m) => m.id === terminal.id)?.pin_locked;
    };
    // Polled until the mark shows; the limit is a safety net, the flood lasts until then.
    await vi.waitFor(async () => expect(await mark()).toBe(true), { timeout: 100_000, interval: 200 });
    const markedAt = (performance.now() - floodStart) / 1000;
    observed = true;

    await flood;
    const checked = statuses.get(401) ?? 0;
    console.log(
      `flood (${t.app.ctx.engine}): ${sent} wrong-PIN requests (${TAIL_REQUESTS} after the mark), ${IN_FLIGHT} in flight over ${WORKERS} workers; ` +
        `answers ${JSON.stringify(Object.fromEntries(statuses))}; wrong PINs checked ${checked} (budget ${TERMINAL_PIN_BUDGET}); ` +
        `right PIN at another terminal meanwhile: ${latency.toFixed(0)} ms; plant board marked by ${markedAt.toFixed(1)} s`,
    );
    expect(checked).toBeLessThanOrEqual(TERMINAL_PIN_BUDGET);
    expect(checked + (statuses.get(429) ?? 0)).toBe(sent);
    const last = await t.app.inject({
      method: 'POST',
      url: '/api/terminal/sign-in',
      headers: terminalKey(credential),
      payload: { worker_id: workers[0].worker_id, pin: '9999' },
    });
    expect(last.json()).toEqual({ message: terminalMessages.pinLocked });
    const audit = await t.send(admin, 'GET', `/api/admin/audit?entity=terminal&entity_id=${terminal.id}&action=pin_locked`);
    expect(audit.json().items).toHaveLength(1);
  }, 180_000);
});
