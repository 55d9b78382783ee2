import { errorResponses, idParams } from '@portal/contract/common';
import {
  machineBindingBody,
  machineBindingSaved,
  machineKeyCreated,
  machineMessages,
  machineParadaBody,
  machineParadaSaved,
  machineStateResult,
  machinesStatus,
} from '@portal/contract/machines';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { deviceInput, routeOptions } from '../../lib/route-options';
import { currentUser } from '../../plugins/auth';
import * as machines from './service';

const route = routeOptions(['machines'], errorResponses(400, 401, 403, 404, 409));

export default async function machinesRoutes(app: App, ctx: ServiceContext) {
  // A device, not a person: no user token is taken here, only the arco's own device key.
  app.post(
    '/machines/:id/state',
    route(
      'public',
      {
        description:
          "A bound arco's machine reports its state: 'running'/'stopped', 1/0 (text/plain or JSON) or JSON {state, at}. Header X-Device-Key.",
        ...deviceInput,
        response: { 200: machineStateResult },
      },
      { errors: errorResponses(400, 401, 404) },
    ),
    async (request) => machines.reportState(ctx, request.params.id, request.headers['x-device-key'], request.body, request.ip),
  );

  app.put(
    '/machines/paradas/:id',
    route('user', { params: idParams, body: machineParadaBody, response: { 200: machineParadaSaved } }),
    async (request) => ({
      parada: await machines.describeMachineParada(ctx, currentUser(request), request.params.id, request.body),
      message: machineMessages.described,
    }),
  );

  app.get('/admin/machines', route('admin', { response: { 200: machinesStatus } }), async () => machines.machinesStatus(ctx));

  app.put(
    '/admin/arcos-sumergidos/:id/machine',
    route('admin', { params: idParams, body: machineBindingBody, response: { 200: machineBindingSaved } }),
    async (request) => ({
      binding: await machines.setTopic(ctx, currentUser(request), request.params.id, request.body.topic),
      message: machineMessages.bindingSaved,
    }),
  );

  app.post(
    '/admin/arcos-sumergidos/:id/machine/key',
    route('admin', { params: idParams, response: { 201: machineKeyCreated } }),
    async (request, reply) =>
      reply
        .status(201)
        .send({ ...(await machines.createKey(ctx, currentUser(request), request.params.id)), message: machineMessages.keyCreated }),
  );

  app.delete(
    '/admin/arcos-sumergidos/:id/machine/key',
    route('admin', { params: idParams, response: { 200: machineBindingSaved } }),
    async (request) => ({
      binding: await machines.revokeKey(ctx, currentUser(request), request.params.id),
      message: machineMessages.keyRevoked,
    }),
  );
}
