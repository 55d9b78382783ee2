import { type CreateMotivoBody, type Motivo, motivoMessages, type UpdateMotivoBody } from '@portal/contract/motivos';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/index';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './repository';

export const listMotivos = (ctx: ServiceContext): Promise<Motivo[]> => repo.listMotivos(ctx.db);

function mapWriteError(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(motivoMessages.nameTaken);
  throw error;
}

export async function createMotivo(ctx: ServiceContext, body: Required<CreateMotivoBody>): Promise<Motivo> {
  try {
    const { id } = await repo.insertMotivo(ctx.db, body.name, nowIso());
    return (await repo.findMotivo(ctx.db, id))!;
  } catch (error) {
    mapWriteError(error);
  }
}

export async function updateMotivo(ctx: ServiceContext, id: number, body: UpdateMotivoBody): Promise<Motivo> {
  if (!(await repo.findMotivo(ctx.db, id))) throw notFound(motivoMessages.notFound);
  try {
    await repo.updateMotivo(ctx.db, id, {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.active === undefined ? {} : { active: body.active ? 1 : 0 }),
      updated_at: nowIso(),
    });
    return (await repo.findMotivo(ctx.db, id))!;
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
