import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A free TCP port on the loopback interface. */
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

export interface PortalProcess {
  baseURL: string;
  child: ChildProcess;
  /** Ends the process and removes its data folder. */
  stop(): void;
}

/**
 * A portal of its own for a benchmark or a test that needs other settings than the shared e2e server:
 * a fresh data folder, the embedded SQLite whatever the shell's DATABASE_URL, a free loopback port,
 * waited for until /api/health answers. `source` runs apps/api/src through tsx instead of the build.
 */
export async function startPortal(
  name: string,
  env: Record<string, string>,
  { source = false }: { source?: boolean } = {},
): Promise<PortalProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `portal-${name}-`));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  const args = source ? ['--import', 'tsx', 'apps/api/src/server.ts'] : ['apps/api/dist/server.js'];
  const child = spawn(process.execPath, args, { cwd: root, env: childEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = () => {
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) {
      stop();
      throw new Error(`the portal exited with ${child.exitCode}`);
    }
    const ok = await fetch(`${baseURL}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { baseURL, child, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error('the portal did not answer /api/health');
}
