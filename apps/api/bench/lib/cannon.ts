import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface MixWorker {
  token: string;
  /** Posts of the worker's station wall, to like and comment on. */
  postIds: number[];
  /** The worker's station: a cycle of the write mix holds its station, so no two cycles start stops at one. */
  arco: number;
}

/** One autocannon run: a GET with rotating tokens, or the write mix. */
export interface CannonSpec {
  name: string;
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  kind: 'get' | 'write-mix' | 'wall-likes';
  path?: string;
  tokens?: string[];
  workers?: MixWorker[];
}

export interface CannonResult {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** The load generator's own CPU per answer (µs). */
  clientCpuPerRequest: number;
}

const child = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cannon-child.ts');

/**
 * Runs autocannon in its own process: on the same event loop as the server, the load generator
 * would steal the time it measures.
 */
export function runCannon(spec: CannonSpec): Promise<CannonResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-cannon-'));
  const specFile = path.join(dir, 'spec.json');
  writeFileSync(specFile, JSON.stringify(spec));
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child, specFile], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    proc.once('error', reject);
    proc.once('exit', (code) => {
      rmSync(dir, { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`autocannon run ${spec.name} exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as CannonResult);
    });
  });
}
