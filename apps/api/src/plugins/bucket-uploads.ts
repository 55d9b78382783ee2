import type { FastifyInstance } from 'fastify';
import { UPLOADS_PREFIX } from '../lib/images';
import { IMMUTABLE_CACHE, type ObjectStore, S3Store } from '../lib/storage';

/** The names the image store generates; anything else under /uploads/ is not there. */
const NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:_thumb)?\.webp$/;

/**
 * `GET /uploads/<name>` from an S3 bucket (docs/decisions/068-object-storage.md): the object is
 * streamed through the server, so the bucket stays private, and answered as the folder's files are
 * (the same public access by unguessable name, cached for a year as immutable, nosniff). A store that
 * cannot be reached answers the Spanish 503 of StoreUnavailableError.
 *
 * With presigned reads on (STORAGE_PRESIGNED_SECONDS, decision 082), the same checks come first (a
 * generated name, an object that is there, the store reachable) and the answer is a 302 to a URL of
 * the bucket valid that long, whose answer carries the year's immutable cache; the redirect itself is
 * cached privately for less than the URL lives, so no browser follows an expired one.
 */
export default async function bucketUploads(app: FastifyInstance, { store }: { store: ObjectStore }) {
  const presignSeconds = store instanceof S3Store ? (store.settings.presignSeconds ?? 0) : 0;
  app.get<{ Params: { name: string } }>('/uploads/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    const key = `${UPLOADS_PREFIX}/${name}`;
    if (presignSeconds && store instanceof S3Store) {
      if (!NAME.test(name) || !(await store.head(key))) return reply.callNotFound();
      return reply
        .header('Cache-Control', `private, max-age=${presignSeconds - 20}`)
        .header('X-Content-Type-Options', 'nosniff')
        .redirect(await store.presignGet(key), 302);
    }
    const found = NAME.test(name) ? await store.get(key) : null;
    // Answered as the folder answers a missing file: the app's 404.
    if (!found) return reply.callNotFound();
    const etag = found.etag ?? `"${found.size.toString(16)}-${found.lastModified.getTime().toString(16)}"`;
    reply
      .header('Cache-Control', IMMUTABLE_CACHE)
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
