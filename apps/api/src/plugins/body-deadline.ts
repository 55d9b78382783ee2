import { messages } from '@portal/contract/common';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface BodyDeadlineOptions {
  /** Time any body gets on top of what its length needs. */
  graceMs: number;
  /** The slowest upload rate still served: a body gets its length at this rate, plus the grace. */
  minBytesPerSecond: number;
  /** The length assumed for a chunked body, which declares none: the largest the app accepts. */
  maxBodyBytes: number;
}

/**
 * A deadline for receiving each request body, proportional to its declared length. Node's own
 * requestTimeout is one figure for every request, so it must be long enough for a 10 MB photo from a
 * phone on a weak uplink, which would let a 5 KB login body trickled a byte at a time hold its
 * connection just as long. Requests without a body (the live event stream included) get no deadline:
 * once a request has arrived, a response may take as long as it needs.
 */
export default fp(
  async function bodyDeadline(app: FastifyInstance, { graceMs, minBytesPerSecond, maxBodyBytes }: BodyDeadlineOptions) {
    app.addHook('onRequest', (request, reply, done) => {
      const raw = request.raw;
      const declared = Number(raw.headers['content-length']);
      const chunked = raw.headers['transfer-encoding'] !== undefined;
      if (raw.complete || (!(declared > 0) && !chunked)) return done();
      const bytes = declared > 0 ? declared : maxBodyBytes;
      const timer = setTimeout(
        () => {
          if (raw.complete || reply.raw.headersSent) return;
          request.log.info({ declared: raw.headers['content-length'] ?? 'chunked' }, 'request body too slow: connection closed');
          // The body parser is still waiting on this stream: the reply is written here and the
          // connection closed, which ends that wait.
          reply.hijack();
          const body = JSON.stringify({ message: messages.requestTimeout });
          reply.raw.writeHead(408, {
            ...(reply.getHeaders() as Record<string, string>),
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Length': Buffer.byteLength(body),
            Connection: 'close',
          });
          reply.raw.end(body, () => raw.socket.destroy());
        },
        graceMs + (bytes / minBytesPerSecond) * 1000,
      );
      raw.once('end', () => clearTimeout(timer));
      reply.raw.once('close', () => clearTimeout(timer));
      done();
    });
  },
  { name: 'body-deadline' },
);
