import { createHash } from 'node:crypto';
import { constants, createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { copyFile, link, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import type { Config } from '../config';
import { type DatabaseFacts, dumpPostgres, POSTGRES_DUMP_FILE } from './backup-postgres';
import { isDiskFull } from './disk-space';
import { PRIVATE_FILE, privateDir, privateFile, tightenTree } from './file-modes';
import { UPLOADS_PREFIX } from './images';
import { createObjectStore, isStorageKey, type ObjectStore, type StorageConfig, StoreUnavailableError } from './storage';
import { IMAGE_COLUMNS } from './upload-sweep';

/**
 * `npm run backup` and the server's daily backup: an online copy of the SQLite database through
 * SQLite's backup API (a consistent snapshot taken beside the running portal; a file copy of a live
 * database can catch a half-applied transaction or miss what is still in the WAL) plus the uploaded
 * images, in a dated folder of BACKUP_DIR with a manifest.
 *
 * Order: images are written before their row commits and removed after their row is deleted, so
 * the uploads are copied first, then the database is snapshotted, then every image the snapshot
 * references and the first copy missed (written in between) is copied, and the backup is checked
 * to hold every referenced image. With the images in a bucket, they are read from the bucket in the
 * same order and checked against its MD5 (docs/decisions/082-bucket-backups-and-presigned-reads.md): a backup
 * holds its photos whichever store they live in, and restores into either.
 */
export const BACKUP_FORMAT = 'portal-fabrica-backup';
export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILE = 'portal.sqlite';
export const UPLOADS_FOLDER = 'uploads';

/** Folders this tool names (factory-local date and time); retention never looks at anything else. */
const FOLDER_NAME = /^\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}(?:-\d+)?$/;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: 1;
  /** When the backup began (UTC). */
  startedAt: string;
  /** When the snapshot was complete (UTC): it holds every write committed before startedAt, none after this. */
  snapshotAt: string;
  /** startedAt on the factory's clock. */
  factoryTime: string;
  timeZone: string;
  portalVersion: string;
  database: {
    /** Absent in backups of the embedded database made before decision 030: 'sqlite'. */
    engine?: 'sqlite' | 'postgres';
    /** The SQLite file, or pg_dump's custom-format archive. */
    file: typeof DATABASE_FILE | typeof POSTGRES_DUMP_FILE;
    bytes: number;
    sha256: string;
    /** Applied migrations: a portal that lacks one of them cannot open this database. */
    migrations: string[];
    /** Rows per table. */
    tables: Record<string, number>;
  };
  uploads: {
    /** Where the images were read from; absent in backups made before decision 082: the folder. */
    source?: { driver: 'folder' } | { driver: 's3'; bucket: string };
    files: { name: string; bytes: number }[];
    /** Image files the database references. */
    referenced: number;
    /** Referenced images that could not be copied (already gone from the uploads folder). */
    missing: string[];
  };
}

export interface BackupOptions {
  sqliteFile: string;
  /** PostgreSQL: the database is dumped with pg_dump instead (lib/backup-postgres.ts). */
  databaseUrl?: string;
  /** PG_BIN_DIR: where pg_dump is. */
  pgBinDir?: string;
  uploadsDir: string;
  /** Where the portal keeps its files: with a bucket, the images are read from it instead of uploadsDir. */
  storage?: StorageConfig;
  backupDir: string;
  keep: number;
  timeZone: string;
  now?: () => Date;
}

export interface BackupResult {
  folder: string;
  manifest: BackupManifest;
  /** Older backups removed by retention. */
  removed: string[];
}

export interface StoredBackup {
  name: string;
  folder: string;
  manifest: BackupManifest;
}

