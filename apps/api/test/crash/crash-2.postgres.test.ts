import { describe, vi } from 'vitest';
import { pgUnavailable, TEST_DB } from '../helper';

// crash-run.ts keeps the run's ledger in module state, and the API files share their worker's modules
// (vitest.config.ts, isolate: false): this file takes a fresh copy of it.
vi.resetModules();
const { crashSuite, ITERATIONS, ROUNDS } = await import('./crash-run');

// The second half of the PostgreSQL crash test's kills and its graceful stops (crash.postgres.test.ts
// runs the first half), on a server and schema of its own.
describe.skipIf(pgUnavailable || TEST_DB !== 'postgres')('PostgreSQL', () => {
  crashSuite('postgres', { from: Math.floor(ITERATIONS / 2) + 1, to: ROUNDS });
});
