/**
 * The outside probe's floods, at its counts (`npm run bench:probe`; docs/performance.md):
 * - 5,000 reports with wrong device keys for one arco from one address: how many were limited (429),
 *   what the log summary counted and in how many lines;
 * - 5,000 idempotent writes of one account, each with a new Idempotency-Key: how many answers stay
 *   stored (IDEMPOTENCY_KEYS_PER_USER, 500 by default).
 * On a temporary SQLite file, or a throwaway schema of the PostgreSQL at BENCH_DATABASE_URL.
 *
 * Env: BENCH_PROBE_COUNT (5000), BENCH_DATABASE_URL.
 */
import { storedAnswers, wrongDeviceKeys } from '../test/security/probe';
import { benchAdminToken, startBenchApp } from './lib/app';

const COUNT = Number(process.env.BENCH_PROBE_COUNT ?? 5000);

async function main() {
  const { app, config, close } = await startBenchApp('probe', { LOG_LEVEL: 'warn', REGISTER_MAX_PER_IP: '100000' });
  let failed = false;
  try {
    const admin = await benchAdminToken(app);
    const auth = { authorization: `Bearer ${admin}` };
    const arco = (
      await app.inject({
        method: 'POST',
        url: '/api/admin/arcos-sumergidos',
        headers: auth,
        payload: { name: 'Arco Sonda', nave: 'Nave 1' },
      })
    ).json() as { id: number; nave: string };
    await app.inject({ method: 'POST', url: `/api/admin/arcos-sumergidos/${arco.id}/machine/key`, headers: auth });
    console.log(`bench:probe on ${app.ctx.engine}, ${COUNT} of each`);

    const keys = await wrongDeviceKeys(app, arco.id, COUNT);
    const logged = Object.values(keys.logged).reduce((a, b) => a + b, 0);
    console.log(
      `wrong device keys: ${COUNT} in ${(keys.ms / 1000).toFixed(1)} s; answers ${JSON.stringify(keys.statuses)}; ` +
        `log summary counted ${logged} in ${keys.logLines} lines ${JSON.stringify(keys.logged)}`,
    );
    failed ||= (keys.statuses[429] ?? 0) !== COUNT - app.ctx.limits.deviceKeyFailures || logged !== COUNT;

    const register = { worker_id: 'sonda1', name: 'Sonda', password: 'secreto123' };
    const registered = (await app.inject({ method: 'POST', url: '/api/auth/register', payload: register })).json() as {
      user: { id: number };
    };
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { worker_id: register.worker_id, password: register.password, nave: arco.nave, arco_sumergido_id: arco.id },
    });
    const answers = await storedAnswers(app, login.json().accessToken as string, COUNT);
    const stored = await app.ctx.db
      .selectFrom('idempotency_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', registered.user.id)
      .executeTakeFirstOrThrow();
    const cap = config.rateLimits.idempotencyKeysPerUser;
    console.log(
      `idempotent answers: ${COUNT} in ${(answers.ms / 1000).toFixed(1)} s; answers ${JSON.stringify(answers.statuses)}; ` +
        `stored for the account ${Number(stored.n)} (cap ${cap})`,
    );
    failed ||= Number(stored.n) !== cap;
  } finally {
    await close();
  }
  process.exit(failed ? 1 : 0);
}

void main();
