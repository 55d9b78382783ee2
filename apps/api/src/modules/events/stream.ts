import { messages } from '@portal/contract/common';
import type { EventType } from '@portal/contract/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../context';
import { isDatabaseUnavailable } from '../../db/outage';
import type { AuthUser } from '../../lib/auth-user';
import { unauthorized } from '../../lib/errors';
import type { BusEvent } from '../../lib/event-bus';
import { nowIso } from '../../lib/time';
import type { TerminalCaller } from '../../plugins/auth';
import { mayReceive, sessionHolds, terminalHolds, type Viewer } from './service';
import { admitStream } from './stream-cap';

/** A client that reads this far behind is dropped; it reconnects and refetches. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const frame = (type: EventType, data: unknown) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

/** A stream's holder, when it expires (ms; Infinity: never), and how its session is checked again. */
export interface StreamSession {
  viewer: Viewer;
  expiresAt: number;
  holds: () => Promise<boolean>;
}

/** The stream session of a signed-in user (a phone's, or a worker's at a station terminal). */
export function userSession(ctx: ServiceContext, user: AuthUser, token: string): StreamSession {
  const claims = ctx.tokens.verify(token);
  // The policy accepted the token a moment ago: it can only have expired in between.
  if (!claims) throw unauthorized(messages.invalidToken);
  const viewer: Viewer = { id: user.id, role: user.role, arco: user.arco_sumergido_id, terminal: user.terminal?.id ?? null };
  return { viewer, expiresAt: claims.exp * 1000, holds: () => sessionHolds(ctx, viewer, claims) };
}

/**
 * The stream session of a station terminal itself: its arco's audience, no user
 * (docs/decisions/036-station-terminal.md); it holds while the terminal is enrolled.
 */
export function terminalSession(ctx: ServiceContext, terminal: TerminalCaller): StreamSession {
  const viewer: Viewer = { id: -terminal.id, role: 'user', arco: terminal.arco_sumergido_id, terminal: terminal.id };
  return { viewer, expiresAt: Number.POSITIVE_INFINITY, holds: () => terminalHolds(ctx, viewer) };
}

/**
 * One server-sent event stream, written on the raw response. The caller was authenticated by the
 * route's policy; it ends at once when the users service publishes `session.ended` for its user
 * (deleted, password changed, demoted) or the terminals service `terminal.revoked` for the terminal
 * it was opened through, the session is checked again on every heartbeat (a change that bypassed the
 * services takes effect there) and its expiry on every event.
 */
export function openStream(ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply, session: StreamSession): void {
  const { viewer, expiresAt } = session;
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
      if (event.type === 'terminal.revoked') {
        if (event.payload.terminal_id === viewer.terminal) close();
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
      if (!(await session.holds())) return close();
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
