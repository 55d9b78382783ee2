import { describe } from 'vitest';
import { pgUnavailable, TEST_DB } from '../helper';
import { crashSuite, ITERATIONS } from './crash-run';

// The crash test's kills on PostgreSQL with the images in a bucket of s3rver
// (docs/decisions/068-object-storage.md): a quarter of the kills, on a server and schema of its own.
describe.skipIf(pgUnavailable || TEST_DB !== 'postgres')('PostgreSQL with a bucket', () => {
  crashSuite('postgres', { from: 1, to: Math.max(1, Math.floor(ITERATIONS / 4)) }, 'bucket');
});
