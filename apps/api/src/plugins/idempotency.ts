import { setTimeout as sleep } from 'node:timers/promises';
import { IDEMPOTENCY_HEADER, idempotencyKeyPattern, offlineMessages } from '@portal/contract/offline-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceContext } from '../context';
import { isDiskFull } from '../lib/disk-space';
import { AppError, badRequest, conflict } from '../lib/errors';
import { requestFingerprint } from '../lib/fingerprint';
import { capKeys, claimKey, completeKey, findKey, pruneKeys, releaseKey } from '../lib/idempotency';
import { formParts } from './uploads';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an `Idempotency-Key` header: a repeated key gets the first answer (decision 016). */
    idempotent?: boolean;
  }
}

/** How long a repeat waits for the first request of its key to answer before giving up with 409. */
const WAIT_MS = 10_000;
const POLL_MS = 25;
/** A claim still unanswered after this long belongs to a request that died: a repeat may take it over. */
const ABANDONED_MS = 60_000;

interface Claim {
  userId: number;
  key: string;
}
const claims = new WeakMap<FastifyRequest, Claim>();

/**
 * `Idempotency-Key` (IETF draft "The Idempotency-Key HTTP Header Field") on the routes that declare
 * `config: { idempotent: true }`: the writes a phone queues offline and may send again after a lost
 * answer. Without the header a route runs as before. The key is claimed in the database before the
 * handler runs (lib/idempotency.ts); the answer, error or not, is stored with it, except a 5xx, which
 * frees the key for another try. A repeat gets the stored answer with `Idempotent-Replayed: true`; a
 * repeat while the first is still running waits for its answer.
 */
export default fp(
  async function idempotency(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
    const prune = setInterval(() => void pruneKeys(ctx.db).catch(() => {}), 10 * 60_000);
    prune.unref();
    app.addHook('onClose', async () => clearInterval(prune));

    app.addHook('preHandler', async (request, reply) => {
      if (!request.routeOptions.config?.idempotent) return;
      const header = request.headers[IDEMPOTENCY_HEADER];
      if (header === undefined || !request.user) return;
      if (typeof header !== 'string' || !idempotencyKeyPattern.test(header)) throw badRequest(offlineMessages.keyInvalid);
      const userId = request.user.id;
      const print = requestFingerprint(request, request.isMultipart() ? await formParts(request) : null);
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        if (await claimKey(ctx.db, userId, header, print, new Date().toISOString())) {
          claims.set(request, { userId, key: header });
          await capKeys(ctx.db, userId, ctx.limits.idempotencyKeysPerUser);
          return;
        }
        const row = await findKey(ctx.db, userId, header);
        if (!row) continue; // freed between the two statements: claim again
        if (row.fingerprint !== print) throw new AppError(422, offlineMessages.keyReused);
        if (row.status_code !== null && row.body !== null) {
          return reply
            .status(row.status_code)
            .header('content-type', 'application/json; charset=utf-8')
            .header('idempotent-replayed', 'true')
            .send(row.body);
        }
        if (Date.now() - Date.parse(row.created_at) > ABANDONED_MS) {
          await releaseKey(ctx.db, userId, header, row.created_at);
          continue;
        }
        if (Date.now() > deadline) throw conflict(offlineMessages.keyInProgress);
        await sleep(POLL_MS);
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const claim = claims.get(request);
      if (!claim) return payload;
      claims.delete(request);
      try {
        if (reply.statusCode >= 500 || typeof payload !== 'string') await releaseKey(ctx.db, claim.userId, claim.key);
        else await completeKey(ctx.db, claim.userId, claim.key, reply.statusCode, payload);
      } catch (error) {
        // The write itself committed (a full disk refused only its stored answer): its answer still goes out.
        if (!isDiskFull(error)) throw error;
        request.log.error({ code: (error as { code?: string }).code }, 'idempotent answer not stored: the disk is full');
      }
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['auth'] },
);
