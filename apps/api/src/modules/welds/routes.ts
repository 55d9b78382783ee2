import { Readable } from 'node:stream';
import { errorResponses, idParams } from '@portal/contract/common';
import {
  blockBody,
  confirmationBody,
  defectParetoResponse,
  figuresQuery,
  firstPassResponse,
  inspectionBody,
  inspectionSaved,
  lot,
  lotBody,
  lotSaved,
  lotsQuery,
  weldMessages as m,
  procedure,
  procedureCreateBody,
  procedureSaved,
  qualification,
  qualificationBody,
  qualificationSaved,
  qualificationsQuery,
  recallQuery,
  recallResponse,
  repairBody,
  repairRateResponse,
  repairSaved,
  retireBody,
  revisionCreateBody,
  revisionParams,
  seam,
  seamBody,
  seamSaved,
  weldRoles,
  weldRolesBody,
  weldRolesSaved,
  weldSettings,
  weldSettingsSaved,
} from '@portal/contract/welds';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { created, routeOptions } from '../../lib/route-options';
import { currentUser } from '../../plugins/auth';
import dossierRoutes from './dossier-routes';
import * as reports from './reports';
import * as seams from './seams';
import * as service from './service';

const route = routeOptions(['welds'], errorResponses(400, 401, 403, 404, 409));

