import { type ArcoBody, arcoMessages } from '@portal/contract/arcos';
import type { Db } from '../../db/index';
import { badRequest, conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { findNaveByName } from '../naves/repository';
import * as repo from './repository';

async function naveId(db: Db, name: string): Promise<number> {
  const nave = await findNaveByName(db, name);
  if (!nave) throw badRequest(arcoMessages.naveUnknown);
  return nave.id;
}

export async function createArco(db: Db, body: ArcoBody) {
  try {
    const { id } = await repo.insertArco(db, body.name, await naveId(db, body.nave), nowIso());
    return (await repo.findArco(db, id))!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(arcoMessages.duplicate);
    throw error;
  }
}

/**
 * Renaming is always allowed; moving a station to another nave is refused while it has records,
 * so that circulares keep the nave they were registered in consistent with their station.
 */
export async function updateArco(db: Db, id: number, body: ArcoBody) {
  const current = await repo.findArco(db, id);
  if (!current) throw notFound(arcoMessages.notFound);
  const target = await naveId(db, body.nave);
  if (body.nave !== current.nave && (await repo.arcoInUse(db, id))) {
    throw conflict(arcoMessages.moveInUse);
  }
  try {
    await repo.updateArco(db, id, body.name, target);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(arcoMessages.duplicate);
    throw error;
  }
  return (await repo.findArco(db, id))!;
}

/** A station with records is kept (409): nothing cascades away. */
export async function deleteArco(db: Db, id: number) {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.findArco(trx, id))) throw notFound(arcoMessages.notFound);
    if (await repo.arcoInUse(trx, id)) throw conflict(arcoMessages.inUse);
    try {
      await repo.deleteArco(trx, id);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw conflict(arcoMessages.inUse);
      throw error;
    }
  });
}
