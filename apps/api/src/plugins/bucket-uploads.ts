import type { FastifyInstance } from 'fastify';
import { UPLOADS_PREFIX } from '../lib/images';
import type { ObjectStore } from '../lib/storage';

/** The names the image store generates; anything else under /uploads/ is not there. */
const NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:_thumb)?\.webp$/;

/**
 * `GET /uploads/<name>` from an S3 bucket (docs/decisions/068-object-storage.md): the object is
 * streamed through the server, so the bucket stays private, and answered as the folder's files are
 * (the same public access by unguessable name, cached for a year as immutable, nosniff). A store that
 * cannot be reached answers the Spanish 503 of StoreUnavailableError.
 */
export default async function bucketUploads(app: FastifyInstance, { store }: { store: ObjectStore }) {
  app.get<{ Params: { name: string } }>('/uploads/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    const found = NAME.test(name) ? await store.get(`${UPLOADS_PREFIX}/${name}`) : null;
    // Answered as the folder answers a missing file: the app's 404.
    if (!found) return reply.callNotFound();
    const etag = found.etag ?? `"${found.size.toString(16)}-${found.lastModified.getTime().toString(16)}"`;
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('ETag', etag)
      .header('Last-Modified', found.lastModified.toUTCString());
    if (request.headers['if-none-match'] === etag) {
      found.body.destroy();
      return reply.status(304).send();
    }
    return reply.type(found.contentType).header('Content-Length', String(found.size)).send(found.body);
  });
}