/** A failure an operator can act on; the message says what happened and nothing was half written. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const backupOptions = (config: Config): BackupOptions => ({
  sqliteFile: config.sqliteFile,
  databaseUrl: config.databaseUrl,
  pgBinDir: config.backup.pgBinDir,
  uploadsDir: config.uploadsDir,
  storage: config.storage,
  backupDir: config.backup.dir,
  keep: config.backup.keep,
  timeZone: config.factoryTz,
});

/** 'YYYY-MM-DD HH:mm:ss' on the factory's clock. */
export function factoryDateTime(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

function portalVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export async function inPool<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/** The backups this tool made, newest first; folders without its manifest are not its own. */
export async function listBackups(backupDir: string): Promise<StoredBackup[]> {
  let names: string[];
  try {
    names = await readdir(backupDir);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const found: StoredBackup[] = [];
  for (const name of names) {
    if (!FOLDER_NAME.test(name)) continue;
    const folder = path.join(backupDir, name);
    try {
      const manifest = JSON.parse(await readFile(path.join(folder, MANIFEST_FILE), 'utf8')) as BackupManifest;
      if (manifest.format === BACKUP_FORMAT && typeof manifest.startedAt === 'string') found.push({ name, folder, manifest });
    } catch {
      // No readable manifest: not a backup this tool completed.
    }
  }
  return found.sort((a, b) => b.manifest.startedAt.localeCompare(a.manifest.startedAt) || b.name.localeCompare(a.name));
}

/** Keeps the `keep` newest backups (and always `protect`); removes the older ones this tool made. */
export async function applyRetention(backupDir: string, keep: number, protect?: string): Promise<string[]> {
  const backups = await listBackups(backupDir);
  const removed: string[] = [];
  for (const backup of backups.slice(keep)) {
    if (backup.name === protect) continue;
    await rm(backup.folder, { recursive: true, force: true });
    removed.push(backup.name);
  }
  return removed;
}

/**
 * The snapshot, from a connection of its own, in one step of the backup API: one read transaction,
 * which in WAL mode never blocks the portal's writers. (Copied in several steps, the backup would
 * start over whenever the portal wrote between two of them.)
 */
async function snapshotDatabase(sqliteFile: string, target: string): Promise<void> {
  const source = new SQLite(sqliteFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 10000');
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
}

export type { DatabaseFacts } from './backup-postgres';

/**
 * Makes the snapshot a self-contained file (rollback journal instead of WAL), checks it and reads
 * what the manifest records.
 */
export function inspectDatabase(file: string, options: { readonly: boolean }): DatabaseFacts {
  const db = new SQLite(file, { fileMustExist: true, readonly: options.readonly });
  try {
    if (!options.readonly) db.pragma('journal_mode = DELETE');
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
    const foreignKeyErrors = (db.pragma('foreign_key_check') as unknown[]).length;
    const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
    const column = (query: string) => db.prepare(query).pluck().all() as string[];
    const names = column("select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name");
    const tables: Record<string, number> = {};
    for (const name of names)
      tables[name] = db
        .prepare(`select count(*) from ${quote(name)}`)
        .pluck()
        .get() as number;
    const migrations = names.includes('kysely_migration') ? column('select name from kysely_migration order by name') : [];
    const referenced = new Set<string>();
    for (const [table, columns] of Object.entries(IMAGE_COLUMNS)) {
      if (!names.includes(table)) continue;
      const rows = db
        .prepare(`select ${columns.map(quote).join(', ')} from ${quote(table)}`)
        .raw()
        .all() as (string | null)[][];
      for (const value of rows.flat()) if (value?.startsWith('/uploads/')) referenced.add(value.slice('/uploads/'.length));
    }
    return { integrity, foreignKeyErrors, migrations, tables, referenced };
  } finally {
    db.close();
  }
}

/** Where a backup reads the images: DATA_DIR/uploads, or the `uploads/` prefix of the bucket. */
interface UploadsSource {
  /** Every file there now, by name, with its size. */
  list(): Promise<Map<string, number>>;
  /** One file's size, or null when it is not there. */
  size(name: string): Promise<number | null>;
  /** Copies one file to `target`; false when it was gone. */
  copyTo(name: string, target: string): Promise<boolean>;
}

function folderSource(dir: string): UploadsSource {
  const size = async (name: string) => {
    const info = await stat(path.join(dir, name)).catch((error) => {
      if (isMissing(error)) return null;
      throw error;
    });
    return info?.isFile() ? info.size : null;
  };
  return {
    async list() {
      const sizes = new Map<string, number>();
      for (const name of await listFiles(dir)) {
        const bytes = await size(name);
        if (bytes !== null) sizes.set(name, bytes);
      }
      return sizes;
    },
    size,
    async copyTo(name, target) {
      try {
        await copyFile(path.join(dir, name), target, constants.COPYFILE_FICLONE);
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}

/**
 * The bucket's images: each download is checked against the object's MD5 (the ETag of a single PUT,
 * which is how the portal writes them), so a backup never keeps bytes damaged on the way.
 */
function bucketSource(store: ObjectStore): UploadsSource {
  const key = (name: string) => `${UPLOADS_PREFIX}/${name}`;
  return {
    async list() {
      const sizes = new Map<string, number>();
      for await (const object of store.list(UPLOADS_PREFIX)) {
        if (isStorageKey(object.key)) sizes.set(object.key.slice(UPLOADS_PREFIX.length + 1), object.size);
      }
      return sizes;
    },
    size: async (name) => (isStorageKey(key(name)) ? ((await store.head(key(name)))?.size ?? null) : null),
    async copyTo(name, target) {
      const found = await store.get(key(name));
      if (!found) return false;
      const md5 = createHash('md5');
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          md5.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(found.body, hashing, createWriteStream(target, { mode: PRIVATE_FILE }));
      const expected = found.etag?.replaceAll('"', '');
      if (expected && /^[0-9a-f]{32}$/.test(expected) && md5.digest('hex') !== expected) {
        await rm(target, { force: true });
        throw new BackupError(`the image ${name} read from the bucket does not match its checksum; nothing was kept.`);
      }
      return true;
    },
  };
}

/**
 * Copies upload files into the backup; a file identical to one in the previous backup (same name and
 * size: stored images are never rewritten) is hard-linked to it instead, so that daily backups do
 * not each hold a full copy of the photos (nor, from a bucket, download them again). A file gone
 * before it could be read is skipped. `sizes` are a listing's, else each file's is asked for.
 */
async function copyUploads(
  names: string[],
  source: UploadsSource,
  to: string,
  copied: Map<string, number>,
  previous: string | null,
  sizes?: Map<string, number>,
): Promise<void> {
  await inPool(names, 8, async (name) => {
    const target = path.join(to, name);
    const size = sizes?.get(name) ?? (await source.size(name));
    if (size === null || copied.get(name) === size) return;
    // A copy caught while the image was still being written is shorter: it is copied again.
    if (copied.has(name)) await rm(target, { force: true });
    if (previous && (await stat(path.join(previous, name)).catch(() => null))?.size === size) {
      const linked = await link(path.join(previous, name), target).then(
        () => true,
        () => false,
      );
      if (linked) {
        copied.set(name, size);
        return;
      }
    }
    if (await source.copyTo(name, target)) copied.set(name, (await stat(target)).size);
  });
}

export async function listFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

export async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Unfinished folders of backups whose process is gone (stopped with Ctrl-C, killed). */
async function removeInterrupted(backupDir: string): Promise<void> {
  for (const name of await readdir(backupDir)) {
    const pid = Number(/^\.partial-.+-(\d+)$/.exec(name)?.[1]);
    if (!pid) continue;
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') await rm(path.join(backupDir, name), { recursive: true, force: true });
    }
  }
}

/** Takes a backup into a new dated folder of backupDir, then applies retention. */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const now = options.now ?? (() => new Date());
  if (!options.databaseUrl && !existsSync(options.sqliteFile)) {
    throw new BackupError(`No database at ${options.sqliteFile}: nothing to back up (has the portal been started with this DATA_DIR?).`);
  }
  const started = now();
  const factoryTime = factoryDateTime(started, options.timeZone);
  const name = factoryTime.replace(' ', '_').replaceAll(':', '-');
  await privateDir(options.backupDir);
  await removeInterrupted(options.backupDir);
  // Built under a name retention and restore ignore, and renamed when complete.
  const staging = path.join(options.backupDir, `.partial-${name}-${process.pid}`);
  const stagingUploads = path.join(staging, UPLOADS_FOLDER);
  await privateDir(stagingUploads);
  try {
    const previous = (await listBackups(options.backupDir))[0];
    const previousUploads = previous ? path.join(previous.folder, UPLOADS_FOLDER) : null;
    const copied = new Map<string, number>();
    const storage = options.storage?.driver === 's3' ? options.storage : null;
    const source = storage ? bucketSource(createObjectStore(storage)) : folderSource(options.uploadsDir);

    // Copy until a pass finds nothing new, so that few images appear between the copy and the snapshot.
    for (let pass = 0; pass < 3; pass++) {
      const sizes = await source.list();
      const fresh = [...sizes.keys()].filter((n) => !copied.has(n));
      if (pass > 0 && fresh.length === 0) break;
      await copyUploads(fresh, source, stagingUploads, copied, previousUploads, sizes);
    }

    const engine = options.databaseUrl ? 'postgres' : 'sqlite';
    const databaseCopy = path.join(staging, options.databaseUrl ? POSTGRES_DUMP_FILE : DATABASE_FILE);
    let facts: DatabaseFacts;
    if (options.databaseUrl) {
      facts = await dumpPostgres(options.databaseUrl, databaseCopy, options.pgBinDir).catch((error) => {
        if (isDiskFull(error)) throw error;
        throw new BackupError(`PostgreSQL could not be dumped: ${(error as Error).message}`);
      });
    } else {
      await snapshotDatabase(options.sqliteFile, databaseCopy);
      facts = inspectDatabase(databaseCopy, { readonly: false });
    }
    const snapshotAt = now();
    if (facts.integrity !== 'ok') throw new BackupError(`The snapshot fails integrity_check: ${facts.integrity}`);
    // The portal enforces foreign keys, so a violation means a damaged database, which restore would refuse.
    if (facts.foreignKeyErrors) throw new BackupError(`The snapshot fails foreign_key_check (${facts.foreignKeyErrors} rows).`);

    // Referenced images written after the copy began (or, in the folder, still being written when it
    // read them; a bucket's PUT is whole or absent, so there only those not yet copied are asked for).
    const again = storage ? [...facts.referenced].filter((n) => !copied.has(n)) : [...facts.referenced];
    await copyUploads(again, source, stagingUploads, copied, null);
    const missing = [...facts.referenced].filter((n) => !copied.has(n)).sort();

    const files: { name: string; bytes: number }[] = [];
    for (const file of (await listFiles(stagingUploads)).sort())
      files.push({ name: file, bytes: (await stat(path.join(stagingUploads, file))).size });
    await syncFile(databaseCopy);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      startedAt: started.toISOString(),
      snapshotAt: snapshotAt.toISOString(),
      factoryTime,
      timeZone: options.timeZone,
      portalVersion: portalVersion(),
      database: {
        engine,
        file: options.databaseUrl ? POSTGRES_DUMP_FILE : DATABASE_FILE,
        bytes: (await stat(databaseCopy)).size,
        sha256: await sha256Of(databaseCopy),
        migrations: facts.migrations,
        tables: facts.tables,
      },
      uploads: {
        source: storage ? { driver: 's3', bucket: storage.bucket } : { driver: 'folder' },
        files,
        referenced: facts.referenced.size,
        missing,
      },
    };
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, privateFile);
    await syncFile(path.join(staging, MANIFEST_FILE));

    let finalName = name;
    for (let n = 2; existsSync(path.join(options.backupDir, finalName)); n++) finalName = `${name}-${n}`;
    const folder = path.join(options.backupDir, finalName);
    // Copies keep their source's mode and SQLite creates the snapshot 0644: owner-only before it appears.
    await tightenTree(staging);
    await rename(staging, folder);
    const removed = await applyRetention(options.backupDir, options.keep, finalName);
    return { folder, manifest, removed };
  } catch (error) {
    // Only this run's own unfinished folder goes; the portal's data was only ever read.
    await rm(staging, { recursive: true, force: true });
    if (isDiskFull(error)) throw new BackupError(`the disk is full: no space left in ${options.backupDir}; nothing was kept.`);
    if (error instanceof StoreUnavailableError) {
      const reason = (error.reason as Error)?.message ?? 'no answer';
      throw new BackupError(`the bucket cannot be reached (${reason}); nothing was kept.`);
    }
    throw error;
  }
}
