import { type CreateMotivoBody, type Motivo, motivoMessages, type UpdateMotivoBody } from '@portal/contract/motivos';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/index';
import type { AuthUser } from '../../lib/auth-user';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { recordAudit } from '../audit/service';
import * as repo from './repository';

export const listMotivos = (ctx: ServiceContext): Promise<Motivo[]> => repo.listMotivos(ctx.db);
/** The same inside a caller's transaction (a handover's figures: modules/handovers). */
export const listMotivosOf = (db: Db): Promise<Motivo[]> => repo.listMotivos(db);

function mapWriteError(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(motivoMessages.nameTaken);
  throw error;
}

/** The fields of a motivo its audit rows show. */
const audited = (m: Motivo) => ({ name: m.name, active: m.active, planned: m.planned });

export async function createMotivo(ctx: ServiceContext, actor: AuthUser, body: CreateMotivoBody): Promise<Motivo> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const { id } = await repo.insertMotivo(trx, body.name, body.planned ?? false, nowIso());
      const created = (await repo.findMotivo(trx, id))!;
      await recordAudit(trx, { actor, entity: 'motivo', entityId: id, action: 'create', after: audited(created) });
      return created;
    });
  } catch (error) {
    mapWriteError(error);
  }
}

export async function updateMotivo(ctx: ServiceContext, actor: AuthUser, id: number, body: UpdateMotivoBody): Promise<Motivo> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const before = await repo.findMotivo(trx, id);
      if (!before) throw notFound(motivoMessages.notFound);
      await repo.updateMotivo(trx, id, {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.active === undefined ? {} : { active: body.active ? 1 : 0 }),
        ...(body.planned === undefined ? {} : { planned: body.planned ? 1 : 0 }),
        updated_at: nowIso(),
      });
      const after = (await repo.findMotivo(trx, id))!;
      await recordAudit(trx, { actor, entity: 'motivo', entityId: id, action: 'update', before: audited(before), after: audited(after) });
      return after;
    });
  } catch (error) {
    mapWriteError(error);
  }
}

/**
 * The motivo a stop's write ends with: absent keeps `current` (null for a new stop), null clears it.
 * A retired motivo is refused unless the stop already had it (it stays on old stops).
 */
export async function motivoForStop(db: Db, requested: number | null | undefined, current: number | null): Promise<number | null> {
  if (requested === undefined) return current;
  if (requested === null) return null;
  const found = await repo.findMotivo(db, requested);
  if (!found) throw badRequest(motivoMessages.unknown);
  if (!found.active && requested !== current) throw badRequest(motivoMessages.retired);
  return requested;
}
