import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type App, buildApp } from '../../src/app';
import type { Db } from '../../src/db/index';
import { refreshTopics } from '../../src/modules/machines/service';
import { upsertAdmin } from '../../src/modules/users/bootstrap';
import { benchConfig } from './config';
import { throwawaySchema } from './pg-schema';

export const BENCH_ADMIN = { worker_id: 'bench-admin', password: 'bench-password' };

/**
 * The real app a benchmark drives, on a temporary data folder: on SQLite there, or on a throwaway
 * schema of BENCH_DATABASE_URL when it is set. `close` stops it and leaves nothing behind.
 */
export async function startBenchApp(name: string, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${name}-`));
  const pgSchema = process.env.BENCH_DATABASE_URL ? await throwawaySchema(process.env.BENCH_DATABASE_URL, 'bench') : null;
  const config = benchConfig(dataDir, 'Europe/Madrid', { ...env, ...(pgSchema ? { DATABASE_URL: pgSchema.url } : {}) });
  const app = await buildApp({ config });
  await app.ready();
  const close = async () => {
    await app.close();
    await pgSchema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, config, close };
}

/** Creates the benchmark's administrator and signs it in: its access token. */
export async function benchAdminToken(app: App): Promise<string> {
  await upsertAdmin(app.ctx.db, BENCH_ADMIN.worker_id, BENCH_ADMIN.password, 'Bench Admin');
  return (await app.inject({ method: 'POST', url: '/api/admin/login', payload: BENCH_ADMIN })).json().accessToken as string;
}

/** An arco of the first nave, written straight into the database: its id and its nave. */
export async function insertBenchArco(db: Db, name: string) {
  const nave = await db.selectFrom('naves').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('arcos_sumergidos')
    .values({ name, nave_id: nave.id, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, nave };
}

/**
 * `count` arcos of the first nave ('Arco 1', 'Arco 2'…), each bound to the MQTT topic `topicOf(i)`,
 * once the app's MQTT client is connected and subscribed to them.
 */
export async function machineArcos(app: App, count: number, topicOf: (i: number) => string) {
  const nave = await app.ctx.db.selectFrom('naves').select('id').orderBy('id').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const arcos: { id: number; topic: string }[] = [];
  await app.ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) {
      const { id } = await trx
        .insertInto('arcos_sumergidos')
        .values({ name: `Arco ${i + 1}`, nave_id: nave.id, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const topic = topicOf(i);
      await trx
        .insertInto('machine_bindings')
        .values({ arco_sumergido_id: id, topic, key_hash: null, key_created_at: null, created_at: now, updated_at: now })
        .execute();
      arcos.push({ id, topic });
    }
  });
  while (!app.ctx.machines.mqtt?.connected) await new Promise((r) => setTimeout(r, 20));
  await refreshTopics(app.ctx);
  return arcos;
}

/** A JSON call to the app over HTTP, as a client makes it: its status and its parsed body. */
export type BenchRequest = (
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) => Promise<{ status: number; body: ReturnType<typeof JSON.parse> }>;

/** Starts the app listening on a free local port: its address, a request and a call that fails on any status from 300. */
export async function listenForBench(app: App) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const request: BenchRequest = async (method, url, headers, body) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const call = async (method: string, url: string, headers: Record<string, string>, body?: unknown) => {
    const res = await request(method, url, headers, body);
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  return { base, request, call };
}
