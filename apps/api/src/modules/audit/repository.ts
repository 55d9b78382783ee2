import type { Insertable } from 'kysely';
import type { Db } from '../../db/index';
import type { AuditLogTable } from '../../db/types';

export interface AuditFilter {
  entity?: string;
  entityId?: number;
  actorId?: number;
  action?: string;
  /** Instants, from inclusive, to exclusive. */
  from?: string;
  to?: string;
}

export const insertAudit = (db: Db, values: Insertable<AuditLogTable>) => db.insertInto('audit_log').values(values).execute();

function filtered(db: Db, f: AuditFilter) {
  let q = db.selectFrom('audit_log');
  if (f.entity !== undefined) q = q.where('entity', '=', f.entity);
  if (f.entityId !== undefined) q = q.where('entity_id', '=', f.entityId);
  if (f.actorId !== undefined) q = q.where('actor_id', '=', f.actorId);
  if (f.action !== undefined) q = q.where('action', '=', f.action);
  if (f.from !== undefined) q = q.where('at', '>=', f.from);
  if (f.to !== undefined) q = q.where('at', '<', f.to);
  return q;
}

/** One page, newest first (id order is commit order within an instance, and ties on `at` stay stable). */
export const listAudit = (db: Db, f: AuditFilter, limit: number, offset: number) =>
  filtered(db, f)
    .select(['id', 'at', 'actor_id', 'actor_name', 'entity', 'entity_id', 'action', 'changes', 'terminal_id', 'terminal_name'])
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export async function countAudit(db: Db, f: AuditFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const userNames = (db: Db, ids: number[]) => db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
