import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { RestoreRefused, restoreBackup } from '../lib/restore';

/**
 * `npm run restore -- <folder>`: puts a backup in place of the portal's data (lib/restore.ts). The
 * folder is a path, or the name of a folder of BACKUP_DIR. Refuses while the portal runs.
 */
const { positionals } = parseArgs({ allowPositionals: true, options: {} });
const config = loadConfig();
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <backup folder>   (a path, or a folder name in BACKUP_DIR)');
  process.exitCode = 1;
} else {
  // npm runs scripts from the repository root; a relative path means the operator's directory.
  const given = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]);
  const folder = existsSync(given) ? given : path.join(config.backup.dir, positionals[0]);
  try {
    const { manifest, aside, bucket, warnings } = await restoreBackup(config, folder);
    console.log(`Restored the backup of ${manifest.factoryTime} (${manifest.timeZone}) from ${folder} into ${config.dataDir}.`);
    if (aside) console.log(`The data it replaced was moved to ${aside} (nothing was deleted).`);
    if (bucket) {
      console.log(`Images in the bucket ${bucket.name}: ${bucket.copied} put back, ${bucket.skipped} already there and identical.`);
      if (bucket.movedAside)
        console.log(`  ${bucket.movedAside} images written after the backup were moved to ${bucket.asidePrefix}/ in the bucket.`);
    }
    for (const warning of warnings) console.warn(`Warning: ${warning}`);
    console.log('Start the portal: it migrates the database if the backup is older, and everyone signs in again.');
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    console.error(`Restore refused: ${error.message}`);
    process.exitCode = 1;
  }
}
