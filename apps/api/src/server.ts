import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDb, dbOptionsOf } from './db/index';
import { scheduleDailyBackup } from './lib/backup-schedule';
import { tightenAtStart } from './lib/file-modes';
import { acquireServerLock } from './lib/run-lock';
import { createObjectStore } from './lib/storage';
import { sweepAtStart } from './lib/upload-sweep';
import { ensureAdmin } from './modules/users/bootstrap';

/** No line per request received or answered; a request that errors is still logged, as are warnings. */
class QuietRequestLog extends LogController {
  incomingRequest() {}
  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) super.requestCompleted(error, request, reply);
  }
  routeNotFound() {}
}

const config = loadConfig();
// `npm run restore` refuses while this process runs; the lock goes at exit (a crash's stale one does not count).
if (!config.databaseUrl) acquireServerLock(config.dataDir);
const handle = createDb(dbOptionsOf(config));
const app = await buildApp({
  config,
  db: handle,
  logger: {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.body.password', 'req.body.currentPassword', 'req.body.newPassword'],
  },
  logController: config.logRequests ? undefined : new QuietRequestLog(),
});
await tightenAtStart({ dataDir: config.dataDir, uploadsDir: config.uploadsDir, backupDir: config.backup.dir }, app.log);
// A crash is logged as message and code (lib/log-error.ts), not printed whole by Node: a database
// error may hold its client and its query.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => {
    app.log.fatal({ err: error }, `${event}: exiting`);
    process.exit(1);
  });
}
await ensureAdmin(handle.db, handle.engine, config, app.log);
await sweepAtStart(handle.db, createObjectStore(config.storage), app.log);
if (handle.engine === 'sqlite') scheduleDailyBackup(config, app.log);
if (!config.webDist) app.log.warn('apps/web/dist not found: run `npm run build` to serve the web client');

// Graceful shutdown (tested under write load by test/crash/crash-run.ts): app.close() stops accepting connections, answers
// 503 to new requests on kept-alive ones, ends the event streams (their clients reconnect, through
// the balancer to another instance), waits for the requests in flight and closes the database. An
// acknowledged write has committed; one cut by the grace limit was never acknowledged.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error({ pending: process.getActiveResourcesInfo() }, 'requests still in flight after the shutdown grace: exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    // A second signal is an operator who will not wait.
    process.once(signal, () => process.exit(1));
    // close() drops the connections idle at its call only; one whose request finishes later would be
    // kept alive for its client (72 s) and hold the exit: drop those too as they fall idle.
    const idle = setInterval(() => app.server.closeIdleConnections(), 50);
    idle.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ port: config.port, host: config.host });
