import { constants, existsSync, renameSync, rmSync } from 'node:fs';
import { copyFile, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import SQLite from 'better-sqlite3';
import type { Config } from '../config';
import { FolderMigrationProvider } from '../db/migrate';
import {
  BACKUP_FORMAT,
  type BackupManifest,
  DATABASE_FILE,
  type DatabaseFacts,
  factoryDateTime,
  inPool,
  inspectDatabase,
  isMissing,
  listFiles,
  MANIFEST_FILE,
  sha256Of,
  syncFile,
  UPLOADS_FOLDER,
} from './backup';
import { POSTGRES_DUMP_FILE, postgresTableCount, postgresTables, restorePostgres, runPostgresTool } from './backup-postgres';
import { privateDir, privateFile, tightenTree } from './file-modes';
import { UPLOADS_PREFIX } from './images';
import { acquireRunLock, describeRunLock, liveRunLocks } from './run-lock';
import { createObjectStore, FolderStore, isStorageKey, type ObjectStore, StoreUnavailableError } from './storage';
import { copyObjects } from './storage-migrate';

/**
 * `npm run restore -- <folder>`: puts a backup made by lib/backup.ts in place of the portal's data.
 * A PostgreSQL backup goes into the empty database of DATABASE_URL with pg_restore, in one
 * transaction (lib/backup-postgres.ts, decision 030); its uploads and the JWT secret as below.
 * Nothing is deleted: the database it replaces (with its -wal/-shm), the uploads and the generated
 * JWT secret are moved into DATA_DIR/pre-restore-<date>/. A new secret is generated at the next
 * start, so every session signed before the restore ends: its account may no longer exist, or may
 * have had its password changed after the backup was taken. Migrations run at that start if the
 * backup is older than the portal.
 *
 * With the images in a bucket (STORAGE_URL or S3_*), the backup's images are put into the bucket
 * before the database changes, each skipped when the bucket already holds it with the same MD5 and
 * verified after its PUT; once the database is in place, the objects of `uploads/` the backup does not
 * hold (written after it) are moved to the bucket's `pre-restore-<date>/` prefix, as the folder's are
 * moved aside (docs/decisions/082-bucket-backups-and-presigned-reads.md).
 */

/** The restore did not happen; the message says why, and nothing was changed. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the replaced data was moved, or null when the data directory held none. */
  aside: string | null;
  /** With a bucket: what the restore put there and moved aside in it. */
  bucket?: BucketRestore;
  warnings: string[];
}

export interface BucketRestore {
  name: string;
  /** Images of the backup put into the bucket. */
  copied: number;
  /** Images the bucket already held with the same size and MD5. */
  skipped: number;
  /** Objects of `uploads/` the backup does not hold, moved to `asidePrefix/`. */
  movedAside: number;
  asidePrefix: string;
}

