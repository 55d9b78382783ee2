import { type Arco, type ArcoBody, arcoMessages } from '@portal/contract/arcos';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/index';
import { badRequest, conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { findNaveByName } from '../naves/service';
import * as repo from './repository';

// Reads other modules make of this module's tables (docs/decisions/024-one-owner-per-table.md).
export { allArcos, findArco } from './repository';

async function naveId(db: Db, name: string): Promise<number> {
  const nave = await findNaveByName(db, name);
  if (!nave) throw badRequest(arcoMessages.naveUnknown);
  return nave.id;
}

/** A station as the API answers it. */
async function arcoById(db: Db, id: number): Promise<Arco> {
  const found = await repo.findArco(db, id);
  if (!found) throw notFound(arcoMessages.notFound);
  return { id: found.id, name: found.name, nave: found.nave };
}

/** The stations of a nave (by name), or every station. */
export const listArcos = (ctx: ServiceContext, naveName?: string) => repo.listArcos(ctx.db, naveName);

export async function createArco(ctx: ServiceContext, body: ArcoBody): Promise<Arco> {
  try {
    const { id } = await repo.insertArco(ctx.db, body.name, await naveId(ctx.db, body.nave), nowIso());
    return await arcoById(ctx.db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(arcoMessages.duplicate);
    throw error;
  }
}

/**
 * Renaming is always allowed; moving a station to another nave is refused while it has records,
 * so that circulares keep the nave they were registered in consistent with their station.
 */
export async function updateArco(ctx: ServiceContext, id: number, body: ArcoBody): Promise<Arco> {
  const current = await arcoById(ctx.db, id);
  const target = await naveId(ctx.db, body.nave);
  if (body.nave !== current.nave && (await repo.arcoInUse(ctx.db, id))) {
    throw conflict(arcoMessages.moveInUse);
  }
  try {
    await repo.updateArco(ctx.db, id, body.name, target);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(arcoMessages.duplicate);
    throw error;
  }
  const updated = await arcoById(ctx.db, id);
  // The station's name shows on cached wall pages.
  await ctx.events.invalidateCaches();
  return updated;
}

/** A station with records is kept (409): nothing cascades away. */
export async function deleteArco(ctx: ServiceContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await arcoById(trx, id);
    if (await repo.arcoInUse(trx, id)) throw conflict(arcoMessages.inUse);
    try {
      await repo.deleteArco(trx, id);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw conflict(arcoMessages.inUse);
      throw error;
    }
  });
}
