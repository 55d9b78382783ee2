import type { Db } from '../../db/index';

export function findUserByWorkerId(db: Db, workerId: string) {
  return db
    .selectFrom('users')
    .leftJoin('naves', 'naves.id', 'users.nave_id')
    .select(['users.id', 'users.worker_id', 'users.name', 'users.role', 'users.password_hash', 'users.token_version', 'naves.name as nave'])
    .where('users.worker_id', '=', workerId)
    .executeTakeFirst();
}

/** The station with its nave, when the station belongs to the nave of that name. */
export function findStationInNave(db: Db, arcoId: number, naveName: string) {
  return db
    .selectFrom('arcos_sumergidos')
    .innerJoin('naves', 'naves.id', 'arcos_sumergidos.nave_id')
    .select(['arcos_sumergidos.id', 'arcos_sumergidos.name', 'naves.id as nave_id', 'naves.name as nave'])
    .where('arcos_sumergidos.id', '=', arcoId)
    .where('naves.name', '=', naveName)
    .executeTakeFirst();
}
