import type { Sample } from '@portal/contract/telemetry';
import { describe, expect, it } from 'vitest';
import { ingest } from '../src/modules/telemetry/service';
import { useSeed, useTestApp } from './helper';
import { ok } from './welds-helpers';

// 'Arco encendido ahora' (GET /api/telemetry/live): each arco's latest sample of the last 10 s, with
// its open pass, read per arco through the samples' key (docs/decisions/079-weld-telemetry.md).

const burning = (t: number, i: number): Sample => ({ t, arc: true, i, u: 31, wf: 2.4, v: 42, temp: 160 });

describe('the arcos welding now', () => {
  const t = useTestApp();
  const seed = useSeed(t, { arcos: { now: 'Arco Ahora', before: 'Arco Antes', silent: 'Arco Callado' } });

  it('lists the arcos with a sample in the last 10 s, each with its latest sample and open pass', async () => {
    const now = Date.now();
    // 'now' burns from 4 s ago, its latest sample 1 s ago; 'before' burned a minute ago and stopped.
    await ingest(t.app.ctx, seed.now.id, [burning(now - 4000, 500), burning(now - 2000, 510), burning(now - 1000, 520)]);
    await ingest(t.app.ctx, seed.before.id, [
      burning(now - 61_000, 480),
      { t: now - 60_000, arc: false, i: 0, u: 0, wf: 0, v: 0, temp: null },
    ]);

    const { arcos } = await ok(await t.send(seed.admin, 'GET', '/api/telemetry/live'));
    const run = await t.app.ctx.db
      .selectFrom('telemetry_runs')
      .select('id')
      .where('arco_sumergido_id', '=', seed.now.id)
      .where('state', '<>', 'cerrada')
      .executeTakeFirstOrThrow();
    expect(arcos).toEqual([
      {
        arco_sumergido_id: seed.now.id,
        arc: true,
        at: new Date(now - 1000).toISOString(),
        current: 520,
        voltage: 31,
        wire_feed: 2.4,
        speed: 42,
        temperature: 160,
        run_id: run.id,
      },
    ]);
  });
});
