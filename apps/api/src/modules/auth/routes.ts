import { accessTokenResponse, adminLoginBody, authMessages, loginBody, registerBody, registerResponse } from '@portal/contract/auth';
import { errorResponses } from '@portal/contract/common';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { adminLogin, login, register } from './service';

const errors = errorResponses(400, 401, 403, 409, 429);

export default async function authRoutes(app: App, ctx: ServiceContext) {
  app.post(
    '/auth/register',
    {
      config: { policy: 'public' },
      schema: { tags: ['auth'], body: registerBody, response: { 201: registerResponse, ...errors } },
    },
    async (request, reply) => {
      const { worker_id, name, password } = request.body;
      const user = await register(ctx, request.ip, { worker_id, name, password });
      return reply.status(201).send({ message: authMessages.registered, user });
    },
  );

  app.post(
    '/auth/login',
    {
      config: { policy: 'public' },
      schema: { tags: ['auth'], body: loginBody, response: { 200: accessTokenResponse, ...errors } },
    },
    async (request) => ({ accessToken: await login(ctx, request.ip, request.body) }),
  );

  app.post(
    '/admin/login',
    {
      config: { policy: 'public' },
      schema: { tags: ['auth'], body: adminLoginBody, response: { 200: accessTokenResponse, ...errors } },
    },
    async (request) => ({ accessToken: await adminLogin(ctx, request.ip, request.body) }),
  );
}
