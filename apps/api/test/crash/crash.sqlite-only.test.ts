import { crashSuite } from './crash-run';

// The PostgreSQL run is crash.postgres.test.ts; `npm run test:crash` runs this one with 200 kills.
crashSuite('sqlite');