/** A recall's CSV, streamed batch by batch as the socket drains. */
async function sendRecallCsv(request: FastifyRequest, reply: FastifyReply, ctx: ServiceContext, target: reports.RecallTarget) {
  await service.assertKeeper(ctx, currentUser(request));
  const { name, chunks } = await reports.recallCsv(ctx, target);
  const stream = Readable.from(chunks, { objectMode: false });
  stream.on('error', (error) => request.log.error({ err: error }, 'weld recall CSV failed mid-stream'));
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="circulares_${name}.csv"`)
    .header('Cache-Control', 'no-store')
    .send(stream);
}

/** The weld records (docs/decisions/066-weld-records.md). */
export default async function weldsRoutes(app: App, ctx: ServiceContext) {
  // ---- The Calidad capability and the plant's setting (administrators) ----
  app.get('/admin/users/:id/weld-roles', route('admin', { params: idParams, response: { 200: weldRoles } }), async (request) =>
    service.getRoles(ctx, request.params.id),
  );
  app.put(
    '/admin/users/:id/weld-roles',
    route('admin', { params: idParams, body: weldRolesBody, response: { 200: weldRolesSaved } }),
    async (request) => ({
      roles: await service.setRoles(ctx, currentUser(request), request.params.id, request.body),
      message: m.rolesSaved,
    }),
  );
  app.get('/welds/roles/me', route('user', { response: { 200: weldRoles } }), async (request) =>
    service.getRoles(ctx, currentUser(request).id),
  );
  app.get('/admin/welds/settings', route('admin', { response: { 200: weldSettings } }), async () => service.getSettings(ctx));
  app.put('/admin/welds/settings', route('admin', { body: weldSettings, response: { 200: weldSettingsSaved } }), async (request) => ({
    settings: await service.setSettings(ctx, currentUser(request), request.body),
    message: m.settingsSaved,
  }));

  // ---- Procedures (WPS) ----
  app.get('/welds/procedures', route('user', { response: { 200: z.array(procedure) } }), async () => service.listProcedures(ctx));
  app.get('/welds/procedures/:id', route('user', { params: idParams, response: { 200: procedure } }), async (request) =>
    service.getProcedure(ctx, request.params.id),
  );
  app.post(
    '/welds/procedures',
    route('user', {
      summary: 'A procedure with its first revision, a draft (Calidad or admin)',
      body: procedureCreateBody,
      response: { 201: procedureSaved },
    }),
    async (request, reply) =>
      created(reply, 'procedure', service.createProcedure(ctx, currentUser(request), request.body), m.procedureCreated),
  );
  app.post(
    '/welds/procedures/:id/revisions',
    route('user', { params: idParams, body: revisionCreateBody, response: { 201: procedureSaved } }),
    async (request, reply) =>
      created(reply, 'procedure', service.createRevision(ctx, currentUser(request), request.params.id, request.body), m.revisionCreated),
  );
  app.post(
    '/welds/procedures/:id/revisions/:revision/approve',
    route('user', { params: revisionParams, response: { 200: procedureSaved } }),
    async (request) => ({
      procedure: await service.approveRevision(ctx, currentUser(request), request.params.id, request.params.revision),
      message: m.revisionApproved,
    }),
  );
  app.post(
    '/welds/procedures/:id/retire',
    route('user', { params: idParams, body: retireBody, response: { 200: procedureSaved } }),
    async (request) => ({
      procedure: await service.retireProcedure(ctx, currentUser(request), request.params.id, request.body),
      message: m.procedureRetiredSaved,
    }),
  );

  // ---- Operators' qualifications ----
  app.get(
    '/welds/qualifications',
    route('user', { querystring: qualificationsQuery, response: { 200: z.array(qualification) } }),
    async (request) => service.listQualifications(ctx, request.query.user_id),
  );
  app.get('/welds/qualifications/:id', route('user', { params: idParams, response: { 200: qualification } }), async (request) =>
    service.getQualification(ctx, request.params.id),
  );
  app.post(
    '/welds/qualifications',
    route('user', { body: qualificationBody, response: { 201: qualificationSaved } }),
    async (request, reply) =>
      created(reply, 'qualification', service.createQualification(ctx, currentUser(request), request.body), m.qualificationCreated),
  );
  app.post(
    '/welds/qualifications/:id/confirmations',
    route('user', { params: idParams, body: confirmationBody, response: { 200: qualificationSaved } }),
    async (request) => ({
      qualification: await service.confirmQualification(ctx, currentUser(request), request.params.id, request.body),
      message: m.confirmationSaved,
    }),
  );

  // ---- Consumable lots ----
  app.get('/welds/lots', route('user', { querystring: lotsQuery, response: { 200: z.array(lot) } }), async (request) =>
    service.listLots(ctx, request.query.kind),
  );
  app.get('/welds/lots/:id', route('user', { params: idParams, response: { 200: lot } }), async (request) =>
    service.getLot(ctx, request.params.id),
  );
  app.post('/welds/lots', route('user', { body: lotBody, response: { 201: lotSaved } }), async (request, reply) =>
    created(reply, 'lot', service.createLot(ctx, currentUser(request), request.body), m.lotCreated),
  );
  app.post('/welds/lots/:id/block', route('user', { params: idParams, body: blockBody, response: { 200: lotSaved } }), async (request) => ({
    lot: await service.blockLot(ctx, currentUser(request), request.params.id, request.body),
    message: m.lotBlockedSaved,
  }));
  app.post('/welds/lots/:id/unblock', route('user', { params: idParams, response: { 200: lotSaved } }), async (request) => ({
    lot: await service.blockLot(ctx, currentUser(request), request.params.id, null),
    message: m.lotUnblockedSaved,
  }));

  // ---- A circular's trace, inspections and repairs ----
  app.get(
    '/welds/seams/:id',
    route('user', { summary: 'A circular (tramo id) as welded', params: idParams, response: { 200: seam } }),
    async (request) => seams.getSeam(ctx, request.params.id),
  );
  app.put(
    '/welds/seams/:id',
    // Queued by the terminal after the circular it belongs to (docs/decisions/078-terminal-lot-scan.md).
    route(
      'user',
      { summary: "Record a circular's procedure, operators and lots", params: idParams, body: seamBody, response: { 200: seamSaved } },
      { idempotent: true },
    ),
    async (request) => ({ seam: await seams.saveSeam(ctx, currentUser(request), request.params.id, request.body), message: m.seamSaved }),
  );
  // The three writes an inspector's phone may queue offline (docs/decisions/077-weld-inspection-offline.md).
  app.post(
    '/welds/seams/:id/inspections',
    route('user', { params: idParams, body: inspectionBody, response: { 201: inspectionSaved } }, { idempotent: true }),
    async (request, reply) =>
      reply.status(201).send({
        ...(await seams.addInspection(ctx, currentUser(request), request.params.id, request.body)),
        message: m.inspectionSaved,
      }),
  );
  app.post(
    '/welds/defects/:id/repair',
    route('user', { params: idParams, body: repairBody, response: { 201: repairSaved } }, { idempotent: true }),
    async (request, reply) =>
      reply
        .status(201)
        .send({ ...(await seams.addRepair(ctx, currentUser(request), request.params.id, request.body)), message: m.repairSaved }),
  );
  app.post(
    '/welds/repairs/:id/reinspection',
    route('user', { params: idParams, body: inspectionBody, response: { 201: inspectionSaved } }, { idempotent: true }),
    async (request, reply) =>
      reply.status(201).send({
        ...(await seams.reinspect(ctx, currentUser(request), request.params.id, request.body)),
        message: m.inspectionSaved,
      }),
  );

  // ---- Recalls (Calidad or admin): a page as JSON, every row as CSV ----
  const recallRoutes: [path: string, params: z.ZodType, target: (p: Record<string, number>) => reports.RecallTarget][] = [
    ['/welds/lots/:id/seams', idParams, (p) => ({ lot: p.id })],
    ['/welds/qualifications/:id/seams', idParams, (p) => ({ qualification: p.id })],
    ['/welds/procedures/:id/revisions/:revision/seams', revisionParams, (p) => ({ procedure: p.id, revision: p.revision })],
  ];
  for (const [path, params, target] of recallRoutes) {
    app.get(path, route('user', { params, querystring: recallQuery, response: { 200: recallResponse } }), async (request) => {
      await service.assertKeeper(ctx, currentUser(request));
      return reports.recall(ctx, target(request.params as Record<string, number>), request.query.limit, request.query.offset);
    });
    app.get(`${path}.csv`, route('user', { params }), async (request, reply) =>
      sendRecallCsv(request, reply, ctx, target(request.params as Record<string, number>)),
    );
  }

  // ---- Figures (Calidad or admin) ----
  app.get(
    '/welds/figures/repair-rate',
    route('user', { querystring: figuresQuery, response: { 200: repairRateResponse } }),
    async (request) => {
      await service.assertKeeper(ctx, currentUser(request));
      return reports.repairRate(ctx, request.query);
    },
  );
  app.get(
    '/welds/figures/first-pass-yield',
    route('user', { querystring: figuresQuery, response: { 200: firstPassResponse } }),
    async (request) => {
      await service.assertKeeper(ctx, currentUser(request));
      return reports.firstPassYield(ctx, request.query);
    },
  );

  app.get(
    '/welds/figures/defect-types',
    route('user', { querystring: figuresQuery, response: { 200: defectParetoResponse } }),
    async (request) => {
      await service.assertKeeper(ctx, currentUser(request));
      return reports.defectPareto(ctx, request.query);
    },
  );

  // ---- The weld dossier and the lots' certificates (dossier-routes.ts) ----
  await dossierRoutes(app, ctx);
}
