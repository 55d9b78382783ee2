import { describe, vi } from 'vitest';
import { pgUnavailable, TEST_DB } from '../helper';

// crash-run.ts keeps the run's ledger in module state, and the API files share their worker's modules
// (vitest.config.ts, isolate: false): this file takes a fresh copy of it.
vi.resetModules();
const { crashSuite, ITERATIONS } = await import('./crash-run');

// The api-sqlite project runs crash.sqlite-only.test.ts; this file runs in the api-postgres project,
// the first half of the kills; crash-2.postgres.test.ts, on a server and schema of its own, the rest
// and the graceful stops, side by side with this one.
describe.skipIf(pgUnavailable || TEST_DB !== 'postgres')('PostgreSQL', () => {
  crashSuite('postgres', { from: 1, to: Math.floor(ITERATIONS / 2) });
});
