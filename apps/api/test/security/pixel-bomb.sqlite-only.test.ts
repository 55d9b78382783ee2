import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadMessages } from '../../src/plugins/uploads';
import { ServerProcess } from '../crash/server-process';
import { decompressionBombPng, jpegDeclaring, pngDeclaring, smallPng } from './fuzz/hostile-images';

/**
 * Pixel bombs against the real server in its own process, so its memory is its own: the peak
 * resident size (VmHWM) must stay under 300 MB while each bomb is refused. Times are printed, not
 * asserted (a shared CI machine is no stopwatch).
 */
const MEMORY_LIMIT_MB = 300;
const ADMIN = { worker_id: 'bomb-admin', password: 'bomb-admin-password' };

/** Peak resident set size (VmHWM) and CPU time used so far by a process, from /proc. */
function usage(pid: number): { peakMb: number; cpuMs: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
  // Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name): user and system ticks.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { peakMb: kb / 1024, cpuMs: ticks * 10 };
}

describe.skipIf(process.platform !== 'linux')('pixel bombs against the real server process', () => {
  let server: ServerProcess;
  let dataDir: string;
  let baseUrl: string;
  let token: string;
  let stationId: number;

  async function call(method: string, url: string, body?: unknown, auth?: string) {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return JSON.parse(text);
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bomb-'));
    server = new ServerProcess({
      DATA_DIR: dataDir,
      JWT_SECRET: 'pixel-bomb-secret-pixel-bomb-secret-0123',
      ADMIN_WORKER_ID: ADMIN.worker_id,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    });
    await server.start();
    baseUrl = server.baseUrl;
    const admin = (await call('POST', '/api/admin/login', ADMIN)).accessToken as string;
    stationId = (await call('POST', '/api/admin/arcos-sumergidos', { name: 'Arco Bomba', nave: 'Nave 1' }, admin)).id;
    const worker = { worker_id: 'bomb-worker', name: 'Trabajador Bomba', password: 'secreto123' };
    await call('POST', '/api/auth/register', worker);
    token = (await call('POST', '/api/auth/login', { ...worker, nave: 'Nave 1', arco_sumergido_id: stationId })).accessToken;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function upload(url: string, field: string, fields: Record<string, string>, data: Buffer, filename: string) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(field, new Blob([new Uint8Array(data)], { type: 'image/png' }), filename);
    const res = await fetch(`${baseUrl}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json()) as { message?: string } };
  }

  const tramoFields = () => ({ id_tramo: 'TR-BOMB', id_proyecto: 'PR-BOMB', id_circular: 'CI-BOMB', arco_sumergido_id: String(stationId) });

  it(`refuses every bomb with 413, stores an image just under the limit, and stays under ${MEMORY_LIMIT_MB} MB`, {
    timeout: 180_000,
  }, async () => {
    const pid = server.pid as number;
    // A real image first, so the image library is loaded and its baseline is in the peak.
    const warm = await upload('/api/tramos', 'imagen', tramoFields(), await smallPng(), 'ok.png');
    expect(warm.status).toBe(201);
    const baseline = usage(pid);
    console.log(`pixel bombs: server baseline peak ${baseline.peakMb.toFixed(0)} MB after one real upload`);

    const bombs = [
      { name: 'PNG declaring 50,000 x 50,000', data: pngDeclaring(50_000, 50_000) },
      { name: 'JPEG declaring 65,000 x 65,000', data: await jpegDeclaring(65_000, 65_000) },
      { name: 'PNG whose IDAT inflates to 2 GB (46,000 x 46,000 gray)', data: decompressionBombPng(46_000) },
    ];
    const filesBefore = readdirSync(path.join(dataDir, 'uploads')).sort();
    for (const bomb of bombs) {
      for (const [url, field, fields] of [
        ['/api/tramos', 'imagen', tramoFields()],
        ['/api/wall/posts', 'image', { content: 'Foto de la bomba' }],
      ] as const) {
        const before = usage(pid);
        const started = performance.now();
        const res = await upload(url, field, fields, bomb.data, 'bomba.png');
        const elapsed = performance.now() - started;
        const after = usage(pid);
        console.log(
          `pixel bombs: ${bomb.name} (${(bomb.data.length / 1024).toFixed(0)} KB) to ${url}: ${res.status} in ${elapsed.toFixed(0)} ms, ` +
            `${after.cpuMs - before.cpuMs} ms CPU, peak ${after.peakMb.toFixed(0)} MB`,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(413);
        expect(res.body).toEqual({ message: uploadMessages.tooManyPixels });
        expect(after.peakMb).toBeLessThan(MEMORY_LIMIT_MB);
      }
    }
    expect(readdirSync(path.join(dataDir, 'uploads')).sort()).toEqual(filesBefore);

    // Just under the pixel limit (59 MP of zeros, 59 MB inflated): decoded, shrunk and stored, still under the limit.
    const started = performance.now();
    const large = await upload('/api/tramos', 'imagen', tramoFields(), decompressionBombPng(7_700), 'grande.png');
    const after = usage(pid);
    console.log(
      `pixel bombs: 7,700 x 7,700 PNG just under the limit: ${large.status} in ${(performance.now() - started).toFixed(0)} ms, peak ${after.peakMb.toFixed(0)} MB`,
    );
    expect(large.status, JSON.stringify(large.body)).toBe(201);
    expect(after.peakMb).toBeLessThan(MEMORY_LIMIT_MB);
    // The server is still up and answering after the bombs.
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
  });
});
