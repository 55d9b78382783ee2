import { describe } from 'vitest';
import { pgUnavailable, TEST_DB } from '../helper';
import { crashSuite, ITERATIONS, ROUNDS } from './crash-run';

// The second half of the PostgreSQL crash test's kills and its graceful stops (crash.postgres.test.ts
// runs the first half), on a server and schema of its own.
describe.skipIf(pgUnavailable || TEST_DB !== 'postgres')('PostgreSQL', () => {
  crashSuite('postgres', { from: Math.floor(ITERATIONS / 2) + 1, to: ROUNDS });
});
