import type { Sample } from '@portal/contract/telemetry';
import { weldMessages } from '@portal/contract/welds';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as holdMigration from '../src/db/migrations/2026-11-29T03-weld-seam-hold';
import { fakeClock, pgUnavailable, useSeed, useTestApp } from './helper';
import { approvedProcedure, circular, inspect, inspection, ok, trace } from './welds-helpers';

// A circular out of procedure is held in the weld records until Calidad decides
// (docs/decisions/092-seam-hold-in-the-weld-records.md): the hold is set with the mark, read where the
// seam's state is decided, released by 'aceptar' and set again by 'rechazar'; the list of those awaiting
// a decision is Calidad's and the administrators'; each decision is in the seam's history in Spanish;
// and the migration carries the marks the trigger held over to the hold.

const burning = (i: number) => ({ arc: true, i, u: 32, wf: 2.2, v: 50, temp: null });

/** 10 Hz samples for seconds [from, to) after t0. */
function samples(t0: number, from: number, to: number, current: (second: number) => number): Sample[] {
  const list: Sample[] = [];
  for (let k = from * 10; k < to * 10; k++) list.push({ t: t0 + k * 100, ...burning(current(Math.floor(k / 10))) });
  return list;
}

describe.skipIf(pgUnavailable)('a seam held for a decision', () => {
  const t = useTestApp({ TELEMETRY_EXCURSION_SECONDS: '5' });
  const seed = useSeed(t, {
    arcos: { a: 'Arco Decisión', b: ['Arco Decisión Nave 2', 'Nave 2'] },
    workers: { w: ['a', 'Soldador Uno'], q: ['a', 'Calidad Uno'], q2: ['b', 'Calidad Nave Dos'] },
  });
  let key = '';
  let procedure = 0;

  /** A circular of worker w welded as a relleno pass with 750 A (relleno: 550–700 A) for `overSeconds` from second 10. */
  async function welded(at: string, overSeconds: number): Promise<number> {
    const clock = fakeClock(Date.parse(at));
    const tramo = await circular(t, seed.w, '2026-11-27');
    await trace(t, seed.admin, tramo, procedure, [seed.w.id]);
    const t0 = Date.now();
    await ok(await t.send(seed.w.token, 'POST', '/api/telemetry/runs', { tramo_id: tramo, pass_type: 'relleno' }), 201);
    clock.travel(30_000);
    const payload = samples(t0, 0, 30, (s) => (s >= 10 && s < 10 + overSeconds ? 750 : 620));
    await ok(
      await t.app.inject({
        method: 'POST',
        url: `/api/telemetry/arcos/${seed.a.id}/samples`,
        headers: { 'x-device-key': key },
        payload,
      }),
    );
    await ok(await t.send(seed.w.token, 'POST', '/api/telemetry/runs/current/end'));
    return tramo;
  }
  const seam = async (tramo: number) => ok(await t.send(seed.admin, 'GET', `/api/welds/seams/${tramo}`));
  const decide = (token: string, tramo: number, decision: 'aceptar' | 'rechazar', reason: string) =>
    t.send(token, 'POST', `/api/telemetry/seams/${tramo}/decision`, { decision, reason });
  const awaiting = (token: string) => t.send(token, 'GET', '/api/telemetry/seams/awaiting-decision');

  it('holds the marked seam through its repairs, lists it for the Calidad of its nave, and releases it only on an accepting decision', async () => {
    key = (await ok(await t.send(seed.admin, 'POST', `/api/admin/arcos-sumergidos/${seed.a.id}/machine/key`), 201)).key;
    procedure = await approvedProcedure(t, seed.admin, 'WPS-DEC', '2026-01-01');
    await ok(await t.send(seed.admin, 'PUT', `/api/admin/users/${seed.q.id}/weld-roles`, { calidad: ['Nave 1'] }));
    await ok(await t.send(seed.admin, 'PUT', `/api/admin/users/${seed.q2.id}/weld-roles`, { calidad: ['Nave 2'] }));

    const within = await welded('2026-11-27T08:00:00.000Z', 3);
    const marked = await welded('2026-11-27T09:00:00.000Z', 7);
    expect((await seam(within)).held_for_decision).toBe(false);
    expect((await seam(marked)).held_for_decision).toBe(true);

    // The list: Calidad of Nave 1 and administrators see it, with its excursion; Calidad of Nave 2 sees
    // none of Nave 1's; a worker without Calidad is refused by the server.
    const listed = (await ok(await awaiting(seed.q.token))).seams;
    expect(listed).toEqual([
      {
        tramo_id: marked,
        id_proyecto: 'P-1',
        id_tramo: expect.any(String),
        id_circular: expect.any(String),
        circular_fecha: '2026-11-27',
        arco_sumergido_name: 'Arco Decisión',
        nave: 'Nave 1',
        state: 'pendiente',
        marked_at: expect.stringMatching(/^2026-11-27T09:00:/),
        excursions: [
          {
            pass_type: 'relleno',
            parameter: 'current',
            side: 'max',
            limit: 700,
            extreme: 750,
            started_at: expect.stringMatching(/^2026-11-27T09:00:10/),
            seconds: 7,
            // 10 s at 50 cm/min (500 mm/min) before it started: 83.3 mm.
            position_mm: 83.3,
          },
        ],
      },
    ]);
    expect((await ok(await awaiting(seed.admin))).seams.map((s: { tramo_id: number }) => s.tramo_id)).toEqual([marked]);
    expect((await ok(await awaiting(seed.q2.token))).seams).toEqual([]);
    const refused = await awaiting(seed.w.token);
    expect([refused.statusCode, refused.json().message]).toEqual([403, weldMessages.notCalidadAnywhere]);
    expect((await decide(seed.q2.token, marked, 'aceptar', 'Otra nave')).statusCode).toBe(403);

    // Inspected with a defect, repaired and re-inspected: every defect closed, and still not 'aceptada'.
    const found = await inspect(
      t,
      seed.q.token,
      marked,
      inspection({
        result: 'reparar',
        inspected_on: '2026-11-27',
        defects: [{ code: '2011', position_mm: 80, length_mm: 10, level: 'C' }],
      }),
    );
    expect(found.state).toBe('reparar');
    const defect = found.inspections[0].defects[0];
    const repaired = await ok(
      await t.send(seed.q.token, 'POST', `/api/welds/defects/${defect.id}/repair`, {
        procedure_id: procedure,
        operator_id: seed.w.id,
        repaired_on: '2026-11-27',
      }),
      201,
    );
    const repairId = repaired.seam.inspections[0].defects[0].repair.id;
    const reinspected = await ok(
      await t.send(seed.q.token, 'POST', `/api/welds/repairs/${repairId}/reinspection`, inspection({ inspected_on: '2026-11-27' })),
      201,
    );
    expect(reinspected.seam).toMatchObject({ state: 'pendiente', held_for_decision: true });
    // The circular within the set time is accepted by its inspection alone.
    expect((await inspect(t, seed.q.token, within, inspection({ inspected_on: '2026-11-27' }))).state).toBe('aceptada');

    // 'rechazar' keeps it held and takes it off the list (it has its decision) …
    await ok(await decide(seed.q.token, marked, 'rechazar', 'Repetir la UT tras la reparación.'));
    expect(await seam(marked)).toMatchObject({ state: 'pendiente', held_for_decision: true });
    expect((await ok(await awaiting(seed.q.token))).seams).toEqual([]);
    // … 'aceptar' releases it: every defect was closed, so it is 'aceptada' …
    const accepted = await ok(await decide(seed.admin, marked, 'aceptar', 'UT conforme tras la reparación.'));
    expect(accepted.seam).toMatchObject({ decision: 'aceptar', decision_reason: 'UT conforme tras la reparación.' });
    expect(await seam(marked)).toMatchObject({ state: 'aceptada', held_for_decision: false });
    // … and a later 'rechazar' holds it again.
    await ok(await decide(seed.q.token, marked, 'rechazar', 'Revisado: el pico afecta a la raíz.'));
    expect(await seam(marked)).toMatchObject({ state: 'pendiente', held_for_decision: true });

    // Each decision in the seam's history, in Spanish, with what it decided on.
    const history = await ok(await t.send(seed.admin, 'GET', `/api/admin/audit?entity=weld_seam&entity_id=${marked}&action=decide`));
    type Row = { actor_name: string; changes: Record<string, { before: unknown; after: unknown }> };
    expect(history.items.map((i: Row) => i.changes.decision.after).reverse()).toEqual(['Rechazada', 'Aceptada', 'Rechazada']);
    expect(history.items[history.items.length - 1].actor_name).toBe('Calidad Uno');
    const first = history.items[history.items.length - 1];
    expect(first.changes).toEqual({
      decision: { before: 'Pendiente de decisión', after: 'Rechazada' },
      reason: { before: null, after: 'Repetir la UT tras la reparación.' },
      excursions: {
        before: null,
        after: 'Relleno · Intensidad por encima de 700 A: hasta 750 A durante 7 s, a 83,3 mm del inicio de la pasada.',
      },
    });
    expect(history.items[0].changes.decision).toEqual({ before: 'Aceptada', after: 'Rechazada' });
    // Decisions on a circular that is not out of procedure, and bad ones, are refused, writing nothing.
    const conforming = await decide(seed.q.token, within, 'aceptar', 'Nada que decidir');
    expect([conforming.statusCode, conforming.json().message]).toEqual([409, 'La circular no está fuera de procedimiento.']);
    const bad = await t.send(seed.q.token, 'POST', `/api/telemetry/seams/${marked}/decision`, { decision: 'quizá', reason: 'x' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Decisión no válida: aceptar o rechazar.']);
    expect((await ok(await t.send(seed.admin, 'GET', `/api/admin/audit?entity=weld_seam&entity_id=${marked}&action=decide`))).total).toBe(
      3,
    );
  });

  it('the migration drops the trigger and carries the marks it held over to the hold', async () => {
    fakeClock(Date.parse('2026-11-27T12:00:00.000Z'));
    // Three inspected seams without defects, then the schema before the hold, with the trigger.
    const [undecided, accepted, rejected] = [
      await circular(t, seed.w, '2026-11-27'),
      await circular(t, seed.w, '2026-11-27'),
      await circular(t, seed.w, '2026-11-27'),
    ];
    for (const tramo of [undecided, accepted, rejected]) {
      await trace(t, seed.admin, tramo, procedure, [seed.w.id]);
      expect((await inspect(t, seed.admin, tramo, inspection({ inspected_on: '2026-11-27' }))).state).toBe('aceptada');
    }
    // This migration's own down and up, whatever other migrations come after it.
    await holdMigration.down(t.db);
    const judge = (tramo: number, decision: string | null) =>
      t.db
        .insertInto('telemetry_judgements')
        .values({ tramo_id: tramo, judgement: 'fuera_de_procedimiento', marked_at: '2026-11-27T11:00:00.000Z', decision })
        .execute();
    await judge(undecided, null);
    await judge(accepted, 'aceptar');
    await judge(rejected, 'aceptar');
    // The trigger holds a write of 'aceptada' on the undecided one …
    await sql`update weld_seams set state = 'pendiente' where tramo_id = ${undecided}`.execute(t.db);
    await sql`update weld_seams set state = 'aceptada' where tramo_id in (${undecided}, ${accepted}, ${rejected})`.execute(t.db);
    // … but a 'rechazar' recorded after an 'aceptar' left its seam 'aceptada'.
    await sql`update telemetry_judgements set decision = 'rechazar' where tramo_id = ${rejected}`.execute(t.db);
    const states = async () =>
      (
        await sql<{
          tramo_id: number;
          state: string;
        }>`select tramo_id, state from weld_seams where tramo_id in (${undecided}, ${accepted}, ${rejected}) order by tramo_id`.execute(
          t.db,
        )
      ).rows.map((r) => r.state);
    expect(await states()).toEqual(['pendiente', 'aceptada', 'aceptada']);

    await holdMigration.up(t.db);
    expect(await seam(undecided)).toMatchObject({ state: 'pendiente', held_for_decision: true });
    expect(await seam(accepted)).toMatchObject({ state: 'aceptada', held_for_decision: false });
    expect(await seam(rejected)).toMatchObject({ state: 'pendiente', held_for_decision: true });
    const held = await t.db.selectFrom('weld_seams').select('held_since').where('tramo_id', '=', undecided).executeTakeFirstOrThrow();
    expect(held.held_since).toBe('2026-11-27T11:00:00.000Z');
    // No trigger any more: a direct write stands (and the weld records' code is what holds it).
    await sql`update weld_seams set state = 'aceptada' where tramo_id = ${undecided}`.execute(t.db);
    expect((await seam(undecided)).state).toBe('aceptada');
    await sql`update weld_seams set state = 'pendiente' where tramo_id = ${undecided}`.execute(t.db);
    expect((await ok(await awaiting(seed.q.token))).seams.map((s: { tramo_id: number }) => s.tramo_id)).toEqual([undecided]);
    await ok(await decide(seed.q.token, undecided, 'aceptar', 'Pico sin efecto.'));
    expect(await seam(undecided)).toMatchObject({ state: 'aceptada', held_for_decision: false });
  });
});
