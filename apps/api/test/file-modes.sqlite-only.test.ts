/**
 * Owner-only files (src/lib/file-modes.ts, decision 030). The real server, `npm run backup` and
 * `npm run restore` run as child processes with umask 000, the most permissive there is: every folder
 * under DATA_DIR is still 0700 and every file 0600 after a fresh start with an upload, after a backup
 * and after a restore; an installation whose files are 0755/0644 is tightened at the next start, with
 * one log line.
 */
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestInit, runScript, ServerProcess, serverEnv } from './crash/server-process';

const ADMIN = { worker_id: 'jefe', password: 'clave-del-jefe' };

/** Every entry under root with its permission bits, as `relative/path: 0700`. */
function modesOf(root: string): string[] {
  const out: string[] = [];
  const visit = (target: string) => {
    const info = lstatSync(target);
    out.push(`${path.relative(root, target) || '.'}: 0${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const name of readdirSync(target).sort()) visit(path.join(target, name));
  };
  visit(root);
  return out;
}

/** The entries whose mode is not owner-only (0700 folders, 0600 files). */
function widened(root: string): string[] {
  return modesOf(root).filter((line) => {
    const full = path.join(root, line.slice(0, line.lastIndexOf(':')));
    const wanted = lstatSync(full).isDirectory() ? ': 0700' : ': 0600';
    return !line.endsWith(wanted);
  });
}

function widen(root: string): void {
  const info = lstatSync(root);
  chmodSync(root, info.isDirectory() ? 0o755 : 0o644);
  if (info.isDirectory()) for (const name of readdirSync(root)) widen(path.join(root, name));
}

describe('file modes with umask 000', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'portal-modes-'));
  // Not created beforehand: the server makes it.
  const dataDir = path.join(scratch, 'data');
  const env = { ...serverEnv(dataDir, ADMIN), BACKUP_HOUR: 'off' };
  let server: ServerProcess | undefined;
  let umask = 0;

  beforeAll(() => {
    // Children inherit it: the server and the commands start as under a careless service manager.
    umask = process.umask(0o000);
  });
  afterAll(async () => {
    await server?.kill();
    process.umask(umask);
    rmSync(scratch, { recursive: true, force: true });
  });

  it('keeps DATA_DIR, the database, uploads, backups and restores owner-only, and tightens an older installation', async () => {
    server = new ServerProcess(env);
    await server.start();
    const call = async <T>(method: string, url: string, input: Parameters<typeof requestInit>[0]) => {
      const { headers, body } = requestInit(input);
      const res = await fetch(`${server!.baseUrl}${url}`, { method, headers, body });
      expect(res.status, `${method} ${url}`).toBeLessThan(300);
      return (await res.json()) as T;
    };
    const admin = await call<{ accessToken: string }>('POST', '/api/admin/login', { json: ADMIN });
    const station = await call<{ id: number }>('POST', '/api/admin/arcos-sumergidos', {
      token: admin.accessToken,
      json: { name: 'Arco Permisos', nave: 'Nave 1' },
    });
    await call('POST', '/api/auth/register', { json: { worker_id: 'permisos1', name: 'Trabajador Permisos', password: 'secreto123' } });
    const worker = await call<{ accessToken: string }>('POST', '/api/auth/login', {
      json: { worker_id: 'permisos1', password: 'secreto123', nave: 'Nave 1', arco_sumergido_id: station.id },
    });
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer();
    await call('POST', '/api/wall/posts', {
      token: worker.accessToken,
      form: { content: 'Con foto' },
      file: { field: 'image', data: photo },
    });

    // ---- a fresh start ----
    const fresh = modesOf(dataDir);
    for (const entry of [
      '.: 0700',
      'portal.sqlite: 0600',
      'portal.sqlite-wal: 0600',
      'portal.sqlite-shm: 0600',
      'jwt-secret: 0600',
      'uploads: 0700',
    ])
      expect(fresh).toContain(entry);
    expect(readdirSync(path.join(dataDir, 'uploads'))).toHaveLength(2);
    expect(widened(dataDir)).toEqual([]);
    // Created owner-only, not tightened afterwards: the start found nothing to tighten.
    expect(server.log).not.toContain('file modes tightened');

    // ---- a backup ----
    const backup = await runScript('backup', [], env);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const [folder] = readdirSync(path.join(dataDir, 'backups'));
    expect(modesOf(path.join(dataDir, 'backups', folder))).toEqual(
      expect.arrayContaining(['.: 0700', 'manifest.json: 0600', 'portal.sqlite: 0600', 'uploads: 0700']),
    );
    expect(widened(dataDir)).toEqual([]);

    // ---- a restore ----
    await server.stop();
    const restore = await runScript('restore', [folder], env);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(readdirSync(dataDir).some((name) => name.startsWith('pre-restore-'))).toBe(true);
    expect(widened(dataDir)).toEqual([]);

    // ---- an installation from before: everything 0755/0644, tightened at start with one line ----
    widen(dataDir);
    expect(widened(dataDir).length).toBeGreaterThan(8);
    server = new ServerProcess(env);
    await server.start();
    expect(widened(dataDir)).toEqual([]);
    const lines = server.log.split('\n').filter((line) => line.includes('file modes tightened'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]).changed).toBeGreaterThan(8);
  });
});
