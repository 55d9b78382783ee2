import { loadConfig } from '../config';
import { BackupError, backupOptions, createBackup } from '../lib/backup';

/**
 * `npm run backup`: a consistent copy of the database (SQLite's backup API, or pg_dump with
 * DATABASE_URL) and the images (from DATA_DIR/uploads, or from the bucket) into a dated folder of BACKUP_DIR, taken beside the running portal,
 * then retention (BACKUP_KEEP newest). Exits non-zero when nothing usable was written, or when images
 * the database references could not be copied.
 */
const config = loadConfig();
try {
  const { folder, manifest, removed } = await createBackup(backupOptions(config));
  const rows = Object.values(manifest.database.tables).reduce((sum, n) => sum + n, 0);
  console.log(`Backup written to ${folder}`);
  console.log(
    `  database (${manifest.database.engine}): ${manifest.database.bytes} bytes, ${rows} rows in ${Object.keys(manifest.database.tables).length} tables`,
  );
  const from = config.storage.driver === 's3' ? `from the bucket ${config.storage.bucket}` : `from ${config.uploadsDir}`;
  console.log(`  images: ${manifest.uploads.files.length} files ${from} (${manifest.uploads.referenced} referenced by the database)`);
  if (removed.length) console.log(`  retention (BACKUP_KEEP=${config.backup.keep}) removed: ${removed.join(', ')}`);
  const { missing } = manifest.uploads;
  if (missing.length) {
    const listed = `${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`;
    console.error(`The backup lacks ${missing.length} images its database references, missing ${from} (${listed}; all in manifest.json).`);
    process.exitCode = 1;
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`Backup failed: ${error.message}`);
  process.exitCode = 1;
}
