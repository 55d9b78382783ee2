import { offlineMessages } from '@portal/contract/offline-messages';
import type { ClientTimeLimits } from '../config';
import { badRequest } from './errors';

export interface ClaimedInstant {
  /** The moment the action counts from: the client's claimed time, or the server's now without one. */
  instant: string;
  /** When the server received it. */
  received: string;
}

/**
 * The moment a write happened: a phone that queued it offline sends the tapped time (its clock
 * corrected by the offset it learnt from the server's `Date` header); it is taken if it is neither
 * ahead of the server's clock by more than the skew nor older than the limit (decision 016). Claimed
 * times slightly ahead are clamped to now, so a stop never starts or ends in the future.
 */
export function claimedInstant(limits: ClientTimeLimits, clientTime: string | undefined, now = new Date()): ClaimedInstant {
  const received = now.toISOString();
  if (clientTime === undefined) return { instant: received, received };
  const claimed = Date.parse(clientTime);
  if (claimed > now.getTime() + limits.skewMs) throw badRequest(offlineMessages.clientTimeFuture);
  if (claimed < now.getTime() - limits.maxAgeHours * 3_600_000) throw badRequest(offlineMessages.clientTimeTooOld(limits.maxAgeHours));
  return { instant: new Date(Math.min(claimed, now.getTime())).toISOString(), received };
}
