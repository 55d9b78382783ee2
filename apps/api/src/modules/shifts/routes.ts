import { errorResponses, idParams, messageResponse } from '@portal/contract/common';
import {
  closureBody,
  closureSavedResponse,
  currentShiftResponse,
  retireShiftQuery,
  shiftBody,
  shiftCalendar,
  shiftInstance,
  shiftInstancesQuery,
  shiftMessages,
  shiftSavedResponse,
} from '@portal/contract/shifts';
import { z } from 'zod';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { created, routeOptions } from '../../lib/route-options';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const route = routeOptions(['shifts'], errorResponses(400, 401, 403, 404, 409));

export default async function shiftsRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/shifts/instances',
    route('user', {
      description: 'The shift occurrences overlapping [from, to) (a date is its factory day), at most 62 days.',
      querystring: shiftInstancesQuery,
      response: { 200: z.array(shiftInstance) },
    }),
    async (request) => {
      const { from, to } = service.instancesRange(ctx, request.query);
      return service.shiftInstances(ctx, from, to, request.query.nave);
    },
  );

  app.get(
    '/shifts/current',
    route('user', { description: 'The shift running now at the nave of the token.', response: { 200: currentShiftResponse } }),
    async (request) => ({ shift: await service.currentShift(ctx, new Date(), currentUser(request).nave ?? undefined) }),
  );

  app.get('/admin/shifts', route('admin', { response: { 200: shiftCalendar } }), async () => service.getCalendar(ctx));

  app.post('/admin/shifts', route('admin', { body: shiftBody, response: { 201: shiftSavedResponse } }), async (request, reply) =>
    created(reply, 'shift', service.createShift(ctx, currentUser(request), request.body), shiftMessages.created),
  );

  app.put(
    '/admin/shifts/:id',
    route('admin', { params: idParams, body: shiftBody, response: { 200: shiftSavedResponse } }),
    async (request) => ({
      shift: await service.updateShift(ctx, currentUser(request), request.params.id, request.body),
      message: shiftMessages.updated,
    }),
  );

  app.delete(
    '/admin/shifts/:id',
    route('admin', { params: idParams, querystring: retireShiftQuery, response: { 200: shiftSavedResponse } }),
    async (request) => ({
      shift: await service.retireShift(ctx, currentUser(request), request.params.id, request.query.from),
      message: shiftMessages.retired,
    }),
  );

  app.post(
    '/admin/shifts/closures',
    route('admin', { body: closureBody, response: { 201: closureSavedResponse } }),
    async (request, reply) =>
      created(reply, 'closure', service.createClosure(ctx, currentUser(request), request.body), shiftMessages.closureCreated),
  );

  app.delete('/admin/shifts/closures/:id', route('admin', { params: idParams, response: { 200: messageResponse } }), async (request) => {
    await service.deleteClosure(ctx, currentUser(request), request.params.id);
    return { message: shiftMessages.closureDeleted };
  });
}
