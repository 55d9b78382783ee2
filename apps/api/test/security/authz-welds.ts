import { multipart, type TestApp, type Worker } from '../helper';
import { wps } from '../welds-helpers';

// The weld records' routes in the authorization matrix (docs/decisions/066-weld-records.md): none of
// the matrix's workers is Calidad, so the catalogue's writes, inspections, recalls and figures are the
// administrator's alone; the trace is its circular's owner's and the administrator's; reads are
// everyone's. Fixtures are made by the administrator through the API.

type Caller = 'anon' | 'owner' | 'sameStation' | 'otherArco' | 'admin';
interface MatrixCtx {
  t: TestApp;
  admin: string;
  A: Worker;
  C: Worker;
}
interface WeldScenario {
  policy: 'user' | 'admin';
  prepare(
    ctx: MatrixCtx,
    caller: Caller,
  ): Promise<{ url: string; payload?: unknown; headers?: Record<string, string> }> | { url: string; payload?: unknown };
  expect: Record<Caller, number>;
}

const ANY_USER = (ok: number) => ({ anon: 401, owner: ok, sameStation: ok, otherArco: ok, admin: ok });
/** Calidad or an administrator: the matrix's workers are neither. */
const KEEPER = (ok: number) => ({ anon: 401, owner: 403, sameStation: 403, otherArco: 403, admin: ok });
const OWNER_OR_ADMIN = (ok: number) => ({ anon: 401, owner: ok, sameStation: 403, otherArco: 403, admin: ok });

