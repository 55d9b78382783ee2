import { errorResponses, idParams } from '@portal/contract/common';
import {
  adminTerminal,
  adminTerminalSaved,
  adminTerminalsQuery,
  deviceKeySchema,
  enrolBody,
  enrolResponse,
  renameTerminalBody,
  terminalCodeResponse,
  terminalHome,
  terminalMe,
  terminalMessages,
  terminalNonce,
  terminalSignInBody,
  terminalSignInResponse,
} from '@portal/contract/terminal';
import { z } from 'zod';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { routeOptions } from '../../lib/route-options';
import { currentTerminal, currentUser } from '../../plugins/auth';
import * as service from './service';

const route = routeOptions(['terminal'], errorResponses(400, 401, 403, 404, 409, 429));

/** The station terminal (docs/decisions/036-station-terminal.md); its event stream is in modules/events. */
export default async function terminalsRoutes(app: App, ctx: ServiceContext) {
  app.post(
    '/admin/arcos-sumergidos/:id/terminal-codes',
    route('admin', {
      description: 'A one-time enrolment code (8 digits, 15 minutes) for a terminal of this arco.',
      params: idParams,
      response: { 201: terminalCodeResponse },
    }),
    async (request, reply) => reply.status(201).send(await service.issueCode(ctx, currentUser(request), request.params.id)),
  );

  app.post(
    '/terminal/enrol',
    route('public', {
      description: 'Redeems an enrolment code: the device credential (shown once) and the terminal. Attempts limited per address.',
      body: enrolBody,
      response: { 201: enrolResponse },
    }),
    async (request, reply) => reply.status(201).send(await service.enrol(ctx, request.ip, request.body)),
  );

  app.get(
    '/terminal',
    route('terminal', { description: 'The terminal, the workers to offer, the idle time-out.', response: { 200: terminalMe } }),
    async (request) => service.terminalMe(ctx, currentTerminal(request)),
  );

  app.post('/terminal/heartbeat', route('terminal', { response: { 204: z.null() } }), async (request, reply) => {
    await service.touchTerminal(ctx, currentTerminal(request));
    return reply.status(204).send(null);
  });

  app.get(
    '/terminal/home',
    route('terminal', { description: "The arco's home with nobody signed in.", response: { 200: terminalHome } }),
    async (request) => service.terminalHome(ctx, currentTerminal(request)),
  );

  app.get(
    '/terminal/nonce',
    route('terminal', {
      description: 'A nonce (valid TERMINAL_NONCE_SECONDS) for the device key to sign with the next sign-in.',
      response: { 200: terminalNonce },
    }),
    async (request) => service.issueNonce(ctx, currentTerminal(request)),
  );

  app.put(
    '/terminal/device-key',
    route('terminal', {
      description: 'A terminal enrolled before device binding records its device key, once (409 after).',
      body: z.object({ device_key: deviceKeySchema }),
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await service.bindDeviceKey(ctx, currentTerminal(request), request.body.device_key);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/terminal/sign-in',
    route('terminal', {
      description:
        "A worker signs in at the terminal with a chip's reference or worker ID and PIN, or a badge, signed by the device key: a short session token for the worker routes. Wrong PINs spend the terminal's hourly budget.",
      body: terminalSignInBody,
      response: { 200: terminalSignInResponse },
    }),
    async (request) => service.signIn(ctx, currentTerminal(request), request.body),
  );

  app.get(
    '/admin/terminals',
    route('admin', { querystring: adminTerminalsQuery, response: { 200: z.array(adminTerminal) } }),
    async (request) => service.listTerminals(ctx, request.query.nave),
  );

  app.patch(
    '/admin/terminals/:id',
    route('admin', { params: idParams, body: renameTerminalBody, response: { 200: adminTerminalSaved } }),
    async (request) => ({
      terminal: await service.renameTerminal(ctx, currentUser(request), request.params.id, request.body.name),
      message: terminalMessages.renamed,
    }),
  );

  app.post(
    '/admin/terminals/:id/pin-unlock',
    route('admin', {
      description: "Opens a terminal's PIN sign-in again after its budget of wrong PINs ran out.",
      params: idParams,
      response: { 200: adminTerminalSaved },
    }),
    async (request) => ({
      terminal: await service.unlockTerminalPin(ctx, currentUser(request), request.params.id),
      message: terminalMessages.pinUnlocked,
    }),
  );

  app.post('/admin/terminals/:id/revoke', route('admin', { params: idParams, response: { 200: adminTerminalSaved } }), async (request) => ({
    terminal: await service.revokeTerminal(ctx, currentUser(request), request.params.id),
    message: terminalMessages.revoked,
  }));
}
