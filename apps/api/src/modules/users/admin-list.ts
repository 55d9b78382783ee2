import type { Role } from '@portal/contract/common';
import type { USER_SORTS } from '@portal/contract/paging';
import type { Db } from '../../db/index';
import { allOf, anyOf, type Condition, contains, countWhere, eq } from '../admin-lists/conditions';
import { usersWithNave } from './repository';

export interface AdminUsersFilter {
  q?: string;
  role?: Role;
}

export const isFiltered = (f: AdminUsersFilter) => Boolean(f.q || f.role);

function conditions(f: AdminUsersFilter): Condition[] {
  const c: Condition[] = [];
  if (f.q) c.push(anyOf([contains('users.name', f.q), contains('users.worker_id', f.q)]));
  if (f.role) c.push(eq('users.role', f.role));
  return c;
}

/** One page of users (users_name_idx, the worker_id unique index, users_created_idx give the orders). */
export function pageUsers(
  db: Db,
  f: AdminUsersFilter,
  sort: (typeof USER_SORTS)[number],
  dir: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  let q = usersWithNave(db)
    .select(['users.id', 'users.worker_id', 'users.name', 'users.role', 'naves.name as nave', 'users.created_at'])
    .where(allOf(conditions(f)));
  if (sort === 'worker_id') q = q.orderBy('users.worker_id', dir);
  else if (sort === 'created') q = q.orderBy('users.created_at', dir);
  else q = q.orderBy('users.name', dir);
  return q.orderBy('users.id', dir).limit(limit).offset(offset).execute();
}

export async function countUsers(db: Db, f: AdminUsersFilter): Promise<number> {
  return countWhere(db, 'users', conditions(f));
}
