import { errorResponses, idParams } from '@portal/contract/common';
import {
  decisionBody,
  figuresQuery,
  figuresResponse,
  liveResponse,
  runSeconds,
  samplesResult,
  seamDecisionSaved,
  seamTelemetry,
  startRunBody,
  telemetryMessages,
  weldRun,
  weldRunSaved,
} from '@portal/contract/telemetry';
import { awaitingDecision } from '@portal/contract/telemetry-decision';
import { z } from 'zod';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { created, deviceInput, routeOptions } from '../../lib/route-options';
import { currentUser } from '../../plugins/auth';
import * as telemetry from './service';

const route = routeOptions(['telemetry'], errorResponses(400, 401, 403, 404, 409));

export default async function telemetryRoutes(app: App, ctx: ServiceContext) {
  // A device, not a person: only the arco's device key (as its states, decision 020).
  app.post(
    '/telemetry/arcos/:id/samples',
    route(
      'public',
      {
        description:
          'Weld samples of a bound arco: a JSON sample {t, arc, i, u, wf, v, temp?}, an array or {samples: [...]}, or text lines "t,arc,i,u,wf,v[,temp]". Header X-Device-Key.',
        ...deviceInput,
        response: { 200: samplesResult },
      },
      { errors: errorResponses(400, 401, 404, 429) },
    ),
    async (request) => telemetry.reportSamples(ctx, request.params.id, request.headers['x-device-key'], request.body, request.ip),
  );

  app.post(
    '/telemetry/runs',
    route('user', { description: "'Iniciar soldadura' at the user's arco.", body: startRunBody, response: { 201: weldRunSaved } }),
    async (request, reply) => created(reply, 'run', telemetry.startRun(ctx, currentUser(request), request.body), telemetryMessages.started),
  );

  app.post(
    '/telemetry/runs/current/end',
    route('user', { description: "'Finalizar soldadura' at the user's arco.", response: { 200: weldRunSaved } }),
    async (request) => ({ run: await telemetry.endRun(ctx, currentUser(request)), message: telemetryMessages.ended }),
  );

  app.get('/telemetry/runs/current', route('user', { response: { 200: z.object({ run: weldRun.nullable() }) } }), async (request) => ({
    run: await telemetry.runAtArco(ctx, currentUser(request)),
  }));

  app.get('/telemetry/runs/:id', route('user', { params: idParams, response: { 200: weldRun } }), async (request) =>
    telemetry.getRun(ctx, request.params.id),
  );

  app.get('/telemetry/runs/:id/seconds', route('user', { params: idParams, response: { 200: runSeconds } }), async (request) =>
    telemetry.runSecondsView(ctx, request.params.id),
  );

  app.get(
    '/telemetry/seams/awaiting-decision',
    route('user', {
      description:
        'The circulares marked out of procedure awaiting a decision, with their excursions: every nave for an administrator, their naves for Calidad, 403 for anyone else.',
      response: { 200: awaitingDecision },
    }),
    async (request) => telemetry.awaitingDecision(ctx, currentUser(request)),
  );

  app.get('/telemetry/seams/:id', route('user', { params: idParams, response: { 200: seamTelemetry } }), async (request) =>
    telemetry.seamTelemetry(ctx, request.params.id),
  );

  app.post(
    '/telemetry/seams/:id/decision',
    route('user', { params: idParams, body: decisionBody, response: { 200: seamDecisionSaved } }),
    async (request) => ({
      seam: await telemetry.decide(ctx, currentUser(request), request.params.id, request.body),
      message: telemetryMessages.decisionRecorded,
    }),
  );

  app.get('/telemetry/live', route('admin', { response: { 200: liveResponse } }), async () => ({
    arcos: await telemetry.liveArcos(ctx),
  }));

  app.get('/telemetry/figures', route('admin', { querystring: figuresQuery, response: { 200: figuresResponse } }), async (request) =>
    telemetry.figures(ctx, request.query),
  );
}
