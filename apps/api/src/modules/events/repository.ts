import type { Db } from '../../db/index';

/** What a stream re-checks on each heartbeat: the account still exists, its sessions still hold, its role. */
export const findSessionUser = (db: Db, id: number) =>
  db.selectFrom('users').select(['id', 'role', 'token_version']).where('id', '=', id).executeTakeFirst();

/** The counters and station of a post, for a comment event rebuilt from the database. */
export const findPostCounters = (db: Db, id: number) =>
  db.selectFrom('wall_posts').select(['id', 'arco_sumergido_id', 'comment_count']).where('id', '=', id).executeTakeFirst();
