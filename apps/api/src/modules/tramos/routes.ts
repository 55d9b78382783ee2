import { errorResponses, idParams, messageResponse } from '@portal/contract/common';
import {
  LIST_MAX,
  SEARCH_MAX,
  tramo,
  tramoListQuery,
  tramoListResponse,
  tramoMessageResponse,
  tramoMessages,
  tramoSearchQuery,
} from '@portal/contract/tramos';
import { z } from 'zod';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { routeOptions } from '../../lib/route-options';
import { currentUser } from '../../plugins/auth';
import { readMultipart } from '../../plugins/uploads';
import * as service from './service';

const route = routeOptions(['tramos'], errorResponses(400, 401, 403, 404));
const uploadErrors = errorResponses(400, 401, 403, 404, 413, 415);

const multipartDescription =
  'multipart/form-data: id_tramo, id_proyecto, id_circular, descripcion, arco_sumergido_id, circular_fecha (YYYY-MM-DD), imagen (JPEG, PNG or WebP file up to 10 MB).';

export default async function tramosRoutes(app: App, ctx: ServiceContext) {
  app.post(
    '/tramos',
    // May be queued offline and sent again: takes an Idempotency-Key (plugins/idempotency.ts).
    route(
      'user',
      {
        summary: 'Create a circular',
        description: `${multipartDescription} circular_fecha defaults to the factory's today.`,
        consumes: ['multipart/form-data'],
        response: { 201: tramoMessageResponse },
      },
      { idempotent: true, errors: uploadErrors },
    ),
    async (request, reply) => {
      const input = await readMultipart(request, 'imagen');
      const created = await service.createTramo(ctx, currentUser(request), input);
      return reply.status(201).send({ message: tramoMessages.created, tramo: created });
    },
  );

  app.get(
    '/tramos',
    route('user', { summary: 'List circulares, newest first', querystring: tramoListQuery, response: { 200: tramoListResponse } }),
    async (request) => service.listTramos(ctx, request.query.limit ?? LIST_MAX, request.query.offset ?? 0),
  );

  app.get(
    '/tramos/search',
    route('user', {
      summary: 'Search circulares (substring on the ids, exact date), newest first, at most 100',
      querystring: tramoSearchQuery,
      response: { 200: z.array(tramo) },
    }),
    async (request) => {
      const { id_tramo, id_proyecto, id_circular, circular_fecha } = request.query;
      return service.searchTramos(ctx, { id_tramo, id_proyecto, id_circular, circular_fecha: circular_fecha || undefined }, SEARCH_MAX);
    },
  );

  app.get('/tramos/:id', route('user', { summary: 'One circular', params: idParams, response: { 200: tramo } }), async (request) =>
    service.getTramo(ctx, request.params.id),
  );

  app.put(
    '/tramos/:id',
    route(
      'user',
      {
        summary: 'Update a circular (owner or admin)',
        description: `${multipartDescription} Fields not sent keep their values; without a new file the image is kept.`,
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: tramoMessageResponse },
      },
      { errors: uploadErrors },
    ),
    async (request) => {
      const input = await readMultipart(request, 'imagen');
      const updated = await service.updateTramo(ctx, currentUser(request), request.params.id, input);
      return { message: tramoMessages.serverUpdated, tramo: updated };
    },
  );

  app.delete(
    '/tramos/:id',
    route('admin', {
      summary: 'Delete a circular (admin); 409 while it carries weld records',
      params: idParams,
      response: { 200: messageResponse, ...errorResponses(409) },
    }),
    async (request) => {
      await service.deleteTramo(ctx, request.params.id, currentUser(request));
      return { message: tramoMessages.serverDeleted };
    },
  );
}
