import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// The shift calendar (docs/decisions/040-shift-calendar.md):
// - shifts: a shift's identity (statistics by shift group by it, whatever its name over time);
// - shift_versions: what a shift is from a factory date on (name, factory-local 'HH:mm' start and end,
//   an end not after the start being the next day, ISO weekdays as a bit mask, 1 << (weekday - 1), of
//   the days it starts on, breaks as JSON [{start, end}], an optional nave, active 0 from a date on which
//   it is retired). A change adds a version from a date, so the days before keep theirs;
// - shift_closures: days (shift_id null) or single shifts not worked, by the shift's start day.
// The planned hours per weekday of 2026-11-24T02-downtime-records become the calendar in force since
// always, so no figure of the past moves: 24 h days become Mañana 06:00–14:00, Tarde 14:00–22:00 and
// Noche 22:00–06:00 on those weekdays (each by its start day, as the old hours counted days), and any
// other length a 'Jornada' from 06:00 lasting that long.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

const SINCE_ALWAYS = '2000-01-01';
const DEFAULT = [
  ['Mañana', '06:00', '14:00'],
  ['Tarde', '14:00', '22:00'],
  ['Noche', '22:00', '06:00'],
] as const;

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('shifts')
    .addColumn('id', 'integer', id)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('shift_versions')
    .addColumn('id', 'integer', id)
    .addColumn('shift_id', 'integer', (c) => c.notNull().references('shifts.id').onDelete('cascade'))
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('nave_id', 'integer', (c) => c.references('naves.id').onDelete('restrict'))
    .addColumn('weekdays', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('breaks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('shift_versions_from_uq', ['shift_id', 'effective_from'])
    .execute();
  await db.schema
    .createTable('shift_closures')
    .addColumn('id', 'integer', id)
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('shift_id', 'integer', (c) => c.references('shifts.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shift_closures_date_idx').on('shift_closures').columns(['date', 'shift_id']).execute();

  const rows: { weekday: number; minutes: number }[] = await db
    .selectFrom('downtime_planned_minutes')
    .select(['weekday', 'minutes'])
    .execute();
  const perDay = new Map<number, number>(rows.map((r) => [Number(r.weekday), Number(r.minutes)]));
  if (rows.length === 0) for (let d = 1; d <= 6; d++) perDay.set(d, 1440);
  const groups = new Map<number, number>();
  for (const [weekday, minutes] of perDay) {
    if (minutes > 0) groups.set(minutes, (groups.get(minutes) ?? 0) | (1 << (weekday - 1)));
  }
  const at = new Date().toISOString();
  const add = async (name: string, start: string, end: string, weekdays: number) => {
    const shift = await db.insertInto('shifts').values({ created_at: at }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('shift_versions')
      .values({
        shift_id: shift.id,
        effective_from: SINCE_ALWAYS,
        name,
        weekdays,
        start_time: start,
        end_time: end,
        breaks: '[]',
        active: 1,
        created_at: at,
      })
      .execute();
  };
  for (const [minutes, weekdays] of [...groups].sort((a, b) => b[0] - a[0])) {
    if (minutes >= 1440) {
      for (const [name, start, end] of DEFAULT) await add(name, start, end, weekdays);
    } else {
      await add(`Jornada de ${Math.round((minutes / 60) * 100) / 100} h`, '06:00', hhmm(360 + minutes), weekdays);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('shift_closures').ifExists().execute();
  await db.schema.dropTable('shift_versions').ifExists().execute();
  await db.schema.dropTable('shifts').ifExists().execute();
}
