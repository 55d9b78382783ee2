import { naveMessages } from '@portal/contract/naves';
import type { ServiceContext } from '../../context';
import { conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './repository';

// Reads other modules make of this module's tables (docs/decisions/024-one-owner-per-table.md).
export { findNaveByName } from './repository';

/** Sites are public: the login screen lists them. */
export const listNaves = (ctx: ServiceContext) => repo.listNaves(ctx.db);

/** Sites with how many stations each has (the admin area). */
export const listNavesWithCounts = (ctx: ServiceContext) => repo.listNavesWithCounts(ctx.db);

export async function createNave(ctx: ServiceContext, name: string) {
  try {
    const row = await repo.insertNave(ctx.db, name, nowIso());
    return { ...row, arcos_count: 0 };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(naveMessages.duplicate);
    throw error;
  }
}

export async function updateNave(ctx: ServiceContext, id: number, name: string) {
  try {
    const row = await repo.renameNave(ctx.db, id, name);
    if (!row) throw notFound(naveMessages.notFound);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(naveMessages.duplicate);
    throw error;
  }
}

/** A nave with stations or circulares is kept (409): nothing cascades away. */
export async function deleteNave(ctx: ServiceContext, id: number) {
  await ctx.db.transaction().execute(async (trx) => {
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