/** Checks a backup folder as restore needs it; answers its manifest or refuses with the reason. */
export async function checkBackup(folder: string, pgBinDir?: string): Promise<BackupManifest> {
  const refuse = (why: string): never => {
    throw new RestoreRefused(`${folder} is not a usable backup: ${why}.`);
  };
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(folder, MANIFEST_FILE), 'utf8')) as BackupManifest;
  } catch (error) {
    return refuse(isMissing(error) ? `it has no ${MANIFEST_FILE}` : `its ${MANIFEST_FILE} cannot be read`);
  }
  if (manifest?.format !== BACKUP_FORMAT || manifest.formatVersion !== 1) refuse(`its ${MANIFEST_FILE} is not one this portal writes`);

  const postgres = engineOf(manifest) === 'postgres';
  const fileName = postgres ? POSTGRES_DUMP_FILE : DATABASE_FILE;
  const databaseFile = path.join(folder, fileName);
  const info = await stat(databaseFile).catch(() => null);
  if (!info) refuse(`${fileName} is missing`);
  if (info?.size !== manifest.database.bytes || (await sha256Of(databaseFile)) !== manifest.database.sha256) {
    refuse(`${fileName} does not match the checksum in its manifest (the copy is damaged)`);
  }
  let migrations = manifest.database.migrations;
  if (postgres) {
    // The archive's table of contents; its rows are checked against the manifest once restored.
    await runPostgresTool('pg_restore', ['--list', databaseFile], pgBinDir).catch((error) =>
      refuse(`pg_restore cannot read ${fileName} (${(error as Error).message})`),
    );
  } else {
    let facts: DatabaseFacts;
    try {
      facts = inspectDatabase(databaseFile, { readonly: true });
    } catch (error) {
      return refuse(`SQLite cannot read ${DATABASE_FILE} (${(error as Error).message})`);
    }
    if (facts.integrity !== 'ok') refuse(`${DATABASE_FILE} fails integrity_check: ${facts.integrity}`);
    if (facts.foreignKeyErrors) refuse(`${DATABASE_FILE} fails foreign_key_check (${facts.foreignKeyErrors} rows)`);
    if (JSON.stringify(facts.tables) !== JSON.stringify(manifest.database.tables)) refuse('its row counts differ from its manifest');
    migrations = facts.migrations;
  }
  const known = Object.keys(await new FolderMigrationProvider().getMigrations());
  const unknown = migrations.filter((name) => !known.includes(name));
  if (unknown.length) {
    refuse(`it was made by a newer portal (migrations ${unknown.join(', ')} are unknown to this one): update the portal first`);
  }

  const uploads = path.join(folder, UPLOADS_FOLDER);
  const damaged: string[] = [];
  await inPool(manifest.uploads.files, 8, async (file) => {
    if ((await stat(path.join(uploads, file.name)).catch(() => null))?.size !== file.bytes) damaged.push(file.name);
  });
  if (damaged.length) refuse(`${damaged.length} image files of its manifest are missing or damaged (${damaged.slice(0, 3).join(', ')})`);
  return manifest;
}

/**
 * Merges the WAL into the database file before it is moved aside, so the file kept there is whole on
 * its own. A damaged database (often the reason for a restore) may refuse: its -wal goes with it then.
 */
