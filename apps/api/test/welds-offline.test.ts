import { weldMessages as m } from '@portal/contract/welds';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, pgUnavailable, useSeed, useTestApp } from './helper';
import { approvedProcedure, circular, inspection, ok, qualify, trace } from './welds-helpers';

// An inspector's phone queues an inspection, the repair of one of its defects and the re-inspection,
// and sends them on reconnecting, perhaps twice (docs/decisions/077-weld-inspection-offline.md).

describe.skipIf(pgUnavailable)('weld inspections sent from an offline queue', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { uno: 'Arco Inspección 1' },
    workers: { ana: ['uno', 'Ana Operaria'], carla: ['uno', 'Carla Calidad'] },
  });
  const post = (token: string, url: string, payload: unknown, key?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    });

  beforeAll(async () => {
    await ok(await t.send(seed.admin, 'PUT', `/api/admin/users/${seed.carla.id}/weld-roles`, { calidad: ['Nave 1'] }));
  });

  it('answers the new ids a queued write names, and a repeated key writes once and answers the first answer', async () => {
    const p = await approvedProcedure(t, seed.carla.token, 'WPS-OFF', '2026-01-01');
    await qualify(t, seed.carla.token, seed.ana.id, '2026-01-01', '2028-01-01');
    const s = await circular(t, seed.ana, '2026-06-02');
    await trace(t, seed.ana.token, s, p, [seed.ana.id]);
    const body = inspection({
      result: 'reparar',
      inspected_on: '2026-06-03',
      defects: [
        { code: '401', position_mm: 300, length_mm: 40, level: 'B' },
        { code: '2011', position_mm: 100, length_mm: 5, level: 'C' },
      ],
    });

    const first = await post(seed.carla.token, `/api/welds/seams/${s}/inspections`, body, 'insp-1');
    const saved = await ok(first, 201);
    const again = await post(seed.carla.token, `/api/welds/seams/${s}/inspections`, body, 'insp-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(saved);
    expect(await t.countRows('weld_inspections')).toBe(1);
    // The defects' ids in the body's order, whatever order the seam lists them in.
    const defects = saved.seam.inspections[0].defects as { id: number; code: string }[];
    expect(saved.inspection_id).toBe(saved.seam.inspections[0].id);
    expect(saved.defect_ids).toEqual(['401', '2011'].map((code) => defects.find((d) => d.code === code)?.id));
    expect(saved.message).toBe(m.inspectionSaved);

    const repair = { procedure_id: p, operator_id: seed.ana.id, repaired_on: '2026-06-04' };
    const repaired = await ok(await post(seed.carla.token, `/api/welds/defects/${saved.defect_ids[0]}/repair`, repair, 'rep-1'), 201);
    expect(repaired.repair_id).toBe(
      repaired.seam.inspections[0].defects.find((d: { id: number }) => d.id === saved.defect_ids[0]).repair.id,
    );
    const replayed = await post(seed.carla.token, `/api/welds/defects/${saved.defect_ids[0]}/repair`, repair, 'rep-1');
    expect(replayed.json()).toEqual(repaired);
    expect(await t.countRows('weld_repairs')).toBe(1);

    const re = await ok(
      await post(
        seed.carla.token,
        `/api/welds/repairs/${repaired.repair_id}/reinspection`,
        inspection({ method: 'MT', inspected_length_mm: 200, inspected_on: '2026-06-05' }),
        're-1',
      ),
      201,
    );
    expect(re.defect_ids).toEqual([]);
    expect(re.seam.inspections.find((i: { id: number }) => i.id === re.inspection_id).repair_id).toBe(repaired.repair_id);
    // One defect still open: the seam is not yet accepted.
    expect(re.seam.state).toBe('reparar');

    // A worker without Calidad is refused however the write arrives, and the refusal is replayed too.
    const refused = await post(seed.ana.token, `/api/welds/seams/${s}/inspections`, inspection({ inspected_on: '2026-06-03' }), 'ana-1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: m.notCalidad });
    expect(await t.countRows('weld_inspections')).toBe(2);
  });
});
