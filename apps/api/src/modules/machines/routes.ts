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
import { z } from 'zod';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as machines from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['machines'];

export default async function machinesRoutes(app: App, ctx: ServiceContext) {
  // A device, not a person: no user token is taken here, only the arco's own device key.
  app.post(
    '/machines/:id/state',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        description:
          "A bound arco's machine reports its state: 'running'/'stopped', 1/0 (text/plain or JSON) or JSON {state, at}. Header X-Device-Key.",
        security: [],
        params: idParams,
        headers: z.object({ 'x-device-key': z.string().optional() }),
        body: z.unknown(),
        response: { 200: machineStateResult, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => machines.reportState(ctx, request.params.id, request.headers['x-device-key'], request.body, request.ip),
  );

  app.put(
    '/machines/paradas/:id',
    {
      config: { policy: 'user' },
      schema: { tags, params: idParams, body: machineParadaBody, response: { 200: machineParadaSaved, ...errors } },
    },
    async (request) => ({
      parada: await machines.describeMachineParada(ctx, currentUser(request), request.params.id, request.body),
      message: machineMessages.described,
    }),
  );

  app.get('/admin/machines', { config: { policy: 'admin' }, schema: { tags, response: { 200: machinesStatus, ...errors } } }, async () =>
    machines.machinesStatus(ctx),
  );

  app.put(
    '/admin/arcos-sumergidos/:id/machine',
    {
      config: { policy: 'admin' },
      schema: { tags, params: idParams, body: machineBindingBody, response: { 200: machineBindingSaved, ...errors } },
    },
    async (request) => ({
      binding: await machines.setTopic(ctx, currentUser(request), request.params.id, request.body.topic),
      message: machineMessages.bindingSaved,
    }),
  );

  app.post(
    '/admin/arcos-sumergidos/:id/machine/key',
    { config: { policy: 'admin' }, schema: { tags, params: idParams, response: { 201: machineKeyCreated, ...errors } } },
    async (request, reply) =>
      reply
        .status(201)
        .send({ ...(await machines.createKey(ctx, currentUser(request), request.params.id)), message: machineMessages.keyCreated }),
  );

  app.delete(
    '/admin/arcos-sumergidos/:id/machine/key',
    { config: { policy: 'admin' }, schema: { tags, params: idParams, response: { 200: machineBindingSaved, ...errors } } },
    async (request) => ({
      binding: await machines.revokeKey(ctx, currentUser(request), request.params.id),
      message: machineMessages.keyRevoked,
    }),
  );
}
