import type { MachineState } from '@portal/contract/machines';
import type { Db, DbEngine } from '../../db/index';
import type { MachineBindingsTable } from '../../db/types';

/** Every bound arco with its last state and report, by arco id. */
export const listBindings = (db: Db) =>
  db
    .selectFrom('machine_bindings as b')
    .leftJoin('machine_states as s', 's.arco_sumergido_id', 'b.arco_sumergido_id')
    .select(['b.arco_sumergido_id', 'b.topic', 'b.key_hash', 'b.key_created_at', 's.state', 's.last_report_at'])
    .orderBy('b.arco_sumergido_id')
    .execute();

export const findBinding = (db: Db, arcoId: number) =>
  db
    .selectFrom('machine_bindings as b')
    .leftJoin('machine_states as s', 's.arco_sumergido_id', 'b.arco_sumergido_id')
    .select(['b.arco_sumergido_id', 'b.topic', 'b.key_hash', 'b.key_created_at', 's.state', 's.last_report_at'])
    .where('b.arco_sumergido_id', '=', arcoId)
    .executeTakeFirst();

/** The topics the MQTT subscriber follows, with their arco. */
export const boundTopics = (db: Db) =>
  db.selectFrom('machine_bindings').select(['arco_sumergido_id', 'topic']).where('topic', 'is not', null).execute() as Promise<
    { arco_sumergido_id: number; topic: string }[]
  >;

export const findArcoByTopic = (db: Db, topic: string) =>
  db.selectFrom('machine_bindings').select('arco_sumergido_id').where('topic', '=', topic).executeTakeFirst();

/** The arcos bound to some topics, by topic (weld telemetry's groups, docs/decisions/088-telemetry-ingest-in-groups.md). */
export async function findArcosByTopics(db: Db, topics: string[]): Promise<Map<string, number>> {
  if (!topics.length) return new Map();
  const rows = await db.selectFrom('machine_bindings').select(['topic', 'arco_sumergido_id']).where('topic', 'in', topics).execute();
  return new Map(rows.flatMap((r) => (r.topic === null ? [] : [[r.topic, r.arco_sumergido_id] as const])));
}

/** Creates the arco's binding row or changes the given fields of it. */
export async function saveBinding(
  db: Db,
  arcoId: number,
  values: Partial<Pick<MachineBindingsTable, 'topic' | 'key_hash' | 'key_created_at'>>,
  now: string,
): Promise<void> {
  await db
    .insertInto('machine_bindings')
    .values({ arco_sumergido_id: arcoId, topic: null, key_hash: null, key_created_at: null, ...values, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('arco_sumergido_id').doUpdateSet({ ...values, updated_at: now }))
    .execute();
}

/** A binding with neither a topic nor a key binds nothing: it goes, and the arco works as an unbound one. */
export const dropEmptyBinding = (db: Db, arcoId: number) =>
  db
    .deleteFrom('machine_bindings')
    .where('arco_sumergido_id', '=', arcoId)
    .where('topic', 'is', null)
    .where('key_hash', 'is', null)
    .execute();

/**
 * The arco's machine state, locked for this transaction on PostgreSQL (SQLite runs one write
 * transaction at a time): the signals of one arco are applied one after the other whichever instance
 * or path (MQTT, HTTP) they come through. Creates the row on the arco's first report.
 */
export function lockState(db: Db, arcoId: number, now: string) {
  // One statement: creates the row on the arco's first report, and on PostgreSQL the conflict's
  // update locks the existing row until the transaction ends (as FOR UPDATE would).
  return db
    .insertInto('machine_states')
    .values({ arco_sumergido_id: arcoId, state: 'running', state_at: '', last_report_at: now })
    .onConflict((oc) =>
      oc.column('arco_sumergido_id').doUpdateSet((eb) => ({ arco_sumergido_id: eb.ref('machine_states.arco_sumergido_id') })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const saveState = (db: Db, arcoId: number, values: { state?: MachineState; state_at?: string; last_report_at: string }) =>
  db.updateTable('machine_states').set(values).where('arco_sumergido_id', '=', arcoId).execute();

/**
 * The arco's last applied state, without creating a row for an unbound arco, locked for the caller's
 * transaction on PostgreSQL in the order applySignal locks it (state row first, then paradas).
 */
export function lockExistingState(db: Db, engine: DbEngine, arcoId: number) {
  const q = db.selectFrom('machine_states').select(['state', 'state_at']).where('arco_sumergido_id', '=', arcoId);
  return (engine === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}
