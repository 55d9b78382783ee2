import path from 'node:path';
import type { Db } from '../db/index';
import { UPLOADS_PREFIX } from './images';
import type { Log } from './log';
import { FolderStore, type ObjectStore } from './storage';

/**
 * Every column that holds a public upload path ('/uploads/<name>'). A new image column must be added
 * here, or the sweep would take its files for orphans (test/crash/upload-sweep checks the schema).
 */
export const IMAGE_COLUMNS = {
  tramos: ['imagen', 'imagen_thumb'],
  wall_posts: ['image_path', 'image_thumb'],
  wall_comments: ['image_path', 'image_thumb'],
} as const;

/**
 * Every column that holds an object store key of a file other than an image, with the key's prefix:
 * the lots' 3.1 certificates (docs/decisions/076-lot-certificates.md). A new kind of file is added here,
 * or the sweep would take its objects for orphans.
 */
export const FILE_COLUMNS = {
  weld_lots: { column: 'certificate_path', prefix: 'certificates' },
} as const;

/** The names the portal generates for those files: a random UUID and the file's extension. */
const GENERATED_FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,5}$/;

/** Only names the image store generates are ever swept; anything else in the folder is left alone. */
const GENERATED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:_thumb)?\.webp$/;

/**
 * Long enough that no request is still between writing its file and committing its row, even on
 * another instance sharing the folder: only files this old are safe to judge.
 */
export const SWEEP_MIN_AGE_MS = 10 * 60_000;

export interface SweepResult {
  scanned: number;
  removed: string[];
}

async function referencedNames(db: Db): Promise<Set<string>> {
  const names = new Set<string>();
  for (const [table, columns] of Object.entries(IMAGE_COLUMNS)) {
    // biome-ignore lint/suspicious/noExplicitAny: the table and columns come from the constant above
    const rows: Record<string, string | null>[] = await (db as any).selectFrom(table).select(columns).execute();
    for (const row of rows) {
      for (const column of columns) {
        const value = row[column];
        if (value?.startsWith('/uploads/')) names.add(value.slice('/uploads/'.length));
      }
    }
  }
  return names;
}

/**
 * Removes image files no row references. A process killed between storing an upload and committing
 * its row (or between committing a replacement and removing the old files), or a store that went away
 * between the two, leaves such files; they are never served to anyone but would pile up. Runs at
 * start, before the server takes requests, over the folder or the bucket (decision 068); a string is
 * the uploads folder (DATA_DIR/uploads).
 */
export async function sweepOrphanUploads(db: Db, where: ObjectStore | string, minAgeMs = SWEEP_MIN_AGE_MS): Promise<SweepResult> {
  const store = typeof where === 'string' ? new FolderStore(path.dirname(where)) : where;
  const cutoff = Date.now() - minAgeMs;
  let scanned = 0;
  const old: string[] = [];
  for await (const { key, lastModified } of store.list(UPLOADS_PREFIX)) {
    scanned++;
    const name = key.slice(UPLOADS_PREFIX.length + 1);
    if (GENERATED_NAME.test(name) && lastModified.getTime() < cutoff) old.push(name);
  }
  if (old.length === 0) return { scanned, removed: [] };
  // Read after listing: a row committed meanwhile is seen, so its (old) file is kept.
  const referenced = await referencedNames(db);
  const removed = old.filter((name) => !referenced.has(name));
  for (const name of removed) await store.remove(`${UPLOADS_PREFIX}/${name}`);
  return { scanned, removed };
}

/**
 * Removes the files of FILE_COLUMNS (the certificates) that no row names, after the same grace as the
 * images: an upload cut between its object and its row, or a replaced file whose removal failed.
 */
export async function sweepOrphanFiles(db: Db, store: ObjectStore, minAgeMs = SWEEP_MIN_AGE_MS): Promise<SweepResult> {
  const cutoff = Date.now() - minAgeMs;
  let scanned = 0;
  const removed: string[] = [];
  for (const [table, { column, prefix }] of Object.entries(FILE_COLUMNS)) {
    const old: string[] = [];
    for await (const { key, lastModified } of store.list(prefix)) {
      scanned++;
      if (GENERATED_FILE_NAME.test(key.slice(prefix.length + 1)) && lastModified.getTime() < cutoff) old.push(key);
    }
    if (!old.length) continue;
    // Read after listing: a row committed meanwhile is seen, so its file is kept.
    // biome-ignore lint/suspicious/noExplicitAny: the table and column come from the constant above
    const rows: Record<string, string | null>[] = await (db as any)
      .selectFrom(table)
      .select(column)
      .where(column, 'is not', null)
      .execute();
    const referenced = new Set(rows.map((r) => r[column]));
    for (const key of old.filter((k) => !referenced.has(k))) {
      await store.remove(key);
      removed.push(key);
    }
  }
  return { scanned, removed };
}

/** The start-up call: a failing sweep (the store away) is logged and never keeps the server from starting. */
export async function sweepAtStart(db: Db, store: ObjectStore, log: Log): Promise<void> {
  try {
    const { scanned, removed } = await sweepOrphanUploads(db, store);
    if (removed.length) log.warn({ scanned, removed: removed.length }, 'removed orphaned upload files');
    const files = await sweepOrphanFiles(db, store);
    if (files.removed.length) log.warn({ scanned: files.scanned, removed: files.removed.length }, 'removed orphaned files (certificates)');
  } catch (error) {
    log.error({ err: error }, 'orphaned upload sweep failed');
  }
}
