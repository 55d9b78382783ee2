import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEntity,
  type AuditEntry,
  type AuditPage,
  type auditQuery,
} from '@portal/contract/audit';
import { addDays, startOfFactoryDay } from '@portal/contract/time';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/index';
import type { AuthUser } from '../../lib/auth-user';
import { nowIso } from '../../lib/time';
import * as repo from './repository';

type Row = Record<string, unknown>;

/** Never recorded: secrets, bookkeeping, and what the display joins in (names of ids already kept). */
const IGNORED = new Set(['password', 'password_hash', 'token_version', 'created_at', 'updated_at', 'id']);

/** The fields whose values differ between two versions of a record (a create has no before, a delete no after). */
export function changedFields(before: Row | null, after: Row | null): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    if (IGNORED.has(key)) continue;
    const b = before?.[key] ?? null;
    const a = after?.[key] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) changes[key] = { before: b, after: a };
  }
  return changes;
}

export interface AuditRecord {
  /** Who did it; through a station terminal's session, the row also names the terminal. */
  actor: Pick<AuthUser, 'id' | 'name' | 'terminal'> | null;
  entity: AuditEntity;
  entityId: number;
  action: AuditAction;
  before?: Row | null;
  after?: Row | null;
  /** Fields to record without their values (a password reset): before and after are shown as null. */
  touched?: string[];
}

/**
 * Writes one audit row inside the caller's transaction (`db`), so a write and its audit commit or roll
 * back together. An edit that changed nothing leaves no row.
 */
export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  const changes = changedFields(record.before ?? null, record.after ?? null);
  for (const field of record.touched ?? []) changes[field] = { before: null, after: null };
  if (record.action === 'update' && Object.keys(changes).length === 0) return;
  await repo.insertAudit(db, {
    at: nowIso(),
    actor_id: record.actor?.id ?? null,
    actor_name: record.actor?.name ?? null,
    entity: record.entity,
    entity_id: record.entityId,
    action: record.action,
    changes: JSON.stringify(changes),
    terminal_id: record.actor?.terminal?.id ?? null,
    terminal_name: record.actor?.terminal?.name ?? null,
  });
}

export async function listAudit(ctx: ServiceContext, query: z.output<typeof auditQuery>): Promise<AuditPage> {
  const filter: repo.AuditFilter = {
    entity: query.entity,
    entityId: query.entity_id,
    actorId: query.actor_id,
    action: query.action,
    from: query.startDate ? startOfFactoryDay(query.startDate, ctx.tz) : undefined,
    to: query.endDate ? startOfFactoryDay(addDays(query.endDate, 1), ctx.tz) : undefined,
  };
  const page = query.page ?? 1;
  const [rows, total] = await Promise.all([
    repo.listAudit(ctx.db, filter, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE),
    repo.countAudit(ctx.db, filter),
  ]);
  const items = rows.map((r) => ({ ...r, changes: JSON.parse(r.changes) }) as AuditEntry);
  return { items, total, page, pageSize: AUDIT_PAGE_SIZE, users: await userNames(ctx.db, items) };
}

/** Fields whose values are user ids: the page names them (the client has no list of every account). */
const USER_FIELDS = ['user_id', 'ended_by', 'confirmed_by', 'author_id', 'created_by'] as const;

/**
 * The names of the accounts the page refers to by id, in its changes or as the record itself (a user's
 * row: 'Usuario: Ana', not 'Usuario #5'); a deleted account is left out.
 */
async function userNames(db: Db, items: AuditEntry[]): Promise<Record<string, string>> {
  const ids = new Set<number>();
  for (const item of items) if (item.entity === 'user') ids.add(item.entity_id);
  for (const item of items)
    for (const field of USER_FIELDS)
      for (const value of [item.changes[field]?.before, item.changes[field]?.after]) if (typeof value === 'number') ids.add(value);
  if (ids.size === 0) return {};
  const rows = await repo.userNames(db, [...ids]);
  return Object.fromEntries(rows.map((r) => [String(r.id), r.name]));
}
