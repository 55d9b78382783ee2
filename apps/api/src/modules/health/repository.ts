import { sql } from 'kysely';
import type { Db } from '../../db/index';

/** The cheapest round trip: fails when the database cannot answer. */
export const ping = (db: Db) => sql`select 1`.execute(db);
