import { Readable } from 'node:stream';
import { errorResponses } from '@portal/contract/common';
import { exportQuery } from '@portal/contract/planta';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import type { ExportFilter } from '../../db/paging';
import { routeOptions } from '../../lib/route-options';
import { paradasCsv, tramosCsv } from './service';

const route = routeOptions(['exports'], errorResponses(400, 401, 403));

const filterOf = (q: z.output<typeof exportQuery>): ExportFilter => ({
  startDate: q.startDate,
  endDate: q.endDate,
  nave: q.nave,
  arcoSumergidoId: q.arco_sumergido_id,
  withMotivo: q.columns.includes('motivo'),
  withAndon: q.columns.includes('andon'),
  byShift: q.by === 'shift',
});

/** Sends the chunks as a Node stream: it pulls the next batch only when the socket has drained. */
function sendCsv(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  q: z.output<typeof exportQuery>,
  chunks: AsyncGenerator<string>,
) {
  const stream = Readable.from(chunks, { objectMode: false });
  stream.on('error', (error) => request.log.error({ err: error }, 'CSV export failed mid-stream'));
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}_${q.startDate}_${q.endDate}.csv"`)
    .header('Cache-Control', 'no-store')
    .send(stream);
}

export default async function exportsRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/admin/export/paradas-kaiser.csv',
    route('admin', {
      description:
        'Kaiser stops of an inclusive range of factory dates as CSV (UTF-8 with BOM, `;`, CRLF), streamed; `by=shift` gives a row per stop and shift part.',
      querystring: exportQuery,
    }),
    async (request, reply) => sendCsv(request, reply, 'paradas-kaiser', request.query, paradasCsv(ctx, filterOf(request.query))),
  );

  app.get(
    '/admin/export/tramos.csv',
    route('admin', {
      description: 'Circulares of an inclusive range of factory dates as CSV (UTF-8 with BOM, `;`, CRLF), streamed.',
      querystring: exportQuery,
    }),
    async (request, reply) =>
      sendCsv(request, reply, 'tramos', request.query, tramosCsv(ctx, filterOf(request.query), `${request.protocol}://${request.host}`)),
  );
}
