import { accessTokenResponse, adminLoginBody, authMessages, loginBody, registerBody, registerResponse } from '@portal/contract/auth';
import { errorResponses } from '@portal/contract/common';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { routeOptions } from '../../lib/route-options';
import { adminLogin, login, register } from './service';

const route = routeOptions(['auth'], errorResponses(400, 401, 403, 409, 429));

export default async function authRoutes(app: App, ctx: ServiceContext) {
  app.post('/auth/register', route('public', { body: registerBody, response: { 201: registerResponse } }), async (request, reply) => {
    const { worker_id, name, password } = request.body;
    const user = await register(ctx, request.ip, { worker_id, name, password });
    return reply.status(201).send({ message: authMessages.registered, user });
  });

  app.post('/auth/login', route('public', { body: loginBody, response: { 200: accessTokenResponse } }), async (request) => ({
    accessToken: await login(ctx, request.ip, request.body),
  }));

  app.post('/admin/login', route('public', { body: adminLoginBody, response: { 200: accessTokenResponse } }), async (request) => ({
    accessToken: await adminLogin(ctx, request.ip, request.body),
  }));
}
