import {
  andonArcoCallsResponse,
  andonCallSaved,
  andonCallsResponse,
  andonMessages,
  andonRoles,
  andonRolesBody,
  andonRolesSaved,
  andonRules,
  andonRulesBody,
  andonRulesSaved,
  createAndonCallBody,
  pushPublicKey,
  pushSubscriptionBody,
  pushUnsubscribeBody,
} from '@portal/contract/andon';
import { errorResponses, idParams, messageResponse } from '@portal/contract/common';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { created, routeOptions } from '../../lib/route-options';
import { currentTerminal, currentUser } from '../../plugins/auth';
import * as service from './service';

const tags = ['andon'];
const route = routeOptions(tags, errorResponses(400, 401, 403, 404, 409));

/** The andon (docs/decisions/043-andon.md). */
export default async function andonRoutes(app: App, ctx: ServiceContext) {
  app.get('/admin/users/:id/andon-roles', route('admin', { params: idParams, response: { 200: andonRoles } }), async (request) =>
    service.getRoles(ctx, request.params.id),
  );

  app.put(
    '/admin/users/:id/andon-roles',
    route('admin', { params: idParams, body: andonRolesBody, response: { 200: andonRolesSaved } }),
    async (request) => ({
      roles: await service.setRoles(ctx, currentUser(request), request.params.id, request.body),
      message: andonMessages.rolesSaved,
    }),
  );

  app.get('/admin/andon/rules', route('admin', { response: { 200: andonRules } }), async () => service.getRules(ctx));

  app.put('/admin/andon/rules', route('admin', { body: andonRulesBody, response: { 200: andonRulesSaved } }), async (request) => ({
    rules: await service.setRules(ctx, currentUser(request), request.body),
    message: andonMessages.rulesSaved,
  }));

  app.get(
    '/andon/calls',
    route('user', {
      description: 'Open calls for the naves where I am supervisor or maintenance (administrators: all), and those naves.',
      response: { 200: andonCallsResponse },
    }),
    async (request) => service.callsFor(ctx, currentUser(request)),
  );

  app.get(
    '/andon/calls/arco',
    route('user', { description: "Open calls of the arco in the caller's token.", response: { 200: andonArcoCallsResponse } }),
    async (request) => service.callsAtArco(ctx, currentUser(request)),
  );

  app.get(
    '/terminal/andon-calls',
    route(
      'terminal',
      {
        tags: [...tags, 'terminal'],
        description:
          "A station terminal's own arco's open calls and who answered, with the device credential (X-Terminal-Key): shown whether a worker is signed in or not.",
        response: { 200: andonArcoCallsResponse },
      },
      { errors: errorResponses(401) },
    ),
    async (request) => service.openCallsOfArco(ctx, currentTerminal(request).arco_sumergido_id),
  );

  app.post('/andon/calls', route('user', { body: createAndonCallBody, response: { 201: andonCallSaved } }), async (request, reply) =>
    created(reply, 'call', service.pullCord(ctx, currentUser(request), request.body.level, request.body.client_time), andonMessages.called),
  );

  const answers = [
    ['ack', service.acknowledgeCall, andonMessages.acknowledged],
    ['arrive', service.arriveAtCall, andonMessages.arrived],
    ['resolve', service.resolveCall, andonMessages.resolved],
  ] as const;
  for (const [path, answer, message] of answers) {
    app.post(`/andon/calls/:id/${path}`, route('user', { params: idParams, response: { 200: andonCallSaved } }), async (request) => ({
      call: await answer(ctx, currentUser(request), request.params.id),
      message,
    }));
  }

  app.get('/push/public-key', route('user', { response: { 200: pushPublicKey } }), async () => ({
    public_key: service.publicKey(ctx),
  }));

  app.post(
    '/push/subscriptions',
    route('user', { body: pushSubscriptionBody, response: { 201: messageResponse } }),
    async (request, reply) => {
      await service.subscribe(ctx, currentUser(request), request.body);
      return reply.status(201).send({ message: andonMessages.subscribed });
    },
  );

  app.delete('/push/subscriptions', route('user', { body: pushUnsubscribeBody, response: { 200: messageResponse } }), async (request) => {
    await service.unsubscribe(ctx, currentUser(request), request.body.endpoint);
    return { message: andonMessages.unsubscribed };
  });
}
