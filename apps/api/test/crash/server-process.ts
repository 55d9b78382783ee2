import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

let builtServer: string | undefined;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The server compiled as `npm run build` compiles it (scripts/build-api.mjs), once per test process,
 * into a folder named after that process: a run neither needs a prior build nor rewrites the one
 * `npm start` uses. The folders live in the repository's node_modules, where the bundle's imports of
 * packages resolve; those of test processes that have ended are removed here (the test workers end
 * without running exit handlers).
 */
function compiledServer(): string {
  return compiled('server');
}

/** An entry of the compiled API (`server`, `backup`, `restore`, `create-admin`), built as above. */
export function compiled(entry: string): string {
  if (!builtServer) {
    const cache = path.join(repoRoot, 'node_modules/.cache/portal');
    mkdirSync(cache, { recursive: true });
    for (const name of readdirSync(cache)) {
      const pid = /^crash-(\d+)$/.exec(name)?.[1];
      if (pid && !isRunning(Number(pid))) rmSync(path.join(cache, name), { recursive: true, force: true });
    }
    const outdir = path.join(cache, `crash-${process.pid}`);
    execFileSync(process.execPath, ['scripts/build-api.mjs', '--outdir', outdir], { cwd: repoRoot, stdio: 'pipe' });
    builtServer = path.join(outdir, 'server.js');
  }
  return path.join(path.dirname(builtServer), `${entry}.js`);
}

/** A port the kernel just handed out, so parallel runs do not collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface RequestInput {
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  file?: { field: string; data: Buffer };
}

/** Headers and body of a request to the server: JSON, or a multipart form with at most one JPEG. */
export function requestInit({ token, json, form, file }: RequestInput): { headers: Record<string, string>; body?: BodyInit } {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    return { headers, body: JSON.stringify(json) };
  }
  if (!form) return { headers };
  const body = new FormData();
  for (const [k, v] of Object.entries(form)) body.append(k, v);
  if (file) body.append(file.field, new Blob([new Uint8Array(file.data)], { type: 'image/jpeg' }), 'foto.jpg');
  return { headers, body };
}

/** The environment the process tests give the server: its own data directory, the rate limits out of the way. */
export function serverEnv(dataDir: string, admin: { worker_id: string; password: string }): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    ADMIN_WORKER_ID: admin.worker_id,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
    REGISTER_MAX_PER_IP: '1000000',
    LOGIN_IP_MAX_FAILURES: '1000000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    FACTORY_TZ: 'Europe/Madrid',
  };
}

/** The real server (`npm start`'s command) as a child process, so that SIGKILL is a true crash. */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private output = '';
  baseUrl = '';

  constructor(private readonly env: Record<string, string>) {}

  async start(): Promise<void> {
    const port = await freePort();
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.output = '';
    const child = spawn(process.execPath, [compiledServer()], {
      cwd: repoRoot,
      env: { ...process.env, ...this.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-8000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    let exited = false;
    child.once('exit', () => {
      exited = true;
    });
    // Up means the database is migrated, the admin applied and the upload sweep done (all before listen).
    for (let attempt = 0; attempt < 1200; attempt++) {
      if (exited) throw new Error(`server exited during start:\n${this.output}`);
      try {
        const res = await fetch(`${this.baseUrl}/api/health`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`server did not come up:\n${this.output}`);
  }

  /** SIGKILL: no shutdown hook, no flush, no close of the database. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** SIGTERM: the server's own shutdown, as an operator stops it; answers how the process exited. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null } | undefined> {
    return this.signal('SIGTERM');
  }

  private async signal(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null } | undefined> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return undefined;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, sig) => resolve({ code, signal: sig })),
    );
    child.kill(signal);
    const result = await exited;
    this.child = null;
    return result;
  }

  /** Started and not exited since (by itself or by a signal). */
  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get log(): string {
    return this.output;
  }
}

/**
 * One of the operator commands (apps/api/src/scripts), compiled as `npm run <name>` runs it, with the
 * given environment in place of the test's DATABASE_URL.
 */
export function runScript(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const { DATABASE_URL: _, ...inherited } = process.env;
    const child = spawn(process.execPath, [compiled(name), ...args], {
      cwd: repoRoot,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * `npm run backup` while clients write: `stopWriting` ends their loops once the command has finished.
 * Answers its result and when it ran (performance.now()), to tell the writes acknowledged before it.
 */
export async function backupUnderLoad(env: Record<string, string>, stopWriting: () => Promise<unknown>) {
  const began = performance.now();
  const backup = await runScript('backup', [], env);
  const ended = performance.now();
  await stopWriting();
  return { backup, began, ended };
}
