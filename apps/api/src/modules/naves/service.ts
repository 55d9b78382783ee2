import { naveMessages } from '@portal/contract/naves';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { recordAudit } from '../audit/service';
import * as repo from './repository';

// Reads other modules make of this module's tables (docs/decisions/024-one-owner-per-table.md).
export { findNaveByName } from './repository';

/** Sites are public: the login screen lists them. */
export const listNaves = (ctx: ServiceContext) => repo.listNaves(ctx.db);

/** Sites with how many stations each has (the admin area). */
export const listNavesWithCounts = (ctx: ServiceContext) => repo.listNavesWithCounts(ctx.db);

export async function createNave(ctx: ServiceContext, actor: AuthUser, name: string) {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const row = await repo.insertNave(trx, name, nowIso());
      await recordAudit(trx, { actor, entity: 'nave', entityId: row.id, action: 'create', after: { name: row.name } });
      return { ...row, arcos_count: 0 };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(naveMessages.duplicate);
    throw error;
  }
}

export async function updateNave(ctx: ServiceContext, actor: AuthUser, id: number, name: string) {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const before = await repo.findNaveById(trx, id);
      const row = before && (await repo.renameNave(trx, id, name));
      if (!before || !row) throw notFound(naveMessages.notFound);
      await recordAudit(trx, {
        actor,
        entity: 'nave',
        entityId: id,
        action: 'update',
        before: { name: before.name },
        after: { name: row.name },
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(naveMessages.duplicate);
    throw error;
  }
}

/** A nave with stations or circulares is kept (409): nothing cascades away. */
export async function deleteNave(ctx: ServiceContext, actor: AuthUser, id: number) {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findNaveById(trx, id);
    if (!before) throw notFound(naveMessages.notFound);
    if ((await repo.naveUsage(trx, id)) > 0) throw conflict(naveMessages.inUse);
    try {
      await repo.deleteNave(trx, id);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw conflict(naveMessages.inUse);
      throw error;
    }
    await recordAudit(trx, { actor, entity: 'nave', entityId: id, action: 'delete', before: { name: before.name } });
  });
}
