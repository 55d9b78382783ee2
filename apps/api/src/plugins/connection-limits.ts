import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { messages } from '@portal/contract/common';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { LogSummary } from '../lib/log-summary';

/** The requests the reserved connections are kept for: a balancer's health check and signing in. */
const RESERVED_PATHS = new Set(['/api/health', '/api/auth/login', '/api/admin/login']);

export interface ConnectionLimitOptions {
  maxConnections: number;
  limits: Config['connections'];
  /** Behind a proxy every socket is the proxy's: the per-address caps are left to it. */
  trustProxy: boolean;
}

interface AddressEntry {
  open: number;
  /** Sockets that have not finished their first request head, oldest first. */
  pending: Set<Socket>;
}

/**
 * Connection fairness (docs/decisions/028-connection-fairness.md), counted on the server's sockets
 * before any request is parsed:
 * - an address holds at most `perAddress` connections; one more is closed at once;
 * - at most `pendingHeadsPerAddress` of them may still be sending their first head; a new one beyond
 *   that closes the address's oldest such connection, so a flood of half-sent requests churns its own
 *   connections while a complete request from the same address still gets through;
 * - `maxConnections` in all (Node's own cap would refuse a health check like any other socket): when
 *   full, the oldest half-sent connection anywhere makes room, else the new one is closed; and past
 *   `maxConnections - reserved`, only /api/health and the logins are served, anything else gets 503
 *   and its connection closed, so the last connections are always there for those.
 */
export default fp(
  async function connectionLimits(app: FastifyInstance, { maxConnections, limits, trustProxy }: ConnectionLimitOptions) {
    const server: Server = app.server;
    const perAddress = trustProxy ? 0 : limits.perAddress;
    const pendingPerAddress = trustProxy ? 0 : limits.pendingHeadsPerAddress;
    const open = new Set<Socket>();
    /** Every socket without a finished first head, oldest first. */
    const pending = new Set<Socket>();
    const byAddress = new Map<string, AddressEntry>();
    const refused = new LogSummary(app.log, 'connections closed by the connection limits (decision 028)');
    app.addHook('onClose', async () => refused.close());

    const settle = (socket: Socket, entry: AddressEntry) => {
      pending.delete(socket);
      entry.pending.delete(socket);
    };

    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? '';
      if (open.size >= maxConnections) {
        const oldest = pending.values().next().value;
        if (oldest) {
          refused.count('oldest-half-sent');
          oldest.destroy();
        } else {
          refused.count('server-full');
          socket.destroy();
          return;
        }
      }
      let entry = byAddress.get(address);
      if (entry && perAddress > 0 && entry.open >= perAddress) {
        refused.count('per-address');
        socket.destroy();
        return;
      }
      if (!entry) {
        entry = { open: 0, pending: new Set() };
        byAddress.set(address, entry);
      }
      const own = entry;
      own.open++;
      open.add(socket);
      pending.add(socket);
      own.pending.add(socket);
      if (pendingPerAddress > 0 && own.pending.size > pendingPerAddress) {
        const oldest = own.pending.values().next().value;
        if (oldest) {
          refused.count('half-sent-per-address');
          settle(oldest, own);
          oldest.destroy();
        }
      }
      socket.once('close', () => {
        open.delete(socket);
        settle(socket, own);
        if (--own.open === 0) byAddress.delete(address);
      });
    });

    // The head is complete once Node emits the request (before Fastify routes it).
    server.prependListener('request', (request) => {
      const socket = request.socket;
      const entry = byAddress.get(socket.remoteAddress ?? '');
      if (entry) settle(socket, entry);
      else pending.delete(socket);
    });

    const busyAbove = maxConnections - limits.reserved;
    app.addHook('onRequest', (request, reply, done) => {
      if (open.size <= busyAbove || RESERVED_PATHS.has(request.url.split('?')[0])) return done();
      refused.count('reserved-for-health-and-login');
      reply.header('Connection', 'close').header('Retry-After', '5').status(503).send({ message: messages.serverBusy });
    });
  },
  { name: 'connection-limits' },
);
