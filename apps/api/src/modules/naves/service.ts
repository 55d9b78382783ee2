import { naveMessages } from '@portal/contract/naves';
import type { Db } from '../../db/index';
import { conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './repository';

export async function createNave(db: Db, name: string) {
  try {
    const row = await repo.insertNave(db, name, nowIso());
    return { ...row, arcos_count: 0 };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(naveMessages.duplicate);
    throw error;
  }
}

export async function updateNave(db: Db, id: number, name: string) {
  try {
    const row = await repo.renameNave(db, id, name);
    if (!row) throw notFound(naveMessages.notFound);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(naveMessages.duplicate);
    throw error;
  }
}

/** A nave with stations or circulares is kept (409): nothing cascades away. */
export async function deleteNave(db: Db, id: number) {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.findNaveById(trx, id))) throw notFound(naveMessages.notFound);
    if ((await repo.naveUsage(trx, id)) > 0) throw conflict(naveMessages.inUse);
    try {
      await repo.deleteNave(trx, id);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw conflict(naveMessages.inUse);
      throw error;
    }
  });
}
