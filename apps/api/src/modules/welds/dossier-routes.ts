import { Readable } from 'node:stream';
import { errorResponses, idParams } from '@portal/contract/common';
import { lotSaved } from '@portal/contract/welds';
import { dossierMessages as d, dossierQuery } from '@portal/contract/welds-dossier';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { AppError } from '../../lib/errors';
import { routeOptions } from '../../lib/route-options';
import { currentUser } from '../../plugins/auth';
import { readMultipart } from '../../plugins/uploads';
import { attachCertificate, readCertificate } from './certificates';
import { type Dossier, dossierCsv, dossierFileName, readDossier } from './dossier';
import { dossierPdf } from './dossier-pdf';

const route = routeOptions(['welds'], errorResponses(400, 401, 403, 404));

/** A file download's headers: the name as ASCII and as UTF-8 (RFC 6266), never cached, never sniffed. */
function attachment(reply: FastifyReply, type: string, name: string) {
  const ascii = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .header('Content-Type', type)
    .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff');
}

/** The weld dossier (docs/decisions/075-weld-dossier.md) and the lots' 3.1 certificates (076). */
export default async function dossierRoutes(app: App, ctx: ServiceContext) {
  const dossierDescription =
    'A tramo of a project (id_proyecto and id_tramo), or the whole project (id_proyecto alone): every circular with its procedure and revision, operators and their qualification that day, lots, inspections, defects, repairs and re-inspections. Calidad of any nave or an administrator.';
  /** One download of the dossier: the same query, reader and file name, in its own format and media type. */
  const dossierFile = (
    format: 'pdf' | 'csv',
    summary: string,
    type: string,
    render: (dossier: Dossier, request: FastifyRequest) => Promise<Readable> | Readable,
  ) =>
    app.get(
      `/welds/dossier.${format}`,
      route('user', { summary, description: dossierDescription, querystring: dossierQuery, produces: [type.split(';')[0]] }),
      async (request, reply) => {
        const dossier = await readDossier(ctx, currentUser(request), request.query);
        const body = await render(dossier, request);
        return attachment(reply, type, dossierFileName(dossier, format)).send(body);
      },
    );
  dossierFile(
    'pdf',
    'The weld dossier as a PDF in Spanish, streamed, with a summary page and the photos',
    'application/pdf',
    (dossier, request) => dossierPdf(dossier, ctx.images.store, request.log),
  );
  dossierFile(
    'csv',
    'The weld dossier as CSV (UTF-8 with BOM, semicolons): one row per defect, inspection or circular',
    'text/csv; charset=utf-8',
    (dossier) => Readable.from(dossierCsv(dossier)),
  );

  app.post(
    '/welds/lots/:id/certificate',
    route(
      'user',
      {
        summary: "Attach (or replace) a lot's inspection certificate 3.1 (Calidad or admin)",
        description: 'multipart/form-data: certificado (a PDF, JPEG or PNG file up to 10 MB, recognised by its content).',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: lotSaved },
      },
      { errors: errorResponses(400, 401, 403, 404, 413, 415) },
    ),
    async (request) => {
      const lot = await attachCertificate(ctx, currentUser(request), request.params.id, await readCertificateForm(request));
      return { lot, message: d.certificateSaved };
    },
  );
  app.get(
    '/welds/lots/:id/certificate',
    route('user', {
      summary: "A lot's inspection certificate 3.1 as attached (Calidad or admin)",
      produces: ['application/pdf', 'image/jpeg', 'image/png'],
      params: idParams,
    }),
    async (request, reply) => {
      const { object, name, type } = await readCertificate(ctx, currentUser(request), request.params.id);
      return attachment(reply, type, name).header('Content-Length', String(object.size)).send(object.body);
    },
  );
}

/** The upload's form, with the parser's image texts said of a certificate. */
async function readCertificateForm(request: Parameters<typeof readMultipart>[0]) {
  try {
    return await readMultipart(request, 'certificado');
  } catch (error) {
    // The parser's own limit (FST_REQ_FILE_TOO_LARGE) or a truncated part: the certificate is too large.
    const status = (error as { statusCode?: number } | null)?.statusCode;
    if (status === 413) throw new AppError(413, d.certificateTooLarge);
    // A named empty file is no certificate (a request that is no form at all keeps its own answer).
    if (status === 415 && request.isMultipart()) throw new AppError(415, d.certificateType);
    throw error;
  }
}
