import type { Config } from './config';
import type { Db, DbEngine } from './db/index';
import type { ImageStore } from './plugins/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbEngine: DbEngine;
    images: ImageStore;
  }
}
