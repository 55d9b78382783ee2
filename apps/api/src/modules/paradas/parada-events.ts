import type { MachineAuditAction } from '@portal/contract/audit';
import type { Parada } from '@portal/contract/paradas';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/index';
import type { AuthUser } from '../../lib/auth-user';
import { recordAudit } from '../audit/service';
import * as repo from './repository';

// What every write of a parada leaves behind, whoever made it (a worker, an admin, the machine): its
// audit row, in the write's transaction, and its event once that transaction committed.

/** The fields of a stop its audit rows compare. */
const audited = (p: Partial<repo.NewParada>) => ({
  user_id: p.user_id,
  arco_sumergido_id: p.arco_sumergido_id,
  date: p.date,
  start_time: p.start_time,
  end_time: p.end_time,
  duration_minutes: p.duration_minutes,
  // The history shows a stop under a minute in seconds (docs/decisions/034-history-in-spanish.md).
  duration_seconds: p.end_time && p.start_time ? Math.round((Date.parse(p.end_time) - Date.parse(p.start_time)) / 1000) : null,
  description: p.description,
  motivo_id: p.motivo_id,
  ended_by: p.ended_by,
});
export const auditParada = (
  db: Db,
  /** Null for the arco's machine signal (its actions say so: docs/decisions/047-machine-acts-in-the-history.md). */
  user: AuthUser | null,
  id: number,
  action: 'create' | 'update' | 'delete' | MachineAuditAction,
  before: object | null,
  after: object | null,
) =>
  recordAudit(db, {
    actor: user,
    entity: 'parada',
    entityId: id,
    action,
    before: before && audited(before),
    after: after && audited(after),
  });

type ParadaEvent = 'parada.started' | 'parada.ended' | 'parada.changed';

/**
 * Publishes an event about a parada once its transaction has committed, whoever wrote it (its owner,
 * a colleague, an admin, the machine): it reaches the parada's owner, everyone signed in at its arco
 * and administrators (docs/decisions/024-one-owner-per-table.md). Given an id, the parada is read
 * first (nothing is published when it is gone); a deleted one is passed as it was. Answers the parada.
 */
export async function publishParada(ctx: ServiceContext, type: ParadaEvent, paradaOrId: Parada | number): Promise<Parada | undefined> {
  const parada = typeof paradaOrId === 'number' ? await repo.findParada(ctx.db, paradaOrId) : paradaOrId;
  if (!parada) return undefined;
  const audience = { user: parada.user_id, arco: parada.arco_sumergido_id };
  if (type === 'parada.changed') {
    await ctx.events.publish(type, { id: parada.id, arco_sumergido_id: parada.arco_sumergido_id }, audience);
  } else {
    await ctx.events.publish(type, { parada }, audience);
  }
  return parada;
}
