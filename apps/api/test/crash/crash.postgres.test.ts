import { describe } from 'vitest';
import { pgUnavailable, TEST_DB } from '../helper';
import { crashSuite } from './crash-run';

// The api-sqlite project runs crash.sqlite-only.test.ts; this file runs in the api-postgres project.
describe.skipIf(pgUnavailable || TEST_DB !== 'postgres')('PostgreSQL', () => {
  crashSuite('postgres');
});
