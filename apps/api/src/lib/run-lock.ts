import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { privateDirSync, privateFile } from './file-modes';

/**
 * Who is using a data directory: every server on SQLite and every restore keeps a small file in
 * DATA_DIR/running/ for as long as it runs. One file per process, not one pid file, because two
 * servers may share a database file (a rolling restart, a second copy started by mistake) and the
 * first to exit must not make the other invisible.
 */
export type RunRole = 'server' | 'restore';

export interface RunLockInfo {
  role: RunRole;
  pid: number;
  host: string;
  startedAt: string;
  /** The kernel's start time of the process (Linux), so a pid reused after a crash is not taken for it. */
  processStart: string | null;
  file: string;
}

export interface RunLock {
  readonly file: string;
  release(): void;
}

const lockDir = (dataDir: string) => path.join(dataDir, 'running');

function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); the fields are counted after the command name, which may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** False only when the process is known to be gone; a lock from another host cannot be judged. */
function isAlive(lock: RunLockInfo): boolean {
  if (lock.host !== hostname()) return true;
  try {
    process.kill(lock.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const start = processStartOf(lock.pid);
  return !(lock.processStart && start && start !== lock.processStart);
}

function readLocks(dataDir: string): RunLockInfo[] {
  let names: string[];
  try {
    names = readdirSync(lockDir(dataDir));
  } catch {
    return [];
  }
  const locks: RunLockInfo[] = [];
  for (const name of names) {
    if (!/^(server|restore)-\d+\.json$/.test(name)) continue;
    const file = path.join(lockDir(dataDir), name);
    try {
      locks.push({ ...(JSON.parse(readFileSync(file, 'utf8')) as Omit<RunLockInfo, 'file'>), file });
    } catch {
      // Removed between the listing and the read: its process has just exited.
    }
  }
  return locks;
}

/** The other processes using the data directory (this one's own lock excluded). */
export function liveRunLocks(dataDir: string): RunLockInfo[] {
  return readLocks(dataDir).filter((lock) => !(lock.pid === process.pid && lock.host === hostname()) && isAlive(lock));
}

export function describeRunLock(lock: RunLockInfo): string {
  const where = lock.host === hostname() ? '' : ` on host ${lock.host}`;
  return `${lock.role === 'server' ? 'the portal' : 'a restore'} (pid ${lock.pid}${where}, since ${lock.startedAt}; lock file ${lock.file})`;
}

/**
 * Writes this process's lock and removes it at exit. Locks of processes that are gone (a crash, a
 * SIGKILL) are removed on the way: only this module writes them.
 */
export function acquireRunLock(dataDir: string, role: RunRole): RunLock {
  for (const lock of readLocks(dataDir)) {
    if (!isAlive(lock)) rmSync(lock.file, { force: true });
  }
  privateDirSync(lockDir(dataDir));
  const file = path.join(lockDir(dataDir), `${role}-${process.pid}.json`);
  const info = { role, pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), processStart: processStartOf(process.pid) };
  // Renamed into place: a reader never sees a half-written lock.
  writeFileSync(`${file}.tmp`, JSON.stringify(info), privateFile);
  renameSync(`${file}.tmp`, file);
  const release = () => {
    process.off('exit', release);
    rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { file, release };
}

/** The lock of a starting server; refuses to start while a restore is replacing the data. */
export function acquireServerLock(dataDir: string): RunLock {
  const lock = acquireRunLock(dataDir, 'server');
  const restore = liveRunLocks(dataDir).find((other) => other.role === 'restore');
  if (restore) {
    lock.release();
    throw new Error(`${describeRunLock(restore)} is replacing the data in ${dataDir}: start the portal when it has finished.`);
  }
  return lock;
}