let seq = 0;
/** The smallest file the server takes for a PDF (its content starts '%PDF-'). */
const CERTIFICATE = Buffer.from('%PDF-1.4\n%%EOF\n');
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${seq++}`;

async function asAdmin(ctx: MatrixCtx, method: 'POST' | 'PUT', url: string, payload: unknown) {
  const res = await ctx.t.send(ctx.admin, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

const newProcedure = async (ctx: MatrixCtx, approve = true): Promise<number> => {
  const id = (await asAdmin(ctx, 'POST', '/api/welds/procedures', wps(unique('WPS'), '2000-01-01'))).procedure.id;
  if (approve) await asAdmin(ctx, 'POST', `/api/welds/procedures/${id}/revisions/1/approve`, undefined);
  return id;
};
const newLot = async (ctx: MatrixCtx): Promise<number> =>
  (
    await asAdmin(ctx, 'POST', '/api/welds/lots', {
      kind: 'fundente',
      classification: 'SA FB 1',
      maker: 'Matriz',
      lot_number: unique('L'),
      received_on: '2026-01-01',
    })
  ).lot.id;
const newQualification = async (ctx: MatrixCtx): Promise<number> =>
  (
    await asAdmin(ctx, 'POST', '/api/welds/qualifications', {
      user_id: ctx.A.id,
      standard: 'ISO 14732',
      certificate_number: unique('Q'),
      process: 121,
      issued_on: '2026-01-01',
      expires_on: '2029-01-01',
    })
  ).qualification.id;
async function newTramo(ctx: MatrixCtx): Promise<number> {
  const fields = { id_tramo: unique('T'), id_proyecto: 'P-W', id_circular: 'C-W', arco_sumergido_id: ctx.A.station.id };
  const res = await ctx.t.sendForm(ctx.A.token, 'POST', '/api/tramos', fields);
  if (res.statusCode !== 201) throw new Error(`tramo failed: ${res.statusCode} ${res.body}`);
  return res.json().tramo.id;
}

/** One traced seam by worker A with a lot and a qualification, made once per app. */
const shared = new WeakMap<TestApp, Promise<{ procedure: number; lot: number; qualification: number; seam: number }>>();
function fixture(ctx: MatrixCtx) {
  let made = shared.get(ctx.t);
  if (!made) {
    made = (async () => {
      const [procedure, lot, qualification, seam] = [
        await newProcedure(ctx),
        await newLot(ctx),
        await newQualification(ctx),
        await newTramo(ctx),
      ];
      await asAdmin(ctx, 'PUT', `/api/welds/seams/${seam}`, { procedure_id: procedure, operator_ids: [ctx.A.id], lot_ids: [lot] });
      return { procedure, lot, qualification, seam };
    })();
    shared.set(ctx.t, made);
  }
  return made;
}

const inspection = (result: 'aceptada' | 'reparar') => ({
  method: 'UT',
  extent_percent: 100,
  inspected_length_mm: 5000,
  result,
  inspected_on: '2026-05-20',
  defects: result === 'reparar' ? [{ code: '2011', position_mm: 10, length_mm: 20, level: 'C' }] : [],
});
/** A fresh defect on the shared seam; its id. */
async function newDefect(ctx: MatrixCtx): Promise<number> {
  const { seam } = await fixture(ctx);
  const saved = await asAdmin(ctx, 'POST', `/api/welds/seams/${seam}/inspections`, inspection('reparar'));
  return saved.seam.inspections.at(-1).defects[0].id;
}
async function newRepair(ctx: MatrixCtx): Promise<number> {
  const { procedure } = await fixture(ctx);
  const defect = await newDefect(ctx);
  const saved = await asAdmin(ctx, 'POST', `/api/welds/defects/${defect}/repair`, {
    procedure_id: procedure,
    operator_id: ctx.A.id,
    repaired_on: '2026-05-21',
  });
  return saved.seam.inspections
    .flatMap((i: { defects: { id: number; repair: { id: number } }[] }) => i.defects)
    .find((d: { id: number }) => d.id === defect).repair.id;
}

export const weldScenarios: Record<string, WeldScenario> = {
  'GET /api/admin/users/:id/weld-roles': {
    policy: 'admin',
    prepare: (ctx) => ({ url: `/api/admin/users/${ctx.C.id}/weld-roles` }),
    expect: KEEPER(200),
  },
  'PUT /api/admin/users/:id/weld-roles': {
    policy: 'admin',
    prepare: (ctx) => ({ url: `/api/admin/users/${ctx.C.id}/weld-roles`, payload: { calidad: [] } }),
    expect: KEEPER(200),
  },
  'GET /api/welds/roles/me': { policy: 'user', prepare: () => ({ url: '/api/welds/roles/me' }), expect: ANY_USER(200) },
  'GET /api/admin/welds/settings': { policy: 'admin', prepare: () => ({ url: '/api/admin/welds/settings' }), expect: KEEPER(200) },
  'PUT /api/admin/welds/settings': {
    policy: 'admin',
    prepare: () => ({ url: '/api/admin/welds/settings', payload: { qualification_mode: 'flag' } }),
    expect: KEEPER(200),
  },
  'GET /api/welds/procedures': { policy: 'user', prepare: () => ({ url: '/api/welds/procedures' }), expect: ANY_USER(200) },
  'GET /api/welds/procedures/:id': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/welds/procedures/${(await fixture(ctx)).procedure}` }),
    expect: ANY_USER(200),
  },
  'POST /api/welds/procedures': {
    policy: 'user',
    prepare: () => ({ url: '/api/welds/procedures', payload: wps(unique('WPS'), '2026-01-01') }),
    expect: KEEPER(201),
  },
  'POST /api/welds/procedures/:id/revisions': {
    policy: 'user',
    prepare: async (ctx) => ({
      url: `/api/welds/procedures/${await newProcedure(ctx)}/revisions`,
      payload: { ...wps('x', '2026-02-01'), code: undefined },
    }),
    expect: KEEPER(201),
  },
  'POST /api/welds/procedures/:id/revisions/:revision/approve': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/welds/procedures/${await newProcedure(ctx, false)}/revisions/1/approve` }),
    expect: KEEPER(200),
  },
  'POST /api/welds/procedures/:id/retire': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/welds/procedures/${await newProcedure(ctx)}/retire`, payload: { retired_from: '2030-01-01' } }),
    expect: KEEPER(200),
  },
  'GET /api/welds/qualifications': { policy: 'user', prepare: () => ({ url: '/api/welds/qualifications' }), expect: ANY_USER(200) },
  'GET /api/welds/qualifications/:id': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/welds/qualifications/${(await fixture(ctx)).qualification}` }),
    expect: ANY_USER(200),
  },
  'POST /api/welds/qualifications': {
    policy: 'user',
    prepare: (ctx) => ({
      url: '/api/welds/qualifications',
      payload: {
        user_id: ctx.A.id,
        standard: 'ISO 9606-1',
        certificate_number: unique('Q'),
        process: 135,
        issued_on: '2026-01-01',
        expires_on: '2028-01-01',
      },
    }),
    expect: KEEPER(201),
  },
  'POST /api/welds/qualifications/:id/confirmations': {
    policy: 'user',
    prepare: async (ctx) => ({
      url: `/api/welds/qualifications/${await newQualification(ctx)}/confirmations`,
      payload: { confirmed_on: '2026-06-01' },
    }),
    expect: KEEPER(200),
  },
  'GET /api/welds/lots': { policy: 'user', prepare: () => ({ url: '/api/welds/lots' }), expect: ANY_USER(200) },
  'GET /api/welds/lots/:id': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/welds/lots/${(await fixture(ctx)).lot}` }),
    expect: ANY_USER(200),
  },
  'POST /api/welds/lots': {
    policy: 'user',
    prepare: () => ({
      url: '/api/welds/lots',
      payload: { kind: 'alambre', classification: 'S2', maker: 'Matriz', lot_number: unique('L'), received_on: '2026-01-01' },
    }),
    expect: KEEPER(201),
  },
  'POST /api/welds/lots/:id/block': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/welds/lots/${await newLot(ctx)}/block`, payload: { reason: 'Certificado pendiente' } }),
    expect: KEEPER(200),
  },
  'POST /api/welds/lots/:id/unblock': {
    policy: 'user',
    prepare: async (ctx) => {
      const lot = await newLot(ctx);
      await asAdmin(ctx, 'POST', `/api/welds/lots/${lot}/block`, { reason: 'Certificado pendiente' });
      return { url: `/api/welds/lots/${lot}/unblock` };
    },
    expect: KEEPER(200),
  },
  'GET /api/welds/seams/:id': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/welds/seams/${(await fixture(ctx)).seam}` }),
    expect: ANY_USER(200),
  },
  'PUT /api/welds/seams/:id': {
    policy: 'user',
    prepare: async (ctx) => {
      const { procedure, lot } = await fixture(ctx);
      return {
        url: `/api/welds/seams/${await newTramo(ctx)}`,
        payload: { procedure_id: procedure, operator_ids: [ctx.A.id], lot_ids: [lot] },
      };
    },
    expect: OWNER_OR_ADMIN(200),
  },
  'POST /api/welds/seams/:id/inspections': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/welds/seams/${(await fixture(ctx)).seam}/inspections`, payload: inspection('aceptada') }),
    expect: KEEPER(201),
  },
  'POST /api/welds/defects/:id/repair': {
    policy: 'user',
    prepare: async (ctx) => ({
      url: `/api/welds/defects/${await newDefect(ctx)}/repair`,
      payload: { procedure_id: (await fixture(ctx)).procedure, operator_id: ctx.A.id, repaired_on: '2026-05-21' },
    }),
    expect: KEEPER(201),
  },
  'POST /api/welds/repairs/:id/reinspection': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/welds/repairs/${await newRepair(ctx)}/reinspection`, payload: inspection('aceptada') }),
    expect: KEEPER(201),
  },
  'GET /api/welds/lots/:id/seams': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/welds/lots/${(await fixture(ctx)).lot}/seams` }),
    expect: KEEPER(200),
  },
  'GET /api/welds/lots/:id/seams.csv': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/welds/lots/${(await fixture(ctx)).lot}/seams.csv` }),
    expect: KEEPER(200),
  },
  'GET /api/welds/qualifications/:id/seams': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/welds/qualifications/${(await fixture(ctx)).qualification}/seams` }),
    expect: KEEPER(200),
  },
  'GET /api/welds/qualifications/:id/seams.csv': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/welds/qualifications/${(await fixture(ctx)).qualification}/seams.csv` }),
    expect: KEEPER(200),
  },
  'GET /api/welds/procedures/:id/revisions/:revision/seams': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/welds/procedures/${(await fixture(ctx)).procedure}/revisions/1/seams` }),
    expect: KEEPER(200),
  },
  'GET /api/welds/procedures/:id/revisions/:revision/seams.csv': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/welds/procedures/${(await fixture(ctx)).procedure}/revisions/1/seams.csv` }),
    expect: KEEPER(200),
  },
  'GET /api/welds/figures/repair-rate': {
    policy: 'user',
    prepare: () => ({ url: '/api/welds/figures/repair-rate?by=arco&from=2026-01&to=2026-12' }),
    expect: KEEPER(200),
  },
  'GET /api/welds/figures/first-pass-yield': {
    policy: 'user',
    prepare: () => ({ url: '/api/welds/figures/first-pass-yield?from=2026-01&to=2026-12' }),
    expect: KEEPER(200),
  },
  'GET /api/welds/figures/defect-types': {
    policy: 'user',
    prepare: () => ({ url: '/api/welds/figures/defect-types?from=2026-01&to=2026-12' }),
    expect: KEEPER(200),
  },
  // The weld dossier and the lots' certificates (docs/decisions/075-weld-dossier.md, 076-lot-certificates.md).
  'GET /api/welds/dossier.pdf': {
    policy: 'user',
    prepare: async (ctx) => {
      await fixture(ctx);
      return { url: '/api/welds/dossier.pdf?id_proyecto=P-W' };
    },
    expect: KEEPER(200),
  },
  'GET /api/welds/dossier.csv': {
    policy: 'user',
    prepare: async (ctx) => {
      await fixture(ctx);
      return { url: '/api/welds/dossier.csv?id_proyecto=P-W' };
    },
    expect: KEEPER(200),
  },
  'POST /api/welds/lots/:id/certificate': {
    policy: 'user',
    prepare: async (ctx) => {
      const form = await multipart({}, { certificado: { data: CERTIFICATE, filename: 'certificado.pdf', type: 'application/pdf' } });
      return { url: `/api/welds/lots/${await newLot(ctx)}/certificate`, payload: form.payload, headers: form.headers };
    },
    expect: KEEPER(200),
  },
  'GET /api/welds/lots/:id/certificate': {
    policy: 'user',
    prepare: async (ctx) => {
      const lot = await newLot(ctx);
      const res = await ctx.t.sendForm(
        ctx.admin,
        'POST',
        `/api/welds/lots/${lot}/certificate`,
        {},
        {
          certificado: { data: CERTIFICATE, filename: 'certificado.pdf', type: 'application/pdf' },
        },
      );
      if (res.statusCode !== 200) throw new Error(`certificate upload failed: ${res.statusCode} ${res.body}`);
      return { url: `/api/welds/lots/${lot}/certificate` };
    },
    expect: KEEPER(200),
  },
};
