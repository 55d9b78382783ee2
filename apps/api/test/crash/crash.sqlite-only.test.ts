import { vi } from 'vitest';

// crash-run.ts keeps the run's ledger in module state, and the API files share their worker's modules
// (vitest.config.ts, isolate: false): this file takes a fresh copy of it.
vi.resetModules();
const { crashSuite } = await import('./crash-run');

// The PostgreSQL run is crash.postgres.test.ts; `npm run test:crash` runs this one with 200 kills.
crashSuite('sqlite');
