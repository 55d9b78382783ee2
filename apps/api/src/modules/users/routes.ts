import { errorResponses, idParams, messageResponse } from '@portal/contract/common';
import { badgeBody, pinStatus, setPinBody } from '@portal/contract/terminal';
import {
  adminPasswordBody,
  changePasswordBody,
  profileBody,
  roleBody,
  tokenMessageResponse,
  userListItem,
  userMessages,
} from '@portal/contract/users';
import { z } from 'zod';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { routeOptions } from '../../lib/route-options';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const route = routeOptions(['users'], errorResponses(400, 401, 403, 404, 409, 429));

export default async function usersRoutes(app: App, ctx: ServiceContext) {
  app.put('/users/me/profile', route('user', { body: profileBody, response: { 200: tokenMessageResponse } }), async (request) => {
    const newToken = await service.updateOwnProfile(ctx, currentUser(request), request.body);
    return { message: userMessages.profileUpdated, newToken };
  });

  app.put('/users/me/password', route('user', { body: changePasswordBody, response: { 200: tokenMessageResponse } }), async (request) => {
    const newToken = await service.changeOwnPassword(ctx, currentUser(request), request.body);
    return { message: userMessages.passwordChanged, newToken };
  });

  app.get('/users/me/pin', route('user', { response: { 200: pinStatus } }), async (request) => ({
    has_pin: await service.hasPin(ctx, currentUser(request)),
  }));

  app.put(
    '/users/me/pin',
    route('user', {
      description: "Sets the caller's station-terminal PIN (4-6 digits), confirmed with their password; not from a terminal session.",
      body: setPinBody,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await service.setOwnPin(ctx, currentUser(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.get('/admin/users', route('admin', { response: { 200: z.array(userListItem) } }), async () => service.listUsers(ctx));

  app.put(
    '/admin/users/:id/role',
    route('admin', { params: idParams, body: roleBody, response: { 200: messageResponse } }),
    async (request) => {
      await service.setRole(ctx, request.params.id, request.body.role, currentUser(request));
      return { message: userMessages.roleUpdated };
    },
  );

  app.put(
    '/admin/users/:id/password',
    route('admin', { params: idParams, body: adminPasswordBody, response: { 200: tokenMessageResponse } }),
    async (request) => {
      const newToken = await service.resetPassword(ctx, currentUser(request), request.params.id, request.body.password);
      return { message: userMessages.passwordReset, ...(newToken ? { newToken } : {}) };
    },
  );

  app.put(
    '/admin/users/:id/profile',
    route('admin', { params: idParams, body: profileBody, response: { 200: tokenMessageResponse } }),
    async (request) => {
      const newToken = await service.adminUpdateProfile(ctx, currentUser(request), request.params.id, request.body);
      return { message: userMessages.profileUpdated, ...(newToken ? { newToken } : {}) };
    },
  );

  app.delete('/admin/users/:id/pin', route('admin', { params: idParams, response: { 204: z.null() } }), async (request, reply) => {
    await service.resetPin(ctx, currentUser(request), request.params.id);
    return reply.status(204).send(null);
  });

  app.put(
    '/admin/users/:id/badge',
    route('admin', { params: idParams, body: badgeBody, response: { 204: z.null() } }),
    async (request, reply) => {
      await service.setBadge(ctx, currentUser(request), request.params.id, request.body.badge_code);
      return reply.status(204).send(null);
    },
  );

  app.post('/admin/users/:id/unlock', route('admin', { params: idParams, response: { 200: messageResponse } }), async (request) => {
    await service.clearLoginAttempts(ctx, currentUser(request), request.params.id);
    return { message: userMessages.loginAttemptsCleared };
  });

  app.delete('/admin/users/:id', route('admin', { params: idParams, response: { 200: messageResponse } }), async (request) => {
    await service.deleteUser(ctx, currentUser(request), request.params.id);
    return { message: userMessages.userDeleted };
  });
}
