import { statfs } from 'node:fs/promises';
import { Gauge, type Registry } from 'prom-client';

/**
 * A full disk (decision 030): the errors it raises, the free space of DATA_DIR's file system for the
 * metrics and the admin panel. A write refused for want of space answers 507 with Retry-After; the
 * database rolls its transaction back and the image store removes what it wrote, so nothing half-made
 * stays, and the same request succeeds once space returns.
 */

/** ENOSPC/EDQUOT from a file write, SQLITE_FULL from SQLite, 53100 (disk_full) from PostgreSQL. */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

export function isDiskFull(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && DISK_FULL_CODES.has(e.code)) return true;
  }
  return false;
}

/** Seconds a client waits before trying a write again after a 507. */
export const DISK_FULL_RETRY_AFTER_SECONDS = 60;

export interface DiskSpace {
  /** Bytes an unprivileged process may still write. */
  freeBytes: number;
  totalBytes: number;
}

export async function diskSpace(dir: string): Promise<DiskSpace> {
  const info = await statfs(dir);
  return { freeBytes: info.bavail * info.bsize, totalBytes: info.blocks * info.bsize };
}

/** `portal_data_dir_free_bytes`, read at each scrape. */
export function registerDiskGauge(register: Registry, dataDir: string): void {
  new Gauge({
    name: 'portal_data_dir_free_bytes',
    help: 'Free bytes of the file system holding DATA_DIR (the SQLite database, uploads, backups)',
    registers: [register],
    async collect() {
      this.set((await diskSpace(dataDir)).freeBytes);
    },
  });
}
