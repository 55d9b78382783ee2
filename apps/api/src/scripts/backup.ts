import { loadConfig } from '../config';
import { BackupError, backupOptions, createBackup } from '../lib/backup';

/**
 * `npm run backup`: a consistent copy of the database (SQLite's backup API, or pg_dump with
 * DATABASE_URL) and the uploads into a dated folder of BACKUP_DIR, taken beside the running portal,
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
  console.log(`  uploads: ${manifest.uploads.files.length} files (${manifest.uploads.referenced} referenced by the database)`);
  if (removed.length) console.log(`  retention (BACKUP_KEEP=${config.backup.keep}) removed: ${removed.join(', ')}`);
  const { missing } = manifest.uploads;
  if (config.storage.driver === 's3') {
    // The images live in the bucket, which this backup does not copy: the bucket's own versioning
    // (or replication) keeps them (docs/decisions/068-object-storage.md).
    console.log(`  images: in the bucket ${config.storage.bucket}, not in this backup (back the bucket up with its versioning)`);
  } else if (missing.length) {
    const listed = `${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`;
    console.error(
      `The backup lacks ${missing.length} images its database references, missing from ${config.uploadsDir} (${listed}; all in manifest.json).`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`Backup failed: ${error.message}`);
  process.exitCode = 1;
}
