import type { EventPayloads } from '@portal/contract/events';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import type { Audience, PublishedType } from '../../lib/event-bus';
import type { VerifiedClaims } from '../../lib/tokens';
import { findParada } from '../paradas/service';
import { findLiveTerminal } from '../terminals/service';
import { findSessionUser } from '../users/service';
import { findCommentView, findPostCounters, findPostView } from '../wall/service';

/**
 * Who holds an open stream: their role may change while it is open, their station may not. A
 * station terminal's own stream has the negative of its id (no user has it) and role user; a stream
 * opened through a terminal, by the device or a worker's session there, names the terminal.
 */
export interface Viewer {
  id: number;
  role: AuthUser['role'];
  arco: number | null;
  terminal: number | null;
}

/**
 * The same rules as the reads: a station's wall for the workers signed in there, a user's events for
 * that user, a stop for its owner and everyone signed in at its arco.
 */
export function mayReceive(viewer: Viewer, audience: Audience): boolean {
  if (viewer.role === 'admin') return true;
  const atArco = 'arco' in audience && audience.arco !== null && audience.arco === viewer.arco;
  return atArco || ('user' in audience && audience.user !== null && audience.user === viewer.id);
}

/**
 * Whether a stream's session still holds (the account exists, no password change since the token,
 * not expired); its current role is taken on. Checked on every heartbeat.
 */
export async function sessionHolds(ctx: ServiceContext, viewer: Viewer, claims: VerifiedClaims): Promise<boolean> {
  const row = await findSessionUser(ctx.db, viewer.id);
  if (!row || row.token_version !== claims.tv || Date.now() >= claims.exp * 1000) return false;
  if (!(await terminalHolds(ctx, viewer))) return false;
  // A terminal session keeps role user (docs/decisions/036-station-terminal.md).
  if (viewer.terminal === null) viewer.role = row.role;
  return true;
}

/** Whether the terminal a stream was opened through (if any) is still enrolled. */
export async function terminalHolds(ctx: ServiceContext, viewer: Viewer): Promise<boolean> {
  return viewer.terminal === null || (await findLiveTerminal(ctx.db, viewer.terminal)) !== undefined;
}

/** No user has id 0, so a post read "as" it is liked by nobody, as events require. */
const NOBODY = 0;

/**
 * Rebuilds the payload of an event that was too large for NOTIFY from its record's id. Undefined when
 * the record is gone by now (the event that removed it follows).
 */
export async function reloadPayload(
  ctx: ServiceContext,
  type: PublishedType,
  id: number,
): Promise<EventPayloads[PublishedType] | undefined> {
  switch (type) {
    case 'post.created':
    case 'post.updated': {
      const post = await findPostView(ctx.db, NOBODY, id);
      return post && { post: { ...post, is_liked_by_current_user: false } };
    }
    case 'comment.created': {
      const comment = await findCommentView(ctx.db, id);
      const post = comment && (await findPostCounters(ctx.db, comment.post_id));
      return post && { comment, comment_count: Number(post.comment_count), arco_sumergido_id: post.arco_sumergido_id };
    }
    case 'parada.started':
    case 'parada.ended': {
      const parada = await findParada(ctx.db, id);
      return parada && { parada };
    }
    default:
      return undefined;
  }
}
