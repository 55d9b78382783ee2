import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { loadConfig } from '../../src/config';

/** The configuration of an app a benchmark runs: a fresh secret, the factory's zone, no web build, no logs. */
export const benchConfig = (dataDir: string, tz: string, env: Record<string, string> = {}) =>
  loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    FACTORY_TZ: tz,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    ...env,
  });