function checkpoint(sqliteFile: string): string | null {
  try {
    const db = new SQLite(sqliteFile, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
    return null;
  } catch (error) {
    return `the current database could not be checkpointed (${(error as Error).message}); its -wal and -shm files were moved with it`;
  }
}

const engineOf = (manifest: BackupManifest) => manifest.database.engine ?? 'sqlite';

/** A PostgreSQL backup goes into an empty database only: never over a portal's live data. */
async function checkPostgresTarget(databaseUrl: string | undefined): Promise<string> {
  if (!databaseUrl) {
    throw new RestoreRefused(
      'This backup holds a PostgreSQL database: set DATABASE_URL to an empty database (createdb) to restore it; nothing was changed.',
    );
  }
  let tables: number;
  try {
    tables = await postgresTableCount(databaseUrl);
  } catch (error) {
    throw new RestoreRefused(`PostgreSQL cannot be reached through DATABASE_URL (${(error as Error).message}); nothing was changed.`);
  }
  if (tables) {
    throw new RestoreRefused(
      `the database of DATABASE_URL is not empty (${tables} tables): restore into an empty database (createdb) and point DATABASE_URL at it; nothing was changed.`,
    );
  }
  return databaseUrl;
}

export async function restoreBackup(config: Config, folder: string, now = new Date()): Promise<RestoreResult> {
  const lock = acquireRunLock(config.dataDir, 'restore');
  try {
    // Checked after this restore's own lock is written, as a starting server writes its lock before
    // looking for a restore: of two that start together, at least one sees the other.
    const running = liveRunLocks(config.dataDir);
    if (running.length) {
      throw new RestoreRefused(`${describeRunLock(running[0])} is using ${config.dataDir}. Stop it first; nothing was changed.`);
    }
    const manifest = await checkBackup(folder, config.backup.pgBinDir);
    const postgresUrl = engineOf(manifest) === 'postgres' ? await checkPostgresTarget(config.databaseUrl) : null;
    if (!postgresUrl && config.databaseUrl) {
      throw new RestoreRefused(
        'This backup holds the embedded SQLite database, but DATABASE_URL is set: unset it to restore into DATA_DIR; nothing was changed.',
      );
    }
    const warnings: string[] = [];
    if (manifest.uploads.missing.length) {
      warnings.push(`${manifest.uploads.missing.length} images the backup's database references were already missing when it was taken.`);
    }
    if (config.jwtSecret) {
      warnings.push(
        'JWT_SECRET is set: sessions signed before the restore stay valid until it is changed; change it before starting the portal.',
      );
    }

    const stamp = factoryDateTime(now, config.factoryTz).replace(' ', '_').replaceAll(':', '-');
    const s3 = config.storage.driver === 's3' ? config.storage : null;
    const store = s3 ? createObjectStore(s3) : null;
    let bucket: BucketRestore | undefined;

    // The copies are made beside the live data first, so that the switch is a few renames.
    const tag = `.restoring-${process.pid}`;
    const newDatabase = `${config.sqliteFile}${tag}`;
    const newUploads = `${config.uploadsDir}${tag}`;
    const discardCopies = () => {
      rmSync(newDatabase, { force: true });
      rmSync(newUploads, { recursive: true, force: true });
    };
    try {
      if (!postgresUrl) {
        await copyFile(path.join(folder, DATABASE_FILE), newDatabase);
        await syncFile(newDatabase);
        if ((await sha256Of(newDatabase)) !== manifest.database.sha256) {
          throw new RestoreRefused(
            `the copy of ${DATABASE_FILE} in ${config.dataDir} differs from the backup (is the disk full?); nothing was changed.`,
          );
        }
      }
      if (s3 && store) {
        // Before the database: its rows never name an image the bucket lacks.
        const put = await putIntoBucket(folder, store);
        bucket = { name: s3.bucket, ...put, movedAside: 0, asidePrefix: `pre-restore-${stamp.replace('_', '-')}` };
      } else {
        await privateDir(newUploads);
        const source = path.join(folder, UPLOADS_FOLDER);
        await inPool(await listFiles(source), 8, (name) =>
          copyFile(path.join(source, name), path.join(newUploads, name), constants.COPYFILE_FICLONE),
        );
        // A copy keeps its source's mode: a backup made before decision 030 holds files 0644.
        await tightenTree(newUploads);
      }
      await tightenTree(newDatabase);
      if (postgresUrl) {
        // One transaction: a failure leaves the database empty, as it was.
        await restorePostgres(postgresUrl, path.join(folder, POSTGRES_DUMP_FILE), config.backup.pgBinDir).catch((error) => {
          throw new RestoreRefused(
            `pg_restore failed, the database was left empty and nothing else was changed: ${(error as Error).message}`,
          );
        });
        const tables = await postgresTables(postgresUrl);
        if (JSON.stringify(tables) !== JSON.stringify(manifest.database.tables)) {
          warnings.push(`the restored database's row counts differ from the manifest: ${JSON.stringify(tables)}`);
        }
      }
    } catch (error) {
      discardCopies();
      throw error;
    }

    const sqliteFiles = postgresUrl ? [] : ['', '-wal', '-shm', '-journal'].map((suffix) => `${config.sqliteFile}${suffix}`);
    const current = [...sqliteFiles, ...(store ? [] : [config.uploadsDir]), path.join(config.dataDir, 'jwt-secret')].filter((p) =>
      existsSync(p),
    );
    let aside: string | null = null;
    const done: [from: string, to: string][] = [];
    const move = async (from: string, to: string) => {
      await rename(from, to);
      done.push([from, to]);
    };
    try {
      if (current.length) {
        if (!postgresUrl && existsSync(config.sqliteFile)) {
          const warning = checkpoint(config.sqliteFile);
          if (warning) warnings.push(warning);
        }
        aside = path.join(config.dataDir, `pre-restore-${stamp}`);
        for (let n = 2; existsSync(aside); n++) aside = path.join(config.dataDir, `pre-restore-${stamp}-${n}`);
        await privateDir(aside);
        // A checkpoint removes the -wal and -shm files: only what is still there is moved.
        for (const p of current) if (existsSync(p)) await move(p, path.join(aside, path.basename(p)));
      }
      if (!postgresUrl) await move(newDatabase, config.sqliteFile);
      if (!store) await move(newUploads, config.uploadsDir);
    } catch (error) {
      for (const [from, to] of done.reverse()) renameSync(to, from);
      discardCopies();
      throw error;
    }
    if (store && bucket) {
      const keep = new Set(manifest.uploads.files.map((file) => `${UPLOADS_PREFIX}/${file.name}`));
      bucket.movedAside = await setAside(store, keep, bucket.asidePrefix, warnings);
    }
    if (aside) {
      const note = [
        `Moved here by \`npm run restore\` at ${factoryDateTime(now, config.factoryTz)} (${config.factoryTz}),`,
        `before restoring ${folder} (backup of ${manifest.factoryTime}).`,
        `To go back: stop the portal, and move these files back into ${config.dataDir}.`,
        ...(bucket?.movedAside
          ? [`The bucket's images written after the backup were moved to its prefix ${bucket.asidePrefix}/ (back to uploads/ to go back).`]
          : []),
      ];
      await writeFile(path.join(aside, 'RESTORE.txt'), `${note.join('\n')}\n`, privateFile);
    }
    return { manifest, aside, bucket, warnings };
  } finally {
    lock.release();
  }
}

/** The backup's images into the bucket: resumable and verified (lib/storage-migrate.ts); refuses on any failure. */
async function putIntoBucket(folder: string, store: ObjectStore): Promise<{ copied: number; skipped: number }> {
  try {
    const { copied, skipped, failed } = await copyObjects(new FolderStore(folder), store, [UPLOADS_PREFIX]);
    if (failed.length) {
      throw new RestoreRefused(
        `${failed.length} images could not be put into the bucket and verified (${failed.slice(0, 3).join(', ')}); the database was not changed: run the restore again.`,
      );
    }
    return { copied, skipped };
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    throw new RestoreRefused(
      `the bucket cannot be reached (${(error.reason as Error)?.message ?? 'no answer'}); the database was not changed, and the images already put there are kept for the next attempt.`,
    );
  }
}

/**
 * Moves the objects of `uploads/` that the backup does not hold (written after it, so no restored row
 * names them) to `<prefix>/`: kept, as the folder's are kept aside, instead of left to the start-up
 * sweep. A failure is a warning: what stays is swept after its grace, and a versioned bucket keeps it.
 */
async function setAside(store: ObjectStore, keep: Set<string>, prefix: string, warnings: string[]): Promise<number> {
  let moved = 0;
  try {
    const keys: string[] = [];
    for await (const { key } of store.list(UPLOADS_PREFIX)) if (isStorageKey(key) && !keep.has(key)) keys.push(key);
    for (const key of keys) {
      const found = await store.get(key);
      if (!found) continue;
      await store.put(`${prefix}/${key.slice(UPLOADS_PREFIX.length + 1)}`, await buffer(found.body), found.contentType);
      await store.remove(key);
      moved++;
    }
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    warnings.push(
      `the bucket's images written after the backup could not all be moved to ${prefix}/ (${moved} were); the start-up sweep removes the rest (a versioned bucket keeps them).`,
    );
  }
  return moved;
}
