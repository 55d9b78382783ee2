import { errorResponses } from '@portal/contract/common';
import { diskStatus } from '@portal/contract/dashboard';
import type { App } from '../../app-type';
import { diskSpace } from '../../lib/disk-space';
import { routeOptions } from '../../lib/route-options';

const route = routeOptions(['dashboard'], errorResponses(401, 403));

/**
 * `GET /api/dashboard/disk` (admins): free space of DATA_DIR's file system, and whether it is under
 * DISK_WARN_MB, so the admin panel warns before uploads, writes and backups start failing (decision 030).
 */
export function diskRoutes(options: { dataDir: string; warnBelowBytes: number }) {
  return async function disk(app: App) {
    app.get('/dashboard/disk', route('admin', { response: { 200: diskStatus } }), async () => {
      const { freeBytes, totalBytes } = await diskSpace(options.dataDir);
      return { freeBytes, totalBytes, warnBelowBytes: options.warnBelowBytes, low: freeBytes < options.warnBelowBytes };
    });
  };
}
