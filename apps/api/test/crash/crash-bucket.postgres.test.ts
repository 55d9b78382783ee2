import { describe, vi } from 'vitest';
import { pgUnavailable, TEST_DB } from '../helper';

// crash-run.ts keeps the run's ledger in module state, and the API files share their worker's modules
// (vitest.config.ts, isolate: false): this file takes a fresh copy of it.
vi.resetModules();
const { crashSuite, ITERATIONS } = await import('./crash-run');

// The crash test's kills on PostgreSQL with the images in a bucket of s3rver
// (docs/decisions/068-object-storage.md): a quarter of the kills, on a server and schema of its own.
describe.skipIf(pgUnavailable || TEST_DB !== 'postgres')('PostgreSQL with a bucket', () => {
  crashSuite('postgres', { from: 1, to: Math.max(1, Math.floor(ITERATIONS / 4)) }, 'bucket');
});
