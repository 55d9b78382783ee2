import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // biome-ignore lint/suspicious/noExplicitAny: column builder callback
  const pk = (col: any) => (pg ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement());

  await db.schema
    .createTable('naves')
    .addColumn('id', 'integer', pk)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('arcos_sumergidos')
    .addColumn('id', 'integer', pk)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('nave_id', 'integer', (c) => c.notNull().references('naves.id').onDelete('restrict'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('arcos_sumergidos_nave_name_unique', ['nave_id', 'name'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', pk)
    .addColumn('worker_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('nave_id', 'integer', (c) => c.references('naves.id').onDelete('set null'))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_role_idx').on('users').column('role').execute();

  await db.schema
    .createTable('tramos')
    .addColumn('id', 'integer', pk)
    .addColumn('id_tramo', 'text', (c) => c.notNull())
    .addColumn('id_proyecto', 'text', (c) => c.notNull())
    .addColumn('id_circular', 'text', (c) => c.notNull())
    .addColumn('circular_fecha', 'text', (c) => c.notNull())
    .addColumn('descripcion', 'text')
    .addColumn('imagen', 'text')
    .addColumn('imagen_thumb', 'text')
    .addColumn('nave_id', 'integer', (c) => c.notNull().references('naves.id').onDelete('restrict'))
    .addColumn('arco_sumergido_id', 'integer', (c) => c.notNull().references('arcos_sumergidos.id').onDelete('restrict'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tramos_created_idx').on('tramos').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('tramos_fecha_idx').on('tramos').column('circular_fecha').execute();
  await db.schema.createIndex('tramos_user_idx').on('tramos').column('user_id').execute();
  await db.schema.createIndex('tramos_arco_idx').on('tramos').column('arco_sumergido_id').execute();
  await db.schema.createIndex('tramos_nave_idx').on('tramos').column('nave_id').execute();

  await db.schema
    .createTable('paradas_kaiser')
    .addColumn('id', 'integer', pk)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('arco_sumergido_id', 'integer', (c) => c.notNull().references('arcos_sumergidos.id').onDelete('restrict'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text')
    .addColumn('duration_minutes', 'integer')
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('paradas_user_start_idx').on('paradas_kaiser').columns(['user_id', 'start_time']).execute();
  await db.schema.createIndex('paradas_date_idx').on('paradas_kaiser').columns(['date', 'start_time']).execute();
  await db.schema.createIndex('paradas_arco_idx').on('paradas_kaiser').columns(['arco_sumergido_id', 'start_time']).execute();
  // At most one active stop per user, guaranteed by the database even under concurrent starts.
  await db.schema
    .createIndex('paradas_one_active_per_user')
    .on('paradas_kaiser')
    .column('user_id')
    .unique()
    .where(sql.ref('end_time'), 'is', null)
    .execute();

  await db.schema
    .createTable('wall_posts')
    .addColumn('id', 'integer', pk)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('arco_sumergido_id', 'integer', (c) => c.references('arcos_sumergidos.id').onDelete('restrict'))
    .addColumn('wall_name', 'text', (c) => c.notNull().defaultTo('Main'))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_path', 'text')
    .addColumn('image_thumb', 'text')
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wall_posts_wall_idx').on('wall_posts').columns(['arco_sumergido_id', 'wall_name', 'id']).execute();
  await db.schema.createIndex('wall_posts_user_idx').on('wall_posts').column('user_id').execute();

  await db.schema
    .createTable('wall_likes')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('wall_posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('wall_likes_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema.createIndex('wall_likes_user_idx').on('wall_likes').column('user_id').execute();

  await db.schema
    .createTable('wall_comments')
    .addColumn('id', 'integer', pk)
    .addColumn('post_id', 'integer', (c) => c.notNull().references('wall_posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_path', 'text')
    .addColumn('image_thumb', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wall_comments_post_idx').on('wall_comments').columns(['post_id', 'id']).execute();
  await db.schema.createIndex('wall_comments_user_idx').on('wall_comments').column('user_id').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();

  const now = new Date().toISOString();
  await db
    .insertInto('naves')
    .values([
      { name: 'Nave 1', created_at: now },
      { name: 'Nave 2', created_at: now },
    ])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'login_attempts',
    'wall_comments',
    'wall_likes',
    'wall_posts',
    'paradas_kaiser',
    'tramos',
    'users',
    'arcos_sumergidos',
    'naves',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
