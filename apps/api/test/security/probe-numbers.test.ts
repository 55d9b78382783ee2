import { describe, expect, it } from 'vitest';
import { pgUnavailable, useTestApp } from '../helper';
import { storedAnswers, wrongDeviceKeys } from './probe';

// The outside probe's floods re-run (docs/decisions/028-connection-fairness.md) with the default limits,
// at a tenth of its counts; `npm run bench:probe` runs its full 5,000 (docs/performance.md).

const WRONG_KEYS = 500;
const KEYS_PER_USER = 50;
const ANSWERS = 200;

describe.skipIf(pgUnavailable)('the probe’s numbers', () => {
  const t = useTestApp({ IDEMPOTENCY_KEYS_PER_USER: String(KEYS_PER_USER) });

  it(`${WRONG_KEYS} wrong device keys: all but the first DEVICE_KEY_MAX_FAILURES limited, each one counted in the log summary`, async () => {
    const admin = await t.adminToken();
    const arco = await t.createArco();
    expect((await t.send(admin, 'POST', `/api/admin/arcos-sumergidos/${arco.id}/machine/key`)).statusCode).toBe(201);
    const run = await wrongDeviceKeys(t.app, arco.id, WRONG_KEYS);
    const limit = t.app.ctx.limits.deviceKeyFailures;
    expect(limit).toBe(20);
    expect(run.statuses).toEqual({ 401: limit, 429: WRONG_KEYS - limit });
    expect(run.logged).toEqual({
      [`arco ${arco.id} from 10.9.9.9: wrong`]: limit,
      [`arco ${arco.id} from 10.9.9.9: limited`]: WRONG_KEYS - limit,
    });
    // The first refusal at once, the rest in one summary: two lines for the whole flood.
    expect(run.logLines).toBe(2);
    // Nothing of it reached the arco.
    expect(await t.db.selectFrom('paradas_kaiser').select('id').where('arco_sumergido_id', '=', arco.id).execute()).toEqual([]);
  });

  it(`${ANSWERS} stored idempotent answers of one account: the stored count stays at the cap`, async () => {
    const w = await t.createWorker(await t.createArco());
    const run = await storedAnswers(t.app, w.token, ANSWERS);
    expect(run.statuses).toEqual({ 404: ANSWERS });
    const stored = await t.db
      .selectFrom('idempotency_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(KEYS_PER_USER);
  });
});
