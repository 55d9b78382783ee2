import { z } from 'zod';
import type { AndonCalledEvent, AndonChangedEvent, AndonRolesChangedEvent } from './andon';
import type { HandoverChangedEvent } from './handovers';
import { parada } from './paradas';
import type { deviationEvent, liveWeldEvent } from './telemetry';
import { wallComment, wallPost } from './wall';

/**
 * The live event stream (GET /api/events, server-sent events, token in the Authorization header).
 * Each SSE message has `event: <type>` and `data: <JSON of the payload>`; the server sends a comment
 * line as a heartbeat every 25 s and an `event: ready` first. Authorization matches the reads: wall
 * events reach only callers allowed to read that station's wall (workers: their token's station;
 * admins: all); stop events reach admins (the plant board) and the stop's own user.
 */
export const EVENT_TYPES = [
  'ready',
  'post.created',
  'post.updated',
  'post.deleted',
  'comment.created',
  'comment.deleted',
  'like.changed',
  'parada.started',
  'parada.ended',
  'parada.changed',
  'machine.report',
  'andon.called',
  'andon.changed',
  'andon.roles',
  'handover.changed',
  'weld.live',
  'weld.deviation',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A post as seen by nobody in particular: is_liked_by_current_user is false; clients keep their own flag. */
export const postCreatedEvent = z.object({ post: wallPost });
export const postUpdatedEvent = z.object({ post: wallPost });
export const postDeletedEvent = z.object({ id: z.number(), arco_sumergido_id: z.number().nullable(), wall_name: z.string() });
export const commentCreatedEvent = z.object({ comment: wallComment, comment_count: z.number(), arco_sumergido_id: z.number().nullable() });
export const commentDeletedEvent = z.object({
  id: z.number(),
  post_id: z.number(),
  comment_count: z.number(),
  arco_sumergido_id: z.number().nullable(),
});
export const likeChangedEvent = z.object({ post_id: z.number(), like_count: z.number(), arco_sumergido_id: z.number().nullable() });
/** A stop started, ended, or edited/deleted (`parada.changed` carries the id; refetch). */
export const paradaStartedEvent = z.object({ parada });
export const paradaEndedEvent = z.object({ parada });
export const paradaChangedEvent = z.object({ id: z.number(), arco_sumergido_id: z.number() });
/**
 * A bound arco's machine reported (administrators only: the plant board's 'Último informe'). Throttled
 * per arco and instance (docs/decisions/035-device-set-up-and-live-reports.md): not every report sends one.
 */
export const machineReportEvent = z.object({ arco_sumergido_id: z.number(), last_report_at: z.string() });

export interface EventPayloads {
  ready: { at: string };
  'post.created': z.infer<typeof postCreatedEvent>;
  'post.updated': z.infer<typeof postUpdatedEvent>;
  'post.deleted': z.infer<typeof postDeletedEvent>;
  'comment.created': z.infer<typeof commentCreatedEvent>;
  'comment.deleted': z.infer<typeof commentDeletedEvent>;
  'like.changed': z.infer<typeof likeChangedEvent>;
  'parada.started': z.infer<typeof paradaStartedEvent>;
  'parada.ended': z.infer<typeof paradaEndedEvent>;
  'parada.changed': z.infer<typeof paradaChangedEvent>;
  'machine.report': z.infer<typeof machineReportEvent>;
  'andon.called': AndonCalledEvent;
  'andon.changed': AndonChangedEvent;
  /** A user's Supervisor/Mantenimiento naves changed (that user only): their screens follow without a reload. */
  'andon.roles': AndonRolesChangedEvent;
  /** A handover of the arco was written, edited or confirmed (everyone at the arco): refetch the arco's handovers. */
  'handover.changed': HandoverChangedEvent;
  /** An arco's latest weld parameters (everyone at the arco and administrators), at most once a second per arco and instance. */
  'weld.live': z.infer<typeof liveWeldEvent>;
  /** A circular went out of its procedure (the Calidad of its nave, everyone at the arco, administrators). */
  'weld.deviation': z.infer<typeof deviationEvent>;
}
