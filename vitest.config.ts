import { defineConfig } from 'vitest/config';

/**
 * One run covers the contract, the web unit tests and the API suite twice: on SQLite and on a real
 * PostgreSQL that the api-postgres project starts itself (apps/api/test/pg-global-setup.ts).
 */
export default defineConfig({
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      { test: { name: 'contract', include: ['packages/contract/test/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api-sqlite',
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['apps/api/test/**/*.test.ts'],
          exclude: ['apps/api/test/**/*.sqlite-only.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/api/test/pg-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
    ],
  },
});
