import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type Reporter, type TestModule, type TestSpecification } from 'vitest/node';

const results = new URL('./test-results/', import.meta.url).pathname;

/**
 * Counts passed, failed and skipped tests per project for scripts/summary.mjs: the JSON report names
 * files only, and the API files run twice (SQLite and PostgreSQL), so a skipped half would not show.
 * A file that fails outside any test (an import error, a failing hook) counts as one failure. Each
 * skipped test is listed by project, file and full name: the summary fails on any skip not expected
 * (scripts/expected-skips.json).
 */
const projectCounts: Reporter = {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const counts: Record<string, { passed: number; failed: number; skipped: number }> = {};
    const skipped: { project: string; file: string; test: string }[] = [];
    const repo = new URL('.', import.meta.url).pathname;
    for (const module of modules) {
      counts[module.project.name] ??= { passed: 0, failed: 0, skipped: 0 };
      const c = counts[module.project.name];
      let failed = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') c.passed++;
        else if (state === 'failed') failed++;
        else {
          c.skipped++;
          skipped.push({ project: module.project.name, file: path.relative(repo, module.moduleId), test: test.fullName });
        }
      }
      c.failed += failed || (module.state() === 'failed' ? 1 : 0);
    }
    mkdirSync(results, { recursive: true });
    writeFileSync(path.join(results, 'vitest-projects.json'), `${JSON.stringify(counts, null, 2)}\n`);
    writeFileSync(path.join(results, 'vitest-skipped.json'), `${JSON.stringify(skipped, null, 2)}\n`);
  },
};

/**
 * The files that take longest, in seconds of a single-file run on the 2-core machine
 * (docs/performance.md, 'The test suite'). Vitest starts the files it has no timing of by their size,
 * largest first: on a clean clone these would start late (the fuzzer's and the crash test's files are
 * a few lines each) and finish long after the rest.
 */
const slowFiles: Record<string, number> = {
  'apps/api/test/machines-outage.postgres.test.ts': 130,
  'apps/api/test/crash/crash.postgres.test.ts': 100,
  'apps/api/test/crash/crash-2.postgres.test.ts': 100,
  'apps/api/test/crash/crash.sqlite-only.test.ts': 60,
  'apps/api/test/crash/crash-bucket.postgres.test.ts': 40,
  'apps/api/test/crash/crash-bucket.sqlite-only.test.ts': 30,
  'apps/api/test/security/fuzz-1.test.ts': 80,
  'apps/api/test/security/fuzz-2.test.ts': 80,
  'apps/api/test/security/fuzz-3.test.ts': 80,
  'apps/api/test/pg-outage.postgres.test.ts': 60,
  'apps/api/test/security/login-abuse-addresses.test.ts': 40,
  'apps/api/test/security/login-abuse.test.ts': 40,
  'apps/api/test/terminal-pin-flood.test.ts': 20,
  'apps/api/test/bootstrap.test.ts': 12,
  'apps/api/test/machines-mqtt.test.ts': 10,
};

/** A file this long or longer starts before every short one, whatever its project. */
const LONG_SECONDS = 10;

/**
 * Longest first over every project (a file's last timing, else its entry in slowFiles): the long
 * files run beside the many short ones instead of after them. Then the short files project by project,
 * the project with the most seconds first, longest first within it: the API projects share a worker's
 * modules between files (isolate: false), and Vitest keeps a worker for the next file only when that
 * file is of the same project (docs/decisions/083-suite-without-waiting.md).
 */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) => {
      const file = path.relative(root, spec.moduleId);
      const last = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`)?.duration;
      return last !== undefined ? last / 1000 : (slowFiles[file] ?? 0);
    };
    const rows = ordered.map((spec, index) => ({ spec, index, seconds: seconds(spec) }));
    const projectSeconds = new Map<string, number>();
    for (const r of rows) projectSeconds.set(r.spec.project.name, (projectSeconds.get(r.spec.project.name) ?? 0) + r.seconds);
    const long = rows.filter((r) => r.seconds >= LONG_SECONDS).sort((a, b) => b.seconds - a.seconds || a.index - b.index);
    const short = rows
      .filter((r) => r.seconds < LONG_SECONDS)
      .sort(
        (a, b) =>
          (projectSeconds.get(b.spec.project.name) ?? 0) - (projectSeconds.get(a.spec.project.name) ?? 0) ||
          a.spec.project.name.localeCompare(b.spec.project.name) ||
          b.seconds - a.seconds ||
          a.index - b.index,
      );
    return [...long, ...short].map(({ spec }) => spec);
  }
}

/**
 * One run covers the contract, the web unit tests and the API suite twice: on SQLite and on a real
 * PostgreSQL that the api-postgres project starts itself (apps/api/test/pg-global-setup.ts).
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on CI's 2 cores. Most of
    // the API files wait (on PostgreSQL's own process, child servers, timers), so three run side by
    // side there (docs/performance.md, 'The test suite').
    maxWorkers: Math.max(3, availableParallelism() - 1),
    reporters: ['default', 'json', projectCounts],
    sequence: { sequencer: SlowFirst },
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      { test: { name: 'contract', include: ['packages/contract/test/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api-sqlite',
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          isolate: false,
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
          isolate: false,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/api/test/pg-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The image and upload tests again with the files in a bucket of a real S3-protocol server that
      // each app starts (apps/api/test/s3-server.ts, docs/decisions/068-object-storage.md).
      ...(['sqlite', 'postgres'] as const).map((db) => ({
        test: {
          name: `api-${db}-bucket`,
          include: ['apps/api/test/tramos-images.test.ts', 'apps/api/test/wall.test.ts'],
          environment: 'node',
          isolate: false,
          env: { TEST_DB: db, TEST_STORAGE: 's3' },
          globalSetup: db === 'postgres' ? ['apps/api/test/pg-global-setup.ts'] : [],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      {
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
    ],
  },
});
