import type { TestApp, Worker } from '../helper';
import { wps } from '../welds-helpers';

// Weld telemetry's routes in the authorization matrix (docs/decisions/079-weld-telemetry.md): samples
// take the arco's device key whoever calls; a pass is started and ended by whoever is signed in at an
// arco (an administrator has none: 400); reads are everyone's; the decision is Calidad's or the
// administrator's (none of the matrix's workers is Calidad); the live view and the figures are admins'.

type Caller = 'anon' | 'owner' | 'sameStation' | 'otherArco' | 'admin';
interface MatrixCtx {
  t: TestApp;
  admin: string;
  A: Worker;
  B: Worker;
  C: Worker;
}
interface TelemetryScenario {
  policy: 'public' | 'user' | 'admin';
  prepare(ctx: MatrixCtx, caller: Caller): Promise<{ url: string; payload?: unknown; headers?: Record<string, string> }>;
  expect: Record<Caller, number>;
}

const ANY_USER = (ok: number) => ({ anon: 401, owner: ok, sameStation: ok, otherArco: ok, admin: ok });
/** Workers at an arco; an administrator is at none. */
const AT_ARCO = (ok: number) => ({ anon: 401, owner: ok, sameStation: ok, otherArco: ok, admin: 400 });
const ADMIN_ONLY = (ok: number) => ({ anon: 401, owner: 403, sameStation: 403, otherArco: 403, admin: ok });

let seq = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${seq++}`;

async function asAdmin(ctx: MatrixCtx, method: 'POST' | 'PUT', url: string, payload: unknown) {
  const res = await ctx.t.send(ctx.admin, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A circular of worker A traced to a procedure, and an ended pass on it; made once per app. */
const shared = new WeakMap<TestApp, Promise<{ seam: number; run: number }>>();
function fixture(ctx: MatrixCtx) {
  let made = shared.get(ctx.t);
  if (!made) {
    made = (async () => {
      const procedure = (await asAdmin(ctx, 'POST', '/api/welds/procedures', wps(unique('WPS-T'), '2000-01-01'))).procedure.id;
      await asAdmin(ctx, 'POST', `/api/welds/procedures/${procedure}/revisions/1/approve`, undefined);
      const fields = { id_tramo: unique('T'), id_proyecto: 'P-T', id_circular: 'C-T', arco_sumergido_id: ctx.A.station.id };
      const seam = (await ctx.t.sendForm(ctx.A.token, 'POST', '/api/tramos', fields)).json().tramo.id as number;
      await asAdmin(ctx, 'PUT', `/api/welds/seams/${seam}`, { procedure_id: procedure, operator_ids: [ctx.A.id], lot_ids: [] });
      const now = new Date().toISOString();
      const { id: run } = await ctx.t.db
        .insertInto('telemetry_runs')
        .values({
          arco_sumergido_id: ctx.C.station.id,
          tramo_id: seam,
          pass_type: 'raiz',
          state: 'cerrada',
          origin: 'operario',
          started_ms: Date.now() - 60_000,
          ended_ms: Date.now() - 1000,
          efficiency: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { seam, run };
    })();
    shared.set(ctx.t, made);
  }
  return made;
}

const workerOf = (ctx: MatrixCtx, caller: Caller) =>
  caller === 'owner' ? ctx.A : caller === 'sameStation' ? ctx.B : caller === 'otherArco' ? ctx.C : null;

/** The caller's arco with no pass running (or, with `open`, with one running). */
async function arcoRun(ctx: MatrixCtx, caller: Caller, open: boolean) {
  const worker = workerOf(ctx, caller);
  if (!worker) return;
  const arco = worker.station.id;
  await ctx.t.db
    .updateTable('telemetry_runs')
    .set({ state: 'cerrada', ended_ms: Date.now() })
    .where('arco_sumergido_id', '=', arco)
    .where('state', '<>', 'cerrada')
    .execute();
  if (open) {
    const now = new Date().toISOString();
    await ctx.t.db
      .insertInto('telemetry_runs')
      .values({
        arco_sumergido_id: arco,
        state: 'pendiente',
        origin: 'senal',
        started_ms: Date.now(),
        efficiency: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

export const telemetryScenarios: Record<string, TelemetryScenario> = {
  'POST /api/telemetry/arcos/:id/samples': {
    policy: 'public',
    prepare: async (ctx) => {
      const arco = await ctx.t.createArco();
      const { key } = (await asAdmin(ctx, 'POST', `/api/admin/arcos-sumergidos/${arco.id}/machine/key`, undefined)) as { key: string };
      return {
        url: `/api/telemetry/arcos/${arco.id}/samples`,
        payload: [{ t: Date.now(), arc: 0, i: 0, u: 0, wf: 0, v: 0 }],
        headers: { 'x-device-key': key },
      };
    },
    expect: { anon: 200, owner: 200, sameStation: 200, otherArco: 200, admin: 200 },
  },
  'POST /api/telemetry/runs': {
    policy: 'user',
    prepare: async (ctx, caller) => {
      await arcoRun(ctx, caller, false);
      return { url: '/api/telemetry/runs', payload: { tramo_id: (await fixture(ctx)).seam, pass_type: 'raiz' } };
    },
    expect: AT_ARCO(201),
  },
  'POST /api/telemetry/runs/current/end': {
    policy: 'user',
    prepare: async (ctx, caller) => {
      await arcoRun(ctx, caller, true);
      return { url: '/api/telemetry/runs/current/end' };
    },
    expect: AT_ARCO(200),
  },
  'GET /api/telemetry/runs/current': {
    policy: 'user',
    prepare: async () => ({ url: '/api/telemetry/runs/current' }),
    expect: ANY_USER(200),
  },
  'GET /api/telemetry/runs/:id': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/telemetry/runs/${(await fixture(ctx)).run}` }),
    expect: ANY_USER(200),
  },
  'GET /api/telemetry/runs/:id/seconds': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/telemetry/runs/${(await fixture(ctx)).run}/seconds` }),
    expect: ANY_USER(200),
  },
  // The list of circulares awaiting a decision: Calidad's (none of the matrix's workers) and administrators'.
  'GET /api/telemetry/seams/awaiting-decision': {
    policy: 'user',
    prepare: async () => ({ url: '/api/telemetry/seams/awaiting-decision' }),
    expect: { anon: 401, owner: 403, sameStation: 403, otherArco: 403, admin: 200 },
  },
  'GET /api/telemetry/seams/:id': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/telemetry/seams/${(await fixture(ctx)).seam}` }),
    expect: ANY_USER(200),
  },
  'POST /api/telemetry/seams/:id/decision': {
    policy: 'user',
    prepare: async (ctx) => {
      const { seam } = await fixture(ctx);
      await ctx.t.db
        .insertInto('telemetry_judgements')
        .values({ tramo_id: seam, judgement: 'fuera_de_procedimiento', marked_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('tramo_id').doNothing())
        .execute();
      return { url: `/api/telemetry/seams/${seam}/decision`, payload: { decision: 'rechazar', reason: 'Matriz' } };
    },
    expect: { anon: 401, owner: 403, sameStation: 403, otherArco: 403, admin: 200 },
  },
  'GET /api/telemetry/live': { policy: 'admin', prepare: async () => ({ url: '/api/telemetry/live' }), expect: ADMIN_ONLY(200) },
  'GET /api/telemetry/figures': {
    policy: 'admin',
    prepare: async () => ({ url: '/api/telemetry/figures?from=2026-11-27&to=2026-11-27' }),
    expect: ADMIN_ONLY(200),
  },
};
