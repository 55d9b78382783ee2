import type { Insertable } from 'kysely';
import type { Database } from '../../../src/db/types';
import type { TestApp, TestArco, Worker } from '../../helper';
import type { RouteSpec } from './routes';

/**
 * Records the fuzzer points real ids at, so requests also reach the rules behind "does it exist":
 * ownership, body validation of an existing record, station checks. A fuzzed request may delete or
 * change them; `ensure` puts back whatever is gone before the next route runs.
 */
/** The seeded tables whose rows carry created_at and updated_at. */
type Stamped = 'tramos' | 'paradas_kaiser' | 'wall_posts' | 'wall_comments';

export class FuzzSeed {
  tramos: number[] = [];
  paradas: number[] = [];
  posts: number[] = [];
  comments: number[] = [];
  victim = 0;
  spareNave = 0;
  spareArco = 0;

  constructor(
    private readonly t: TestApp,
    readonly stationA: TestArco,
    readonly stationB: TestArco,
    public worker: Worker,
    public other: Worker,
  ) {}

  private get db() {
    return this.t.db;
  }

  private async exists(
    table: 'tramos' | 'paradas_kaiser' | 'wall_posts' | 'wall_comments' | 'users' | 'naves' | 'arcos_sumergidos',
    id: number,
  ) {
    if (!id) return false;
    return !!(await this.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());
  }

  /** Inserts one record stamped now; answers its id. */
  private async insert<T extends Stamped>(table: T, values: Omit<Insertable<Database[T]>, 'created_at' | 'updated_at'>): Promise<number> {
    const now = new Date().toISOString();
    const stamped = { ...values, created_at: now, updated_at: now } as unknown as Insertable<Database[T]>;
    const row = await this.db.insertInto(table).values(stamped).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  private async tramo(owner: Worker, n: number): Promise<number> {
    const naveId = (
      await this.db.selectFrom('arcos_sumergidos').select('nave_id').where('id', '=', owner.station.id).executeTakeFirstOrThrow()
    ).nave_id;
    return this.insert('tramos', {
      id_tramo: `TR-${n}`,
      id_proyecto: `PR-${n}`,
      id_circular: `CI-${n}`,
      circular_fecha: new Date().toISOString().slice(0, 10),
      descripcion: 'Semilla del fuzzer',
      imagen: null,
      imagen_thumb: null,
      nave_id: naveId,
      arco_sumergido_id: owner.station.id,
      user_id: owner.id,
    });
  }

  private async parada(owner: Worker, daysAgo: number): Promise<number> {
    const start = new Date(Date.now() - daysAgo * 86_400_000 - 3_600_000);
    const end = new Date(start.getTime() + 20 * 60_000);
    return this.insert('paradas_kaiser', {
      user_id: owner.id,
      arco_sumergido_id: owner.station.id,
      date: start.toISOString().slice(0, 10),
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      duration_minutes: 20,
      description: 'Semilla',
    });
  }

  private post(owner: Worker): Promise<number> {
    return this.insert('wall_posts', {
      user_id: owner.id,
      arco_sumergido_id: owner.station.id,
      wall_name: 'Main',
      content: 'Semilla del muro',
      image_path: null,
      image_thumb: null,
    });
  }

  private async comment(owner: Worker, postId: number): Promise<number> {
    const id = await this.insert('wall_comments', {
      post_id: postId,
      user_id: owner.id,
      content: 'Semilla',
      image_path: null,
      image_thumb: null,
    });
    await this.db
      .updateTable('wall_posts')
      .set((eb) => ({ comment_count: eb('comment_count', '+', 1) }))
      .where('id', '=', postId)
      .execute();
    return id;
  }

  /** Re-creates every seeded record that a previous request removed. */
  async ensure(): Promise<void> {
    const owners = [this.worker, this.other];
    for (let i = 0; i < owners.length; i++) {
      if (!(await this.exists('tramos', this.tramos[i]))) this.tramos[i] = await this.tramo(owners[i], i);
      if (!(await this.exists('paradas_kaiser', this.paradas[i]))) this.paradas[i] = await this.parada(owners[i], 2 + i);
      if (!(await this.exists('wall_posts', this.posts[i]))) this.posts[i] = await this.post(owners[i]);
      if (!(await this.exists('wall_comments', this.comments[i]))) this.comments[i] = await this.comment(owners[i], this.posts[i]);
    }
    if (!(await this.exists('users', this.victim))) this.victim = (await this.t.createWorker(this.stationA, 'Víctima del fuzzer')).id;
    const now = new Date().toISOString();
    if (!(await this.exists('naves', this.spareNave))) {
      this.spareNave = (
        await this.db
          .insertInto('naves')
          .values({ name: `Nave fuzz ${now}`, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    if (!(await this.exists('arcos_sumergidos', this.spareArco))) {
      this.spareArco = (
        await this.db
          .insertInto('arcos_sumergidos')
          .values({ name: `Arco fuzz ${now}`, nave_id: this.spareNave, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
  }

  /**
   * Real ids for a path param. Users, naves and stations only ever get spare records: fuzzing the
   * callers' own account or station would end the session the rest of the run depends on.
   */
  idsFor = (route: RouteSpec, param: string): string[] => {
    const url = route.url;
    const ids = (() => {
      if (param === 'arco_sumergido_id') return [this.stationA.id, this.stationB.id];
      if (url.startsWith('/api/admin/users')) return [this.victim];
      if (url.startsWith('/api/admin/naves')) return [this.spareNave];
      if (url.startsWith('/api/admin/arcos-sumergidos')) return [this.spareArco];
      if (url.startsWith('/api/tramos')) return this.tramos;
      if (url.startsWith('/api/paradas-kaiser')) return this.paradas;
      if (url.includes('/comments/') && param === 'id') return this.comments;
      if (url.startsWith('/api/wall/posts')) return this.posts;
      return [];
    })();
    return ids.filter(Boolean).map(String);
  };
}
