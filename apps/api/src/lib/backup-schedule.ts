import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { factoryDateTime } from './backup';

/**
 * The backup command: src/scripts/backup.ts when this module runs through tsx; once compiled
 * (scripts/build-api.mjs), backup.js beside the bundle that holds this module.
 */
const here = fileURLToPath(import.meta.url);
const backupScript = here.endsWith('.ts')
  ? path.join(path.dirname(here), '..', 'scripts', 'backup.ts')
  : path.join(path.dirname(here), 'backup.js');

export interface CommandResult {
  code: number | null;
  output: string;
}

/**
 * `npm run backup`'s command in a child process, on this server's configuration. Not in the server's
 * own thread: better-sqlite3 is synchronous, and on a database of half a gigabyte the snapshot's
 * checks (integrity_check, row counts) held the event loop for 14 s.
 */
export function runBackupCommand(config: Config): Promise<CommandResult> {
  const args = backupScript.endsWith('.ts') ? ['--import', 'tsx', backupScript] : [backupScript];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: {
        ...process.env,
        DATA_DIR: config.dataDir,
        BACKUP_DIR: config.backup.dir,
        BACKUP_KEEP: String(config.backup.keep),
        FACTORY_TZ: config.factoryTz,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output: output.trim() }));
  });
}

/**
 * The server's daily backup at BACKUP_HOUR on the factory's clock (SQLite only). The clock is read
 * every minute rather than a timer set for the next run, so a daylight-saving change or a machine
 * that slept cannot shift it; an hour that a daylight-saving change skips has no backup that day.
 */
export function scheduleDailyBackup(config: Config, log: FastifyBaseLogger, everyMs = 60_000): () => void {
  const hour = config.backup.hour;
  if (hour === null) return () => {};
  let lastDay = '';
  let running = false;
  const check = () => {
    const [day, time] = factoryDateTime(new Date(), config.factoryTz).split(' ');
    if (running || day === lastDay || Number(time.slice(0, 2)) !== hour) return;
    lastDay = day;
    running = true;
    runBackupCommand(config)
      .then(({ code, output }) => {
        if (code === 0) log.info({ output }, 'daily backup done');
        else log.error({ code, output }, 'daily backup failed');
      })
      .catch((error: unknown) => log.error({ err: error }, 'daily backup failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(check, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
