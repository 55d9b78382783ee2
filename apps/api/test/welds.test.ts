import { auditMessages } from '@portal/contract/audit';
import { addDays, factoryToday } from '@portal/contract/time';
import { tramoMessages } from '@portal/contract/tramos';
import { weldMessages as m } from '@portal/contract/welds';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadRequests, pgUnavailable, useSeed, useTestApp } from './helper';
import { approvedProcedure, circular, inspect, inspection, newLot, ok, PASSES, qualify, trace, wps } from './welds-helpers';

// The weld records on both engines (docs/decisions/066-weld-records.md): who keeps them, the rules of a
// procedure's revisions, qualifications, lots, and a seam's inspections and repairs.

describe.skipIf(pgUnavailable)('weld records', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { uno: 'Arco Soldadura 1', otra: ['Arco Soldadura Nave 2', 'Nave 2'] },
    workers: {
      ana: ['uno', 'Ana Operaria'],
      beto: ['uno', 'Beto Operario'],
      carla: ['uno', 'Carla Calidad'],
      dora: ['otra', 'Dora Calidad Nave 2'],
      eva: ['otra', 'Eva Operaria Nave 2'],
    },
  });

  beforeAll(async () => {
    await ok(await t.send(seed.admin, 'PUT', `/api/admin/users/${seed.carla.id}/weld-roles`, { calidad: ['Nave 1'] }));
    await ok(await t.send(seed.admin, 'PUT', `/api/admin/users/${seed.dora.id}/weld-roles`, { calidad: ['Nave 2'] }));
  });

  it('grants Calidad per nave like the andon roles: admin only, audited, checked by the server', async () => {
    expect(await ok(await t.send(seed.carla.token, 'GET', '/api/welds/roles/me'))).toEqual({ user_id: seed.carla.id, calidad: ['Nave 1'] });
    const denied = await t.send(seed.carla.token, 'PUT', `/api/admin/users/${seed.ana.id}/weld-roles`, { calidad: ['Nave 1'] });
    expect(denied.statusCode).toBe(403);
    await expectBadRequests(
      (payload) => t.send(seed.admin, 'PUT', `/api/admin/users/${seed.ana.id}/weld-roles`, payload),
      [
        [{ calidad: ['Nave 9'] }, m.naveUnknown],
        [{ calidad: ['Nave 1', 'Nave 1'] }, m.naveRepeated],
      ],
    );
    const audit = await ok(await t.send(seed.admin, 'GET', `/api/admin/audit?entity=user&entity_id=${seed.carla.id}&action=weld_roles`));
    expect(audit.items[0].changes.calidad).toEqual({ before: '', after: 'Nave 1' });
    expect(auditMessages.actions.weld_roles).toBe('Cambio de Calidad');

    // A worker without the capability keeps nothing of the catalogue.
    for (const [url, body] of [
      ['/api/welds/procedures', wps('WPS-NO', '2026-01-01')],
      ['/api/welds/lots', { kind: 'alambre', classification: 'S2', maker: 'X', lot_number: 'L-NO', received_on: '2026-01-01' }],
      [
        '/api/welds/qualifications',
        {
          user_id: seed.ana.id,
          standard: 'ISO 14732',
          certificate_number: 'N',
          process: 121,
          issued_on: '2026-01-01',
          expires_on: '2027-01-01',
        },
      ],
    ] as const) {
      const res = await t.send(seed.ana.token, 'POST', url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: m.notCalidadAnywhere });
    }
    expect(await t.countRows('weld_procedures')).toBe(0);
  });

  it('validates a procedure with Spanish messages and writes nothing on a bad one', async () => {
    const send = (payload: unknown) => t.send(seed.carla.token, 'POST', '/api/welds/procedures', payload);
    const pass = PASSES[0];
    await expectBadRequests(send, [
      [{ ...wps('WPS-X', '2026-01-01'), process: 999 }, m.processInvalid],
      [{ ...wps('WPS-X', '2026-01-01'), thickness_min_mm: 50 }, m.thicknessOrder],
      [{ ...wps('WPS-X', '2026-01-01'), passes: [] }, m.passesRequired],
      [{ ...wps('WPS-X', '2026-01-01'), passes: [pass, pass] }, m.passRepeated],
      [{ ...wps('WPS-X', '2026-01-01'), passes: [{ ...pass, current_min: 600 }] }, m.rangeOrder],
      // 32 V × 550 A at 400 mm/min is 2.64 kJ/mm at most: a range from 3 kJ/mm cannot be reached.
      [{ ...wps('WPS-X', '2026-01-01'), passes: [{ ...pass, heat_input_min: 3, heat_input_max: 4 }] }, m.heatInputUnreachable],
      [{ ...wps('WPS-X', '2026-01-01'), passes: [{ ...pass, pass_type: 'cierre' }] }, m.passTypeInvalid],
      [{ ...wps('', '2026-01-01') }, m.codeRequired],
    ]);
    expect(await t.countRows('weld_procedures')).toBe(0);
    expect(await t.countRows('weld_revisions')).toBe(0);
    await ok(await send(wps('WPS-DUP', '2026-01-01')), 201);
    const dup = await send(wps('WPS-DUP', '2026-02-01'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: m.codeTaken });
    expect(await t.countRows('weld_revisions')).toBe(1);
  });

  it('a revision from a date keeps earlier seams on the earlier revision; drafts and retired procedures are not used', async () => {
    const p = await approvedProcedure(t, seed.carla.token, 'WPS-REV', '2026-01-01');
    await qualify(t, seed.carla.token, seed.ana.id, '2026-01-01', '2028-01-01');
    const march10 = await circular(t, seed.ana, '2026-03-10');
    expect((await trace(t, seed.ana.token, march10, p, [seed.ana.id])).revision).toBe(1);

    // Revision 2 from 1 March: approved after the seam of the 10th was welded.
    const rev2 = { ...wps('WPS-REV', '2026-03-01'), code: undefined, material_group: '1.3' };
    await ok(await t.send(seed.carla.token, 'POST', `/api/welds/procedures/${p}/revisions`, rev2), 201);
    const beforeApproval = await circular(t, seed.ana, '2026-03-11');
    expect((await trace(t, seed.ana.token, beforeApproval, p, [seed.ana.id])).revision).toBe(1);
    await ok(await t.send(seed.carla.token, 'POST', `/api/welds/procedures/${p}/revisions/2/approve`));
    const again = await t.send(seed.carla.token, 'POST', `/api/welds/procedures/${p}/revisions/2/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: m.revisionNotDraft });

    const march12 = await circular(t, seed.ana, '2026-03-12');
    const feb20 = await circular(t, seed.ana, '2026-02-20');
    expect((await trace(t, seed.ana.token, march12, p, [seed.ana.id])).revision).toBe(2);
    expect((await trace(t, seed.ana.token, feb20, p, [seed.ana.id])).revision).toBe(1);
    // The seams welded before the approval keep revision 1, even when their trace is saved again.
    expect((await ok(await t.send(seed.ana.token, 'GET', `/api/welds/seams/${march10}`))).revision).toBe(1);
    expect((await trace(t, seed.ana.token, march10, p, [seed.ana.id])).revision).toBe(1);

    // A draft from the 11th is not in force; the recalls by revision list exactly their seams.
    await ok(await t.send(seed.carla.token, 'POST', `/api/welds/procedures/${p}/revisions`, { ...rev2, valid_from: '2026-03-11' }), 201);
    const march15 = await circular(t, seed.ana, '2026-03-15');
    expect((await trace(t, seed.ana.token, march15, p, [seed.ana.id])).revision).toBe(2);
    const ids = async (rev: number) =>
      (await ok(await t.send(seed.carla.token, 'GET', `/api/welds/procedures/${p}/revisions/${rev}/seams`))).seams.map(
        (s: { tramo_id: number }) => s.tramo_id,
      );
    expect(await ids(1)).toEqual([march10, beforeApproval, feb20].sort((a, b) => a - b));
    expect(await ids(2)).toEqual([march12, march15]);
    expect(await ids(3)).toEqual([]);

    // Retired from April: a seam of the 2nd is refused, the procedure stays readable.
    await ok(await t.send(seed.carla.token, 'POST', `/api/welds/procedures/${p}/retire`, { retired_from: '2026-04-01' }));
    const april2 = await circular(t, seed.ana, '2026-04-02');
    const refused = await t.send(seed.ana.token, 'PUT', `/api/welds/seams/${april2}`, {
      procedure_id: p,
      operator_ids: [seed.ana.id],
      lot_ids: [],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: m.procedureRetired('WPS-REV', '01/04/2026') });
    const read = await ok(await t.send(seed.eva.token, 'GET', `/api/welds/procedures/${p}`));
    expect(read.retired_from).toBe('2026-04-01');
    expect(read.revisions.map((r: { revision: number; status: string }) => [r.revision, r.status])).toEqual([
      [1, 'aprobada'],
      [2, 'aprobada'],
      [3, 'borrador'],
    ]);
    const before = await ok(await t.send(seed.admin, 'GET', `/api/admin/audit?entity=weld_procedure&entity_id=${p}`));
    expect(before.items.map((i: { action: string }) => i.action)).toEqual(['retire', 'create', 'approve', 'create', 'approve', 'create']);
  });

  it("flags a seam by an operator whose qualification expired the day before, and refuses it in the plant's refuse mode", async () => {
    const p = await approvedProcedure(t, seed.carla.token, 'WPS-QUAL', '2026-01-01');
    const q = await qualify(t, seed.carla.token, seed.beto.id, '2025-06-01', '2026-03-09');
    await ok(await t.send(seed.carla.token, 'POST', `/api/welds/qualifications/${q}/confirmations`, { confirmed_on: '2025-12-01' }));
    const onExpiry = await circular(t, seed.beto, '2026-03-09');
    const dayAfter = await circular(t, seed.beto, '2026-03-10');
    const valid = await trace(t, seed.beto.token, onExpiry, p, [seed.beto.id]);
    expect(valid.qualified).toBe(true);
    expect(valid.operators).toEqual([
      { user_id: seed.beto.id, name: 'Beto Operario', qualification_id: q, certificate_number: expect.any(String), qualified: true },
    ]);
    const flagged = await trace(t, seed.beto.token, dayAfter, p, [seed.beto.id]);
    expect(flagged.qualified).toBe(false);
    expect(flagged.operators[0]).toMatchObject({ qualification_id: null, qualified: false });

    // The qualification's recall lists what was welded under it, and not the flagged seam.
    const under = await ok(await t.send(seed.carla.token, 'GET', `/api/welds/qualifications/${q}/seams`));
    expect(under.seams.map((s: { tramo_id: number }) => s.tramo_id)).toEqual([onExpiry]);

    await ok(await t.send(seed.admin, 'PUT', '/api/admin/welds/settings', { qualification_mode: 'refuse' }));
    try {
      const refusedDay = await circular(t, seed.beto, '2026-03-10');
      const res = await t.send(seed.beto.token, 'PUT', `/api/welds/seams/${refusedDay}`, {
        procedure_id: p,
        operator_ids: [seed.beto.id],
        lot_ids: [],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: m.operatorNotQualified('Beto Operario', 121, '10/03/2026') });
      expect(await t.db.selectFrom('weld_seams').select('tramo_id').where('tramo_id', '=', refusedDay).execute()).toEqual([]);
    } finally {
      await ok(await t.send(seed.admin, 'PUT', '/api/admin/welds/settings', { qualification_mode: 'flag' }));
    }
    const settingsAudit = await ok(await t.send(seed.admin, 'GET', '/api/admin/audit?entity=weld_settings'));
    expect(settingsAudit.items[1].changes.qualification_mode).toEqual({ before: 'flag', after: 'refuse' });
  });

  it('needs the six-monthly confirmation, and shows expiring and expired qualifications', async () => {
    const p = await approvedProcedure(t, seed.carla.token, 'WPS-SIX', '2025-01-01');
    const q = await qualify(t, seed.carla.token, seed.eva.id, '2025-01-15', '2028-01-15');
    // Six months from 15 January cover up to 15 July; the 16th needs a confirmation.
    const july15 = await circular(t, seed.eva, '2025-07-15');
    const july16 = await circular(t, seed.eva, '2025-07-16');
    expect((await trace(t, seed.eva.token, july15, p, [seed.eva.id])).qualified).toBe(true);
    expect((await trace(t, seed.eva.token, july16, p, [seed.eva.id])).qualified).toBe(false);
    await ok(await t.send(seed.carla.token, 'POST', `/api/welds/qualifications/${q}/confirmations`, { confirmed_on: '2025-07-10' }));
    const july17 = await circular(t, seed.eva, '2025-07-17');
    expect((await trace(t, seed.eva.token, july17, p, [seed.eva.id])).qualified).toBe(true);
    // A seam already recorded keeps what was true when it was recorded until its trace is saved again.
    expect((await ok(await t.send(seed.eva.token, 'GET', `/api/welds/seams/${july16}`))).qualified).toBe(false);

    const bad = await t.send(seed.carla.token, 'POST', `/api/welds/qualifications/${q}/confirmations`, { confirmed_on: '2024-12-01' });
    expect(bad.json()).toEqual({ message: m.confirmationBeforeIssue });
    const twice = await t.send(seed.carla.token, 'POST', `/api/welds/qualifications/${q}/confirmations`, { confirmed_on: '2025-07-10' });
    expect(twice.statusCode).toBe(409);

    const today = factoryToday('Europe/Madrid');
    const soon = await qualify(t, seed.carla.token, seed.eva.id, addDays(today, -30), addDays(today, 10), 135);
    const gone = await qualify(t, seed.carla.token, seed.eva.id, addDays(today, -400), addDays(today, -1), 125);
    const list = await ok(await t.send(seed.eva.token, 'GET', `/api/welds/qualifications?user_id=${seed.eva.id}`));
    const state = (id: number) => list.find((x: { id: number }) => x.id === id).state;
    expect([state(soon), state(gone)]).toEqual(['caduca_pronto', 'caducada']);
    await expectBadRequests(
      (payload) => t.send(seed.carla.token, 'POST', '/api/welds/qualifications', payload),
      [
        [
          {
            user_id: seed.eva.id,
            standard: 'ISO 9999',
            certificate_number: 'X',
            process: 121,
            issued_on: '2026-01-01',
            expires_on: '2027-01-01',
          },
          m.standardInvalid,
        ],
        [
          {
            user_id: seed.eva.id,
            standard: 'ISO 9606-1',
            certificate_number: 'X',
            process: 121,
            issued_on: '2026-01-01',
            expires_on: '2026-01-01',
          },
          m.expiryOrder,
        ],
        [
          {
            user_id: 999999,
            standard: 'ISO 9606-1',
            certificate_number: 'X',
            process: 121,
            issued_on: '2026-01-01',
            expires_on: '2027-01-01',
          },
          m.userUnknown,
        ],
      ],
    );
  });

  it('a blocked lot refuses new use and its recall lists exactly its seams, also as CSV', async () => {
    const p = await approvedProcedure(t, seed.carla.token, 'WPS-LOT', '2026-01-01');
    await qualify(t, seed.carla.token, seed.ana.id, '2026-03-01', '2028-03-01');
    const flux = await newLot(t, seed.carla.token, 'fundente', 'F-2026-001');
    const wire = await newLot(t, seed.carla.token, 'alambre', 'W-2026-007');
    const s1 = await circular(t, seed.ana, '2026-04-01');
    const s2 = await circular(t, seed.ana, '2026-04-02');
    const s3 = await circular(t, seed.ana, '2026-04-03');
    await trace(t, seed.ana.token, s1, p, [seed.ana.id], [wire, flux]);
    await trace(t, seed.ana.token, s2, p, [seed.ana.id, seed.beto.id], [flux]);
    await trace(t, seed.ana.token, s3, p, [seed.ana.id], [wire]);

    const denied = await t.send(seed.ana.token, 'POST', `/api/welds/lots/${flux}/block`, {
      reason: 'Certificado 3.1 con humedad fuera de rango',
    });
    expect(denied.statusCode).toBe(403);
    await ok(
      await t.send(seed.carla.token, 'POST', `/api/welds/lots/${flux}/block`, { reason: 'Certificado 3.1 con humedad fuera de rango' }),
    );
    const s4 = await circular(t, seed.ana, '2026-04-04');
    const refused = await t.send(seed.ana.token, 'PUT', `/api/welds/seams/${s4}`, {
      procedure_id: p,
      operator_ids: [seed.ana.id],
      lot_ids: [wire, flux],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: m.lotBlocked('F-2026-001', 'Certificado 3.1 con humedad fuera de rango') });
    expect(await t.db.selectFrom('weld_seams').select('tramo_id').where('tramo_id', '=', s4).execute()).toEqual([]);
    // A seam that already used it keeps it when its trace is saved again.
    expect((await trace(t, seed.ana.token, s1, p, [seed.ana.id], [wire, flux])).lots.map((l: { blocked: boolean }) => l.blocked)).toEqual([
      false,
      true,
    ]);

    const recall = await ok(await t.send(seed.carla.token, 'GET', `/api/welds/lots/${flux}/seams`));
    expect(recall.total).toBe(2);
    expect(recall.seams.map((s: { tramo_id: number }) => s.tramo_id)).toEqual([s1, s2]);
    expect(recall.seams[1]).toMatchObject({
      operators: 'Ana Operaria, Beto Operario',
      lots: 'F-2026-001',
      procedure_code: 'WPS-LOT',
      revision: 1,
    });
    const page = await ok(await t.send(seed.carla.token, 'GET', `/api/welds/lots/${flux}/seams?limit=1&offset=1`));
    expect([page.total, page.seams.map((s: { tramo_id: number }) => s.tramo_id)]).toEqual([2, [s2]]);

    const csv = await t.send(seed.carla.token, 'GET', `/api/welds/lots/${flux}/seams.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="circulares_lote-F-2026-001.csv"');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(m.recallColumns.join(';'));
    const circularIds = (await t.db.selectFrom('tramos').select(['id', 'id_circular']).where('id', 'in', [s1, s2, s3]).execute()).sort(
      (a, b) => a.id - b.id,
    );
    expect(lines.slice(1).map((l) => l.split(';')[2])).toEqual([circularIds[0].id_circular, circularIds[1].id_circular]);
    expect(lines[1].split(';').slice(3, 11)).toEqual([
      '01/04/2026',
      'Arco Soldadura 1',
      'WPS-LOT',
      '1',
      'Ana Operaria',
      'W-2026-007, F-2026-001',
      'Pendiente de inspección',
      'Sí',
    ]);
    expect((await t.send(seed.ana.token, 'GET', `/api/welds/lots/${flux}/seams.csv`)).statusCode).toBe(403);

    await ok(await t.send(seed.carla.token, 'POST', `/api/welds/lots/${flux}/unblock`));
    expect((await trace(t, seed.ana.token, s4, p, [seed.ana.id], [flux])).lots).toHaveLength(1);
    const audit = await ok(await t.send(seed.admin, 'GET', `/api/admin/audit?entity=weld_lot&entity_id=${flux}`));
    expect(audit.items.map((i: { action: string }) => i.action)).toEqual(['unblock', 'block', 'create']);
  });

  it("a seam with a defect is 'aceptada' only after its repair and re-inspection; Calidad of another nave may not inspect it", async () => {
    const p = await approvedProcedure(t, seed.carla.token, 'WPS-INSP', '2026-01-01');
    const repairWps = await approvedProcedure(t, seed.carla.token, 'WPS-REP', '2026-01-01', 135);
    const s = await circular(t, seed.ana, '2026-05-04');
    expect((await trace(t, seed.ana.token, s, p, [seed.ana.id])).state).toBe('pendiente');

    const send = (token: string, payload: unknown) => t.send(token, 'POST', `/api/welds/seams/${s}/inspections`, payload);
    expect((await send(seed.dora.token, inspection())).json()).toEqual({ message: m.notCalidad });
    expect((await send(seed.ana.token, inspection())).statusCode).toBe(403);
    await expectBadRequests(
      (payload) => send(seed.carla.token, payload),
      [
        [inspection({ result: 'reparar' }), m.defectsNeedRepair],
        [inspection({ defects: [{ code: '2011', position_mm: 100, length_mm: 10, level: 'C' }] }), m.defectsNeedRepair],
        [
          inspection({ result: 'reparar', defects: [{ code: '2011', position_mm: 9_995, length_mm: 10, level: 'C' }] }),
          m.defectBeyondLength,
        ],
        [inspection({ result: 'reparar', defects: [{ code: '9999', position_mm: 1, length_mm: 10, level: 'C' }] }), m.defectTypeInvalid],
        [inspection({ result: 'reparar', defects: [{ code: '2011', position_mm: 1, length_mm: 10, level: 'A' as 'B' }] }), m.levelInvalid],
        [inspection({ method: 'XX' as 'UT' }), m.methodInvalid],
        [inspection({ extent_percent: 0 }), m.extentInvalid],
      ],
    );
    expect(await t.countRows('weld_inspections')).toBe(0);

    const vt = await inspect(t, seed.carla.token, s, inspection({ method: 'VT' }));
    expect(vt.state).toBe('aceptada');
    const ut = await inspect(
      t,
      seed.carla.token,
      s,
      inspection({
        result: 'reparar',
        defects: [
          { code: '2011', position_mm: 1200, length_mm: 15, level: 'C' },
          { code: '401', position_mm: 5400, length_mm: 80, level: 'B' },
        ],
      }),
    );
    expect(ut.state).toBe('reparar');
    const [poro, fusion] = ut.inspections[1].defects;
    expect([poro.name, fusion.name]).toEqual(['Poro', 'Falta de fusión']);

    const repair = (defectId: number) =>
      t.send(seed.carla.token, 'POST', `/api/welds/defects/${defectId}/repair`, {
        procedure_id: repairWps,
        operator_id: seed.beto.id,
        repaired_on: '2026-05-06',
      });
    const repaired = (await ok(await repair(poro.id), 201)).seam;
    expect(repaired.state).toBe('reparar');
    const poroRepair = repaired.inspections[1].defects[0].repair;
    expect(poroRepair).toMatchObject({
      procedure_code: 'WPS-REP',
      revision: 1,
      operator_name: 'Beto Operario',
      qualified: false,
      reinspection_id: null,
    });
    expect((await repair(poro.id)).json()).toEqual({ message: m.repairTaken });

    const reinspect = (repairId: number, body = inspection({ method: 'MT', inspected_length_mm: 200, inspected_on: '2026-05-07' })) =>
      t.send(seed.carla.token, 'POST', `/api/welds/repairs/${repairId}/reinspection`, body);
    expect((await ok(await reinspect(poroRepair.id), 201)).seam.state).toBe('reparar');
    expect((await reinspect(poroRepair.id)).json()).toEqual({ message: m.reinspectionTaken });

    // The second defect repaired, but its re-inspection finds a new one: still to repair.
    const fusionRepair = (await ok(await repair(fusion.id), 201)).seam.inspections[1].defects[1].repair;
    const failed = (
      await ok(
        await reinspect(
          fusionRepair.id,
          inspection({
            method: 'UT',
            inspected_length_mm: 300,
            result: 'reparar',
            inspected_on: '2026-05-07',
            defects: [{ code: '301', position_mm: 40, length_mm: 12, level: 'B' }],
          }),
        ),
        201,
      )
    ).seam;
    expect(failed.state).toBe('reparar');
    const slag = failed.inspections[3].defects[0];
    const slagRepair = (await ok(await repair(slag.id), 201)).seam.inspections[3].defects[0].repair;
    expect((await ok(await reinspect(slagRepair.id), 201)).seam.state).toBe('aceptada');

    const row = await t.db.selectFrom('weld_seams').selectAll().where('tramo_id', '=', s).executeTakeFirstOrThrow();
    expect([row.inspected, row.inspected_length_mm, row.repaired, row.repaired_length_mm, row.first_pass]).toEqual([
      1,
      10_000,
      1,
      15 + 80 + 12,
      0,
    ]);
    const audit = await ok(await t.send(seed.admin, 'GET', `/api/admin/audit?entity=weld_seam&entity_id=${s}`));
    expect(audit.items.map((i: { action: string }) => i.action).reverse()).toEqual([
      'create',
      'inspect',
      'inspect',
      'repair',
      'inspect',
      'repair',
      'inspect',
      'repair',
      'inspect',
    ]);
    expect(audit.items[audit.items.length - 3].changes.defects.after).toBe(
      '2011 Poro a 1200 mm, 15 mm, nivel C; 401 Falta de fusión a 5400 mm, 80 mm, nivel B',
    );
  });

  it('the trace: only its owner, Calidad of its nave or an admin; unknown ids are clear 400s and 404s', async () => {
    const p = await approvedProcedure(t, seed.carla.token, 'WPS-OWN', '2026-01-01');
    const s = await circular(t, seed.ana, '2026-05-04');
    const body = { procedure_id: p, operator_ids: [seed.ana.id], lot_ids: [] };
    expect((await t.send(seed.beto.token, 'PUT', `/api/welds/seams/${s}`, body)).statusCode).toBe(403);
    expect((await t.send(seed.dora.token, 'PUT', `/api/welds/seams/${s}`, body)).statusCode).toBe(403);
    await ok(await t.send(seed.carla.token, 'PUT', `/api/welds/seams/${s}`, body));
    await expectBadRequests(
      (payload) => t.send(seed.ana.token, 'PUT', `/api/welds/seams/${s}`, payload),
      [
        [{ ...body, procedure_id: 999999 }, m.procedureUnknown],
        [{ ...body, operator_ids: [] }, m.operatorsRequired],
        [{ ...body, operator_ids: [seed.ana.id, seed.ana.id] }, m.operatorRepeated],
        [{ ...body, operator_ids: [999999] }, m.userUnknown],
        [{ ...body, lot_ids: [999999] }, m.lotUnknown],
      ],
    );
    expect((await t.send(seed.ana.token, 'PUT', '/api/welds/seams/999999', body)).json()).toEqual({ message: m.circularNotFound });
    const noTrace = await circular(t, seed.ana, '2026-05-04');
    expect((await t.send(seed.ana.token, 'GET', `/api/welds/seams/${noTrace}`)).json()).toEqual({ message: m.seamNotFound });
    // The seed's circular is unchanged by its weld record, and is not deleted while it carries one: the
    // quality record stays, whole; a circular without one deletes as before.
    const tramo = await ok(await t.send(seed.ana.token, 'GET', `/api/tramos/${s}`));
    expect(Object.keys(tramo)).not.toContain('procedure_id');
    const refused = await t.send(seed.admin, 'DELETE', `/api/tramos/${s}`);
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: tramoMessages.hasWeldRecord }]);
    expect(await t.db.selectFrom('weld_seams').select('tramo_id').where('tramo_id', '=', s).execute()).toEqual([{ tramo_id: s }]);
    await ok(await t.send(seed.admin, 'GET', `/api/tramos/${s}`));
    await ok(await t.send(seed.admin, 'DELETE', `/api/tramos/${noTrace}`));
  });
});
