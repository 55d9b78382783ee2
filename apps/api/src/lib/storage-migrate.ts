import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { contentTypeOf, isStorageKey, type ObjectStore } from './storage';

/** The prefixes the portal keeps files under today (lib/images.ts UPLOADS_PREFIX). */
export const MIGRATED_PREFIXES = ['uploads'] as const;

export interface CopyResult {
  copied: number;
  /** Already in the target with the same size and MD5: a run that was cut resumes past them. */
  skipped: number;
  /** Keys whose copy did not verify (or vanished from the source meanwhile). */
  failed: string[];
}

/**
 * Copies every object under the prefixes from one store to the other (`npm run storage:migrate`,
 * docs/decisions/068-object-storage.md): resumable (an object already in the target with the same
 * size and MD5 is skipped) and verified (the bytes read must match the source's MD5, the target's
 * PUT carries Content-MD5, and the target's copy is read back by its facts). Nothing is deleted from
 * the source.
 */
export async function copyObjects(
  from: ObjectStore,
  to: ObjectStore,
  prefixes: readonly string[] = MIGRATED_PREFIXES,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<CopyResult> {
  const keys: string[] = [];
  // Only keys the portal writes: a stray file (a note, an editor's backup) is no object of its own.
  for (const prefix of prefixes) for await (const { key } of from.list(prefix)) if (isStorageKey(key)) keys.push(key);
  const result: CopyResult = { copied: 0, skipped: 0, failed: [] };
  onProgress(0, keys.length);
  for (const [index, key] of keys.entries()) {
    const source = await from.head(key);
    const target = await to.head(key);
    if (source && target && target.size === source.size && target.md5 !== undefined && target.md5 === source.md5) {
      result.skipped++;
    } else {
      const found = source ? await from.get(key) : null;
      const bytes = found ? await buffer(found.body) : null;
      const md5 = bytes && createHash('md5').update(bytes).digest('hex');
      if (!bytes || (source?.md5 && md5 !== source.md5)) {
        result.failed.push(key);
      } else {
        await to.put(key, bytes, found?.contentType ?? contentTypeOf(key));
        const written = await to.head(key);
        if (written?.size === bytes.length && (written.md5 === undefined || written.md5 === md5)) result.copied++;
        else result.failed.push(key);
      }
    }
    onProgress(index + 1, keys.length);
  }
  return result;
}
