import { messages } from '@portal/contract/common';
import type { EventType } from '@portal/contract/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../context';
import { isDatabaseUnavailable } from '../../db/outage';
import type { AuthUser } from '../../lib/auth-user';
import { unauthorized } from '../../lib/errors';
import type { BusEvent } from '../../lib/event-bus';
import { nowIso } from '../../lib/time';
import { mayReceive, sessionHolds, type Viewer } from './service';
import { admitStream } from './stream-cap';

/** A client that reads this far behind is dropped; it reconnects and refetches. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const frame = (type: EventType, data: unknown) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * One server-sent event stream, written on the raw response. The caller was authenticated by the
 * route's policy; it ends at once when the users service publishes `session.ended` for its user
 * (deleted, password changed, demoted), the session is checked again on every heartbeat (a change
 * that bypassed the services takes effect there) and its expiry on every event.
 */
export function openStream(ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply, user: AuthUser, token: string): void {
  const claims = ctx.tokens.verify(token);
  // The policy accepted the token a moment ago: it can only have expired in between.
  if (!claims) throw unauthorized(messages.invalidToken);
  const viewer: Viewer = { id: user.id, role: user.role, arco: user.arco_sumergido_id };
  const expiresAt = claims.exp * 1000;
  const res = reply.raw;

  reply.hijack();
  res.writeHead(200, {
    // Security and CORS headers other hooks have set on the reply.
    ...(reply.getHeaders() as Record<string, string>),
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    'X-Accel-Buffering': 'no',
    Connection: 'keep-alive',
  });

  let open = true;
  let checking = false;
  const close = () => {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    unsubscribe();
    release();
    res.end();
  };
  const write = (text: string) => {
    if (!open) return;
    if (res.writableLength > MAX_BUFFERED_BYTES) return close();
    res.write(text);
  };

  const unsubscribe = ctx.events.subscribe({
    deliver: (event: BusEvent) => {
      if (event.type === 'session.ended') {
        if ('user' in event.audience && event.audience.user === viewer.id) close();
        return;
      }
      if (Date.now() >= expiresAt) return close();
      if (mayReceive(viewer, event.audience)) write(frame(event.type, event.payload));
    },
    reset: close,
  });

  // One account holds at most ctx.limits.streamsPerUser streams here; its oldest one beyond it goes,
  // connection and all (a stream ended with its socket kept alive would still hold the socket).
  const release = admitStream(ctx.events, viewer.id, ctx.limits.streamsPerUser, () => {
    close();
    res.socket?.destroySoon();
  });

  const heartbeat = setInterval(async () => {
    if (checking) return;
    checking = true;
    try {
      if (!(await sessionHolds(ctx, viewer, claims))) return close();
      write(': heartbeat\n\n');
    } catch (error) {
      // The database away (restarting, failing over): the stream stays open until it can check again.
      if (isDatabaseUnavailable(error)) write(': heartbeat\n\n');
      else request.log.warn({ err: error }, 'event stream session check failed');
    } finally {
      checking = false;
    }
  }, ctx.events.settings.heartbeatMs);

  res.on('close', close);
  res.on('error', close);
  write(frame('ready', { at: nowIso() }));
}
