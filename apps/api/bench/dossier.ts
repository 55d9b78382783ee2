/**
 * Benchmark of the weld dossier (`npm run bench:dossier`, docs/decisions/075-weld-dossier.md).
 *
 * Builds the real app on a temporary SQLite file (a throwaway schema of the PostgreSQL at
 * BENCH_DATABASE_URL when set), listening on a loopback port, and records through the services:
 * - tramo T-40: 40 circulares, each with a photo through the real image pipeline, traced (a procedure,
 *   an operator, a wire and a flux lot) and inspected twice (VT and UT);
 * - tramo T-400: BENCH_LARGE circulares (400) traced and inspected the same way, each with its own
 *   copy of a photo's thumbnail in the object store.
 * Then downloads T-40's PDF over HTTP BENCH_N times (5) and prints the median and each run, in ms (to
 * the body's last byte), with its size and pages; and T-400's PDF while sampling the process's RSS
 * every 5 ms (the client discards what it reads), printing the RSS before, the peak during the stream
 * and the PDF's size. The client and the server are the same process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { procedureCreateBody } from '@portal/contract/welds';
import sharp from 'sharp';
import { buildApp } from '../src/app';
import type { AuthUser } from '../src/lib/auth-user';
import { uploadKeyOf } from '../src/lib/images';
import { createTramo } from '../src/modules/tramos/service';
import { readDossier } from '../src/modules/welds/dossier';
import { countPages } from '../src/modules/welds/dossier-pdf';
import * as seams from '../src/modules/welds/seams';
import * as service from '../src/modules/welds/service';
import { wps } from '../test/welds-procedure';
import { benchConfig } from './lib/config';
import { throwawaySchema } from './lib/pg-schema';

const N = Number(process.env.BENCH_N ?? 5);
const LARGE = Number(process.env.BENCH_LARGE ?? 400);

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-dossier-'));
const pgSchema = process.env.BENCH_DATABASE_URL ? await throwawaySchema(process.env.BENCH_DATABASE_URL, 'bench_dossier') : null;
const app = await buildApp({ config: benchConfig(dataDir, 'Europe/Madrid', pgSchema ? { DATABASE_URL: pgSchema.url } : {}) });
await app.ready();

/** A phone-like photo, 1600 × 1200: random 6-pixel blocks over a gradient, detail that survives the thumbnail. */
async function photo(seed: number): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  const block = (bx: number, by: number, c: number) => {
    let x = (seed * 73856093) ^ (bx * 19349663) ^ (by * 83492791) ^ (c * 2654435761);
    x = Math.imul(x ^ (x >>> 15), 2246822507) >>> 0;
    return x >>> 25;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 3; c++) raw[(y * width + x) * 3 + c] = (x / 16 + y / 12 + block(Math.floor(x / 6), Math.floor(y / 6), c)) & 0xff;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The machine's load average (1, 5, 15 minutes), printed beside every figure: the machine is shared. */
const loadNow = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

