import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createObjectStore, FolderStore, StoreUnavailableError } from '../lib/storage';
import { copyObjects } from '../lib/storage-migrate';

/**
 * `npm run storage:migrate -- --to bucket` copies DATA_DIR's files (DATA_DIR/uploads) into the bucket
 * that STORAGE_URL or S3_* names; `--to folder` copies the bucket's objects back into DATA_DIR
 * (docs/decisions/068-object-storage.md). Resumable and verified by MD5; nothing is deleted. Run it
 * before switching the portal to the bucket (or back), and again after: the second run copies only
 * what arrived meanwhile. Exits non-zero when any object did not verify.
 */
const { values } = parseArgs({ options: { to: { type: 'string' } } });
const config = loadConfig();
if (config.storage.driver !== 's3') {
  console.error('No bucket configured: set STORAGE_URL or the S3_* variables (docs/configuration.md).');
  process.exit(1);
}
if (values.to !== 'bucket' && values.to !== 'folder') {
  console.error('Usage: npm run storage:migrate -- --to bucket|folder');
  process.exit(1);
}
const folder = new FolderStore(config.dataDir);
const bucket = createObjectStore(config.storage);
const [from, to] = values.to === 'bucket' ? [folder, bucket] : [bucket, folder];
const tty = process.stdout.isTTY;
let lastLine = 0;
const result = await copyObjectsOrExit(from, to, undefined, (done, total) => {
  const width = 30;
  const filled = total ? Math.round((done / total) * width) : width;
  const line = `[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total}`;
  if (tty) process.stdout.write(`\r${line}`);
  else if (done === total || Date.now() - lastLine > 5_000) {
    lastLine = Date.now();
    console.log(line);
  }
});
if (tty) process.stdout.write('\n');

/** The copy; a bucket that cannot be reached ends the run with its reason, not a stack trace. */
async function copyObjectsOrExit(...args: Parameters<typeof copyObjects>) {
  try {
    return await copyObjects(...args);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    console.error(
      `\nThe bucket cannot be reached (${(error.reason as Error)?.message ?? 'no answer'}); run again once it answers: what was copied is kept.`,
    );
    process.exit(1);
  }
}
console.log(`copied ${result.copied}, already there ${result.skipped}, failed ${result.failed.length}`);
if (result.failed.length) {
  console.error(`Not verified: ${result.failed.slice(0, 10).join(', ')}${result.failed.length > 10 ? ', …' : ''}`);
  process.exitCode = 1;
}
