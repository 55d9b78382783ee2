import { messages } from '@portal/contract/common';
import type { EventType } from '@portal/contract/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app';
import { unauthorized } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import type { Audience, BusEvent } from '../../plugins/events';
import { findSessionUser } from './repository';

/** A client that reads this far behind is dropped; it reconnects and refetches. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

interface Viewer {
  id: number;
  role: AuthUser['role'];
  station: number | null;
}

/** The same rules as the reads: a station's wall for the workers signed in there, a stop for its owner. */
export function mayReceive(viewer: Viewer, audience: Audience): boolean {
  if (viewer.role === 'admin') return true;
  if ('station' in audience) return audience.station !== null && audience.station === viewer.station;
  return audience.user !== null && audience.user === viewer.id;
}

const frame = (type: EventType, data: unknown) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * One server-sent event stream. The caller was authenticated by the route's policy; the session is
 * checked again on every heartbeat (a deleted user, a changed password or a demotion takes effect
 * there) and its expiry on every event.
 */
export function openStream(app: App, request: FastifyRequest, reply: FastifyReply, user: AuthUser, token: string): void {
  const claims = app.tokens.verify(token);
  // The policy accepted the token a moment ago: it can only have expired in between.
  if (!claims) throw unauthorized(messages.invalidToken);
  const viewer: Viewer = { id: user.id, role: user.role, station: user.arco_sumergido_id };
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
    res.end();
  };
  const write = (text: string) => {
    if (!open) return;
    if (res.writableLength > MAX_BUFFERED_BYTES) return close();
    res.write(text);
  };

  const unsubscribe = app.events.subscribe({
    deliver: (event: BusEvent) => {
      if (Date.now() >= expiresAt) return close();
      if (mayReceive(viewer, event.audience)) write(frame(event.type, event.payload));
    },
    reset: close,
  });

  const heartbeat = setInterval(async () => {
    if (checking) return;
    checking = true;
    try {
      const row = await findSessionUser(app.db, viewer.id);
      if (!row || row.token_version !== claims.tv || Date.now() >= expiresAt) return close();
      viewer.role = row.role;
      write(': heartbeat\n\n');
    } catch (error) {
      request.log.warn({ err: error }, 'event stream session check failed');
    } finally {
      checking = false;
    }
  }, app.events.settings.heartbeatMs);

  res.on('close', close);
  res.on('error', close);
  write(frame('ready', { at: nowIso() }));
}