try {
  const { ctx } = app;
  const { db } = ctx;
  const at = new Date().toISOString();
  const nave = await db.selectFrom('naves').select(['id', 'name']).executeTakeFirstOrThrow();
  const arco = await db
    .insertInto('arcos_sumergidos')
    .values({ name: 'Arco Bench Dossier', nave_id: nave.id, created_at: at })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  const addUser = async (worker_id: string, name: string, role: 'user' | 'admin') =>
    (
      await db
        .insertInto('users')
        .values({ worker_id, name, password_hash: 'x', role, nave_id: nave.id, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const asUser = (id: number, name: string, role: 'user' | 'admin'): AuthUser =>
    ({ id, worker_id: `u${id}`, name, role, nave: nave.name, arco_sumergido_id: arco.id, arco_sumergido_name: arco.name }) as AuthUser;
  const admin = asUser(await addUser('bench-admin', 'Administración', 'admin'), 'Administración', 'admin');
  const operatorId = await addUser('bench-op', 'Operario Núñez', 'user');
  const operator = asUser(operatorId, 'Operario Núñez', 'user');

  const procedure = await service.createProcedure(ctx, admin, procedureCreateBody.parse(wps('WPS-BENCH', '2026-01-01')));
  await service.approveRevision(ctx, admin, procedure.id, 1);
  await service.createQualification(ctx, admin, {
    user_id: operatorId,
    standard: 'ISO 14732',
    certificate_number: 'CERT-BENCH',
    process: 121,
    issued_on: '2026-01-01',
    expires_on: '2028-01-01',
  });
  const lot = (kind: 'alambre' | 'fundente', lot_number: string) =>
    service.createLot(ctx, admin, {
      kind,
      classification: kind === 'alambre' ? 'S2' : 'SA FB 1',
      maker: 'Aceros Bench',
      lot_number,
      received_on: '2026-01-10',
    });
  const lots = [(await lot('alambre', 'A-BENCH')).id, (await lot('fundente', 'F-BENCH')).id];

  const t0 = performance.now();
  const record = async (idTramo: string, n: number, image: Buffer | null) => {
    const tramo = await createTramo(ctx, operator, {
      fields: {
        id_proyecto: 'P-BENCH',
        id_tramo: idTramo,
        id_circular: `C-${String(n).padStart(3, '0')}`,
        arco_sumergido_id: String(arco.id),
        circular_fecha: '2026-05-12',
      },
      file: image ? { buffer: image, filename: 'foto.jpg' } : null,
    });
    await seams.saveSeam(ctx, admin, tramo.id, { procedure_id: procedure.id, operator_ids: [operatorId], lot_ids: lots });
    for (const method of ['VT', 'UT'] as const)
      await seams.addInspection(ctx, admin, tramo.id, {
        method,
        extent_percent: 100,
        inspected_length_mm: 9_420,
        result: 'aceptada',
        inspected_on: '2026-05-13',
        defects: [],
      });
    return tramo.id;
  };
  for (let i = 0; i < 40; i++) await record('T-40', i, await photo(i));
  // The large tramo: each circular gets its own copy of one thumbnail (the photos' pipeline is not what is measured).
  const thumbKey = uploadKeyOf(
    (await db.selectFrom('tramos').select('imagen_thumb').where('id_tramo', '=', 'T-40').executeTakeFirstOrThrow()).imagen_thumb,
  );
  const thumb = thumbKey ? await ctx.images.store.get(thumbKey) : null;
  const thumbBytes = thumb ? Buffer.concat(await thumb.body.toArray()) : Buffer.alloc(0);
  for (let i = 0; i < LARGE; i++) {
    const id = await record('T-400', i, null);
    const name = `${crypto.randomUUID()}_thumb.webp`;
    await ctx.images.store.put(`uploads/${name}`, thumbBytes, 'image/webp');
    await db
      .updateTable('tramos')
      .set({ imagen_thumb: `/uploads/${name}` })
      .where('id', '=', id)
      .execute();
  }
  console.log(
    `seeded ${40 + LARGE} circulares in ${((performance.now() - t0) / 1000).toFixed(1)} s (thumbnail ${thumbBytes.length} bytes)`,
  );

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = ctx.tokens.sign({
    id: admin.id,
    name: admin.name,
    worker_id: admin.worker_id,
    role: 'admin',
    nave: nave.name,
    arco_sumergido_id: arco.id,
    arco_sumergido_name: arco.name,
    token_version: 0,
  });
  const download = async (tramo: string, onChunk?: () => void) => {
    const started = performance.now();
    const res = await fetch(`${address}/api/welds/dossier.pdf?id_proyecto=P-BENCH&id_tramo=${tramo}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200 || !res.body) throw new Error(`dossier ${tramo}: ${res.status} ${await res.text()}`);
    let bytes = 0;
    let pages = 0;
    let carry = '';
    for await (const chunk of res.body) {
      bytes += chunk.length;
      // Each page object says '/Type /Page' and a line end (uncompressed); the page tree says '/Type /Pages'.
      const text = carry + Buffer.from(chunk).toString('latin1');
      pages += text.match(/\/Type \/Page\n/g)?.length ?? 0;
      // A match ends with the line end, so the last 11 characters can hold the start of one, never a whole one.
      carry = text.slice(-11);
      onChunk?.();
    }
    return { ms: performance.now() - started, bytes, pages };
  };

  const runs: number[] = [];
  let small = { bytes: 0, pages: 0 };
  await download('T-40'); // warm-up: fonts and code paths
  for (let i = 0; i < N; i++) {
    const r = await download('T-40');
    runs.push(r.ms);
    small = r;
  }
  console.log(
    `tramo of 40 circulares (80 inspections, 40 photos): median ${median(runs).toFixed(0)} ms over ${N} runs ` +
      `[${runs.map((r) => r.toFixed(0)).join(', ')}], ${small.pages} pages, ${(small.bytes / 1024).toFixed(0)} kB (${loadNow()})`,
  );

  // Where a run's time goes, without HTTP: the read of the records and the counting layout.
  const keeper = admin;
  const reads: number[] = [];
  const counts: number[] = [];
  for (let i = 0; i < N; i++) {
    let started = performance.now();
    const dossier = await readDossier(ctx, keeper, { id_proyecto: 'P-BENCH', id_tramo: 'T-40' });
    reads.push(performance.now() - started);
    started = performance.now();
    await countPages(dossier);
    counts.push(performance.now() - started);
  }
  console.log(
    `  of which: reading the records median ${median(reads).toFixed(0)} ms, the counting layout median ${median(counts).toFixed(0)} ms (${loadNow()})`,
  );

  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const large = await download('T-400', () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  });
  clearInterval(sampler);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(
    `tramo of ${LARGE} circulares: ${large.ms.toFixed(0)} ms, ${large.pages} pages, ${mb(large.bytes)} MB of PDF; RSS ${mb(before)} MB before, ` +
      `peak ${mb(peak)} MB during the stream (+${mb(peak - before)} MB) (${loadNow()})`,
  );
} finally {
  await app.close();
  await pgSchema?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
