import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * SQLite's WAL checkpoints off the write path (docs/decisions/108-telemetry-bursts-on-sqlite.md). By
 * default the connection that commits past 1,000 WAL pages copies them into the database file and
 * syncs it before its commit returns; better-sqlite3 runs that on the event loop, so every request and
 * MQTT message waited for it (100 to 330 ms at a time in a telemetry burst on the shared machine).
 * Here the app's connection never checkpoints (wal_autocheckpoint = 0): a worker thread with a
 * connection of its own runs a PASSIVE checkpoint every second, which takes no lock a writer or
 * reader waits for. Commits are as durable as before (the WAL is synced at each one under FULL); the
 * checkpoint only moves committed pages into the main file, and the writer starts the WAL again from
 * its beginning once a checkpoint copied all of it, so it stays about a second of writes long.
 */

/** How often the worker checkpoints. */
export const CHECKPOINT_EVERY_MS = 1000;

/** The worker's source (plain CommonJS, evaluated: the bundled server has no file of it to load). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = ' + workerData.synchronous);
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // A checkpoint that fails (the file being replaced by a restore) is tried again at the next tick.
  }
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  process.exit(0);
});
`;

/**
 * Starts the checkpointing worker for the SQLite file the connection has open in WAL mode and turns
 * the connection's own checkpoints off; should the worker fail, they are turned on again. Answers a
 * function to call before the connection is closed: it stops the worker and checkpoints once more.
 */
export function checkpointInBackground(sqlite: SQLite.Database, file: string, synchronous: 'FULL' | 'NORMAL'): () => void {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, synchronous, everyMs: CHECKPOINT_EVERY_MS } });
  // The process ends whether the worker runs or not.
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  let stopped = false;
  const fallBack = () => {
    if (!stopped && sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
    stopped = true;
  };
  worker.once('error', fallBack);
  worker.once('exit', fallBack);
  return () => {
    if (!stopped) worker.postMessage('stop');
    stopped = true;
    // The worker may still hold its connection when this one closes, which then is not the last and
    // leaves the WAL as it is: a last checkpoint here keeps the file whole on its own, as before.
    // A checkpoint running in the worker makes this one busy at once (SQLite calls no busy handler
    // for that): tried again for up to 2 s.
    const pause = new Int32Array(new SharedArrayBuffer(4));
    for (let attempt = 0; attempt < 100; attempt++) {
      try {
        const [result] = sqlite.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
        if (!result.busy && result.checkpointed === result.log) return;
      } catch {
        return; // Nothing more to do on the way out: the WAL is read at the next start.
      }
      Atomics.wait(pause, 0, 0, 20);
    }
  };
}
