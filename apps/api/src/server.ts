import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDb } from './db/index';
import { scheduleDailyBackup } from './lib/backup-schedule';
import { ensureAdmin } from './lib/bootstrap';
import { acquireServerLock } from './lib/run-lock';
import { sweepAtStart } from './lib/upload-sweep';

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
const handle = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
const app = await buildApp({
  config,
  db: handle,
  logger: {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.body.password', 'req.body.currentPassword', 'req.body.newPassword'],
  },
  logController: config.logRequests ? undefined : new QuietRequestLog(),
});
await ensureAdmin(handle.db, handle.engine, config, app.log);
await sweepAtStart(handle.db, config.uploadsDir, app.log);
if (handle.engine === 'sqlite') scheduleDailyBackup(config, app.log);
if (!config.webDist) app.log.warn('apps/web/dist not found: run `npm run build` to serve the web client');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ port: config.port, host: config.host });
