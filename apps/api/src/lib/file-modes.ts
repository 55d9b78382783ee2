import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * The portal's files are its owner's only (decision 030): the database holds the password hashes, the
 * uploads and backups the plant's photos. Every folder it makes is 0700 and every file 0600, set
 * explicitly so that a permissive umask (000, 002) changes nothing, and an installation made before
 * is tightened at start (`tightenTree`).
 */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** writeFile options for a file only its owner reads (the mode is masked by the umask, never widened). */
export const privateFile = { mode: PRIVATE_FILE } as const;

/** Creates a folder (and missing parents) owner-only; an existing one is tightened. */
export function privateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  chmodSync(dir, PRIVATE_DIR);
}

export async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  await chmod(dir, PRIVATE_DIR);
}

/**
 * Creates the SQLite file empty and owner-only before SQLite opens it: SQLite creates a new database
 * 0644 less the umask, and gives its -wal, -shm and -journal files the database file's own mode.
 */
export function privateDatabaseFileSync(file: string): void {
  privateDirSync(path.dirname(file));
  closeSync(openSync(file, 'a', PRIVATE_FILE));
  chmodSync(file, PRIVATE_FILE);
}

/**
 * Sets every folder under `root` (and root) to 0700 and every file to 0600; symbolic links are not
 * followed. Answers how many entries were widened before.
 */
export async function tightenTree(root: string): Promise<number> {
  let changed = 0;
  const visit = async (target: string): Promise<void> => {
    const info = await lstat(target).catch(() => null);
    if (!info || info.isSymbolicLink()) return;
    const wanted = info.isDirectory() ? PRIVATE_DIR : PRIVATE_FILE;
    if ((info.mode & 0o777) !== wanted && (info.isDirectory() || info.isFile())) {
      await chmod(target, wanted);
      changed++;
    }
    if (!info.isDirectory()) return;
    for (const name of await readdir(target).catch(() => [] as string[])) await visit(path.join(target, name));
  };
  await visit(root);
  return changed;
}

/**
 * At start: DATA_DIR, the uploads and the backups of an installation made before decision 030 (or
 * copied in with a permissive umask) become owner-only, reported in one log line. A failure is logged
 * and never keeps the server from starting.
 */
export async function tightenAtStart(
  roots: { dataDir: string; uploadsDir: string; backupDir: string },
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void },
): Promise<void> {
  const inside = (dir: string) =>
    !path.relative(roots.dataDir, dir).startsWith('..') && !path.isAbsolute(path.relative(roots.dataDir, dir));
  const targets = [roots.dataDir, ...[roots.uploadsDir, roots.backupDir].filter((dir) => !inside(dir))];
  try {
    let changed = 0;
    for (const dir of targets) changed += await tightenTree(dir);
    if (changed) log.warn({ changed, folders: targets }, 'file modes tightened to owner-only (folders 0700, files 0600)');
  } catch (error) {
    log.error({ err: error, folders: targets }, 'file modes could not be tightened');
  }
}
