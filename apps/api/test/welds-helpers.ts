import type { InspectionBody, Seam } from '@portal/contract/welds';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp, Worker } from './helper';
import { wps } from './welds-procedure';

// What the weld-record suites share: a valid WPS, a circular recorded through the API, and the calls
// that trace, inspect and repair it, each expecting success.

export { PASSES, wps } from './welds-procedure';

export async function ok(res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

/** A procedure with its first revision approved; its id. */
export async function approvedProcedure(t: TestApp, token: string, code: string, validFrom: string, process = 121): Promise<number> {
  const created = await ok(await t.send(token, 'POST', '/api/welds/procedures', wps(code, validFrom, process)), 201);
  await ok(await t.send(token, 'POST', `/api/welds/procedures/${created.procedure.id}/revisions/1/approve`));
  return created.procedure.id;
}

let seq = 0;
/** A circular recorded by a worker at their arco through the seed's route; its tramo id. */
export async function circular(t: TestApp, worker: Worker, date: string, project = 'P-1'): Promise<number> {
  seq++;
  const res = await t.sendForm(worker.token, 'POST', '/api/tramos', {
    id_proyecto: project,
    id_tramo: `T-${seq}`,
    id_circular: `C-${seq}`,
    arco_sumergido_id: worker.station.id,
    circular_fecha: date,
  });
  return (await ok(res, 201)).tramo.id;
}

export async function qualify(
  t: TestApp,
  token: string,
  userId: number,
  issued_on: string,
  expires_on: string,
  process = 121,
): Promise<number> {
  const body = {
    user_id: userId,
    standard: 'ISO 14732',
    certificate_number: `CERT-${userId}-${issued_on}`,
    process,
    issued_on,
    expires_on,
  };
  return (await ok(await t.send(token, 'POST', '/api/welds/qualifications', body), 201)).qualification.id;
}

export async function newLot(t: TestApp, token: string, kind: 'alambre' | 'fundente', lot_number: string): Promise<number> {
  const body = {
    kind,
    classification: kind === 'alambre' ? 'S2' : 'SA FB 1',
    maker: 'Aceros Norte',
    lot_number,
    received_on: '2026-01-10',
  };
  return (await ok(await t.send(token, 'POST', '/api/welds/lots', body), 201)).lot.id;
}

export async function trace(
  t: TestApp,
  token: string,
  tramoId: number,
  procedure_id: number,
  operator_ids: number[],
  lot_ids: number[] = [],
  welded_at?: string,
) {
  return (await ok(await t.send(token, 'PUT', `/api/welds/seams/${tramoId}`, { procedure_id, operator_ids, lot_ids, welded_at }))).seam;
}

export const inspection = (over: Partial<InspectionBody> = {}): InspectionBody => ({
  method: 'UT',
  extent_percent: 100,
  inspected_length_mm: 10_000,
  result: 'aceptada',
  inspected_on: '2026-05-20',
  defects: [],
  ...over,
});

export async function inspect(t: TestApp, token: string, tramoId: number, body: InspectionBody) {
  return (await ok(await t.send(token, 'POST', `/api/welds/seams/${tramoId}/inspections`, body), 201)).seam;
}

/** Repairs every open defect of the seam's latest inspection and re-inspects each repair as accepted. */
export async function repairAll(t: TestApp, token: string, seam: Seam, procedureId: number, operatorId: number) {
  const last = seam.inspections[seam.inspections.length - 1];
  let current: Seam = seam;
  for (const defect of last.defects) {
    current = (
      await ok(
        await t.send(token, 'POST', `/api/welds/defects/${defect.id}/repair`, {
          procedure_id: procedureId,
          operator_id: operatorId,
          repaired_on: '2026-05-21',
        }),
        201,
      )
    ).seam;
    const repair = current.inspections.flatMap((i) => i.defects).find((d) => d.id === defect.id)?.repair;
    if (!repair) throw new Error(`defect ${defect.id} has no repair`);
    current = (
      await ok(
        await t.send(
          token,
          'POST',
          `/api/welds/repairs/${repair.id}/reinspection`,
          inspection({ inspected_length_mm: defect.length_mm + 100, inspected_on: '2026-05-22' }),
        ),
        201,
      )
    ).seam;
  }
  return current;
}
