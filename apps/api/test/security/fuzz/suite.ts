import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import { createDb } from '../../../src/db/index';
import { bearer, enrolTerminal, pgUnavailable, useTestApp } from '../../helper';
import type { FuzzFiles, FuzzRequest } from './requests';
import { requestsFor } from './requests';
import { type OpenApiDocument, type RouteSpec, routeSpecs } from './routes';
import { FuzzSeed } from './seed';
import { diff, type Snapshot, snapshot } from './snapshot';
import { contractMessages, notSpanish } from './spanish';

/**
 * Property-based fuzzing of every /api route the server registers, driven by the OpenAPI document
 * it generates (and the contract's form schemas for the multipart routes). Each route gets RUNS
 * generated requests as a worker and RUNS as an admin (200 per route by default). Properties:
 * - no answer is a 5xx;
 * - every 4xx is JSON `{ message }` whose message is Spanish (a contract text, or Spanish-looking
 *   text with no framework English);
 * - a rejected request leaves every table and the uploads folder as they were.
 * Reproduce a failure with FUZZ_SEED=<printed seed>; FUZZ_RUNS raises or lowers the count.
 *
 * The routes are dealt to SHARDS files (security/fuzz-1.test.ts …), each with its own app and
 * database, so that Vitest runs them side by side; a route's requests depend only on its key, the
 * role and the seed, so they are the same whichever file runs it (docs/performance.md, 'The test suite').
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
type Role = 'worker' | 'admin';
const ROLES: Role[] = ['worker', 'admin'];

/** The route table and OpenAPI document, read from a throwaway app (tests are declared per route). */
async function discover(): Promise<{ specs: RouteSpec[]; missing: string[]; total: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-fuzz-discover-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'discover-secret-discover-secret-0123456789',
    WEB_DIST: path.join(dataDir, 'none'),
  });
  const app = await buildApp({ config, db: createDb({ sqliteFile: ':memory:' }) });
  await app.ready();
  try {
    const routes = app.routeTable.filter((r) => !r.url.startsWith('/api/docs'));
    return { ...routeSpecs(routes, app.swagger() as unknown as OpenApiDocument), total: routes.length };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const discovered = await discover();

/** How many files share the routes. */
export const SHARDS = 3;

/** A stable per-route seed derived from the run's seed, so each route can be replayed alone. */
function seedFor(key: string, role: Role): number {
  let h = SEED ^ (role === 'admin' ? 0x5bd1e995 : 0x27d4eb2d);
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h | 0;
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

const describeReq = (r: FuzzRequest) => {
  const payload =
    r.payload === undefined ? '' : ` body(${r.payload.length} bytes)=${JSON.stringify(r.payload.toString('latin1').slice(0, 160))}`;
  return `${r.kind}: ${r.method} ${r.url.slice(0, 200)} ${JSON.stringify(r.headers)}${payload}`;
};

/** The fuzzing of the routes whose place in the route table is `shard` (1…SHARDS) modulo SHARDS. */
export function fuzzSuite(shard: number) {
  const mine = discovered.specs.filter((_, i) => i % SHARDS === shard - 1);
  describe.skipIf(pgUnavailable)(`fuzzing every route with hostile input (routes ${shard} of ${SHARDS})`, () => {
    const t = useTestApp();
    let seed: FuzzSeed;
    let tokens: Record<Role, string>;
    /** A station terminal's credential at station A, sent on every request (the terminal routes need it). */
    let terminalKey: string;
    let files: FuzzFiles;
    let known: Set<string>;
    const totals = { requests: 0, accepted: 0, rejected: 0, requestMs: 0, snapshotMs: 0 };
    /** Messages that passed the Spanish check without being contract texts: printed for review. */
    const freeMessages = new Map<string, string>();

    beforeAll(async () => {
      known = await contractMessages();
      const png = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#2e86de' } })
        .png()
        .toBuffer();
      files = { png, truncatedPng: png.subarray(0, Math.floor(png.length / 2)) };
      const stationA = await t.createArco('Arco Fuzz A');
      const stationB = await t.createArco('Arco Fuzz B', 'Nave 2');
      seed = new FuzzSeed(
        t,
        stationA,
        stationB,
        await t.createWorker(stationA, 'Fuzz Trabajador'),
        await t.createWorker(stationB, 'Fuzz Otra'),
      );
      tokens = { worker: seed.worker.token, admin: await t.adminToken() };
      terminalKey = await enrolTerminal(t, stationA.id);
    });

    afterAll(async () => {
      console.log(
        `fuzz (${shard} of ${SHARDS}): ${mine.length} of ${discovered.specs.length} routes, ${totals.requests} requests (${totals.accepted} accepted, ${totals.rejected} rejected), seed ${SEED}; ${Math.round(totals.requestMs)} ms in requests, ${Math.round(totals.snapshotMs)} ms in snapshots`,
      );
      if (freeMessages.size) {
        console.log(
          `fuzz: ${freeMessages.size} Spanish messages outside the contract:\n${[...freeMessages].map(([m, k]) => `  ${k}: ${m}`).join('\n')}`,
        );
      }
    });

    /** Both sessions still work after a route's run (a fuzzed request may have changed the account). */
    async function ensureCallers(): Promise<void> {
      const ok = async (token: string, url: string) =>
        (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode === 200;
      if (!(await ok(tokens.worker, '/api/paradas-kaiser/active'))) {
        seed.worker = await t.createWorker(seed.stationA, 'Fuzz Trabajador');
        tokens.worker = seed.worker.token;
      }
      if (!(await ok(tokens.admin, '/api/admin/users'))) tokens.admin = await t.adminToken();
      const terminal = await t.app.inject({ method: 'GET', url: '/api/terminal', headers: { 'x-terminal-key': terminalKey } });
      if (terminal.statusCode !== 200) terminalKey = await enrolTerminal(t, seed.stationA.id);
      await seed.ensure();
    }

    async function send(req: FuzzRequest, role: Role) {
      const res = await t.app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers: { 'x-terminal-key': terminalKey, ...req.headers, ...bearer(tokens[role]) },
        payload: req.payload,
        payloadAsStream: true,
      });
      const type = String(res.headers['content-type'] ?? '');
      const stream = res.stream();
      // A live stream never ends: its status and type are the answer.
      if (type.startsWith('text/event-stream')) {
        stream.destroy();
        return { status: res.statusCode, type, body: '' };
      }
      return { status: res.statusCode, type, body: await readAll(stream) };
    }

    /** Why an answer breaks a property, or null. */
    function problem(res: { status: number; type: string; body: string }): string | null {
      if (res.status >= 500) return `server error ${res.status}: ${res.body.slice(0, 300)}`;
      if (res.status < 400) return null;
      if (!res.type.startsWith('application/json')) return `${res.status} is not JSON (${res.type}): ${res.body.slice(0, 200)}`;
      let body: unknown;
      try {
        body = JSON.parse(res.body);
      } catch {
        return `${res.status} body is not JSON: ${res.body.slice(0, 200)}`;
      }
      const keys = body && typeof body === 'object' ? Object.keys(body) : [];
      if (keys.length !== 1 || keys[0] !== 'message') return `${res.status} body is not { message }: ${res.body.slice(0, 200)}`;
      const message = (body as { message: unknown }).message;
      const why = notSpanish(message, known);
      if (why) return `${res.status} message not Spanish (${why}): ${JSON.stringify(message)}`;
      if (!known.has(message as string)) freeMessages.set(message as string, String(res.status));
      return null;
    }

    it('has a request generator for every route of the route table, each in one file', () => {
      expect(discovered.missing).toEqual([]);
      expect(discovered.specs.length).toBe(discovered.total);
      expect(discovered.total).toBeGreaterThan(40);
      const dealt = Array.from({ length: SHARDS }, (_, k) => discovered.specs.filter((_, i) => i % SHARDS === k));
      expect(dealt.flat().length).toBe(discovered.specs.length);
      expect(new Set(dealt.flat().map((r) => r.key)).size).toBe(discovered.specs.length);
      expect(mine.length).toBeGreaterThan(0);
    });

    it('takes snapshots that see a row added, changed and removed', async () => {
      const first = await snapshot(t.db, t.uploadsDir);
      const { id } = await t.db
        .insertInto('naves')
        .values({ name: 'Nave Instantánea', created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const added = await snapshot(t.db, t.uploadsDir);
      expect(diff(first, added)).toEqual([expect.stringMatching(/^naves: /)]);
      await t.db.updateTable('naves').set({ name: 'Nave Instantánea 2' }).where('id', '=', id).execute();
      expect(diff(added, await snapshot(t.db, t.uploadsDir))).toEqual([expect.stringMatching(/^naves: /)]);
      await t.db.deleteFrom('naves').where('id', '=', id).execute();
      expect(diff(first, await snapshot(t.db, t.uploadsDir))).toEqual([]);
    });

    for (const route of mine) {
      it(`${route.key} (${route.policy})`, { timeout: 600_000 }, async () => {
        const failures: string[] = [];
        for (const role of ROLES) {
          await ensureCallers();
          const runSeed = seedFor(route.key, role);
          const requests = fc.sample(requestsFor(route, seed.idsFor, files), { seed: runSeed, numRuns: RUNS });
          const statuses = new Map<number, number>();
          let before: Snapshot = await snapshot(t.db, t.uploadsDir);
          for (const [i, req] of requests.entries()) {
            const t0 = performance.now();
            const res = await send(req, role);
            const t1 = performance.now();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            totals.requests++;
            const where = `[${role} seed=${runSeed} #${i}] ${describeReq(req)}`;
            const bad = problem(res);
            if (bad) failures.push(`${where}\n    -> ${bad}`);
            const after = await snapshot(t.db, t.uploadsDir);
            totals.requestMs += t1 - t0;
            totals.snapshotMs += performance.now() - t1;
            if (res.status >= 400) {
              totals.rejected++;
              const changed = diff(before, after);
              if (changed.length) failures.push(`${where}\n    -> rejected with ${res.status} but changed: ${changed.join('; ')}`);
            } else {
              totals.accepted++;
            }
            before = after;
            if (failures.length >= 20) break;
          }
          const summary = [...statuses]
            .sort(([a], [b]) => a - b)
            .map(([s, n]) => `${s}x${n}`)
            .join(' ');
          console.log(`fuzz ${route.key} as ${role} (seed ${runSeed}): ${summary}`);
          // The role gets past authorization on this route, so the inputs must have been looked at.
          const allowed = route.policy !== 'admin' || role === 'admin';
          if (allowed) {
            const pastAuth = [...statuses].filter(([s]) => s !== 401 && s !== 403).reduce((n, [, c]) => n + c, 0);
            if (pastAuth === 0) failures.push(`[${role}] every request stopped at 401/403: validation was never reached`);
          }
        }
        expect(failures, failures.join('\n')).toEqual([]);
      });
    }
  });
}
