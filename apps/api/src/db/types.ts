import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table shapes. Instants are ISO 8601 UTC strings ('2026-11-21T18:56:12.123Z', sortable as text on
 * both engines); `date`/`circular_fecha` are factory-local calendar dates 'YYYY-MM-DD' computed when
 * the row is written, so grouping by day or month needs no time-zone arithmetic in SQL.
 */
export interface NavesTable {
  id: Generated<number>;
  name: string;
  created_at: string;
}

export interface ArcosSumergidosTable {
  id: Generated<number>;
  name: string;
  nave_id: number;
  created_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  worker_id: string;
  name: string;
  password_hash: string;
  role: 'user' | 'admin';
  nave_id: number | null;
  /** Bumped when the password changes: tokens carrying an older version stop working. */
  token_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface TramosTable {
  id: Generated<number>;
  id_tramo: string;
  id_proyecto: string;
  id_circular: string;
  circular_fecha: string;
  descripcion: string | null;
  imagen: string | null;
  imagen_thumb: string | null;
  nave_id: number;
  arco_sumergido_id: number;
  user_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ParadasKaiserTable {
  id: Generated<number>;
  user_id: number | null;
  arco_sumergido_id: number;
  /** Factory-local date of start_time. */
  date: string;
  start_time: string;
  end_time: string | null;
  duration_minutes: number | null;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface WallPostsTable {
  id: Generated<number>;
  user_id: number | null;
  arco_sumergido_id: number | null;
  wall_name: string;
  content: string;
  image_path: string | null;
  image_thumb: string | null;
  like_count: Generated<number>;
  comment_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface WallLikesTable {
  post_id: number;
  user_id: number;
  created_at: string;
}

export interface WallCommentsTable {
  id: Generated<number>;
  post_id: number;
  user_id: number | null;
  content: string;
  image_path: string | null;
  image_thumb: string | null;
  created_at: string;
  updated_at: string;
}

export interface LoginAttemptsTable {
  key: string;
  count: number;
  /** Epoch milliseconds at which the window closes. */
  reset_at: number;
}

/**
 * Rollups of migration 2026-11-21T05-dashboard-rollups: database triggers keep them exact on every
 * write to tramos and paradas_kaiser, so totals and monthly figures read a few rows. `month` is the
 * factory-local 'YYYY-MM'; the counts are bigint columns, read as numbers (db/index.ts).
 */
export interface DashboardTramosMonthlyTable {
  month: string;
  count: number;
}

export interface DashboardParadasMonthlyTable {
  month: string;
  count: number;
  /** Minutes of finished stops only. */
  total_duration: number;
}

export interface DashboardUserTotalsTable {
  user_id: number;
  tramo_count: number;
  kaiser_stop_count: number;
}

/** Row counts of users, wall_posts and wall_comments kept by triggers (migration 2026-11-24T03-admin-scale). */
export interface DashboardTotalsTable {
  name: 'users' | 'wall_posts' | 'wall_comments';
  count: number;
}

export interface Database {
  naves: NavesTable;
  arcos_sumergidos: ArcosSumergidosTable;
  users: UsersTable;
  tramos: TramosTable;
  paradas_kaiser: ParadasKaiserTable;
  wall_posts: WallPostsTable;
  wall_likes: WallLikesTable;
  wall_comments: WallCommentsTable;
  login_attempts: LoginAttemptsTable;
  dashboard_tramos_monthly: DashboardTramosMonthlyTable;
  dashboard_paradas_monthly: DashboardParadasMonthlyTable;
  dashboard_user_totals: DashboardUserTotalsTable;
  dashboard_totals: DashboardTotalsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
