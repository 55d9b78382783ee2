import { vi } from 'vitest';

// crash-run.ts keeps the run's ledger in module state, and the API files share their worker's modules
// (vitest.config.ts, isolate: false): this file takes a fresh copy of it.
vi.resetModules();
const { crashSuite, ITERATIONS } = await import('./crash-run');

// The crash test's kills with the images in a bucket of s3rver (docs/decisions/068-object-storage.md):
// no row without both objects, orphaned objects swept at the next start, acknowledged photos served.
// Half the kills, the folder's runs have the rest and the graceful stops.
crashSuite('sqlite', { from: 1, to: Math.floor(ITERATIONS / 2) }, 'bucket');
