// Prints passed, failed and skipped per project, then one closing line over every suite that ran
// ('N passed, N failed', then ', N skipped' when some were), from the reports the runs wrote.
import { existsSync, readFileSync } from 'node:fs';

const PROJECTS = ['contract', 'api-sqlite', 'api-postgres', 'web', 'e2e'];
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

/** Counts by project name, from vitest.config.ts's per-project report and Playwright's JSON report. */
const counts = { ...read('test-results/vitest-projects.json') };
const e2e = read('test-results/e2e.json');
if (e2e) {
  counts.e2e = {
    passed: e2e.stats.expected,
    failed: e2e.stats.unexpected + (e2e.stats.flaky ?? 0),
    skipped: e2e.stats.skipped,
  };
}

const total = { passed: 0, failed: 0, skipped: 0 };
const width = Math.max(...PROJECTS.map((p) => p.length), ...Object.keys(counts).map((p) => p.length));
for (const name of [...PROJECTS, ...Object.keys(counts).filter((p) => !PROJECTS.includes(p))]) {
  const c = counts[name];
  if (!c) {
    console.log(`${name.padEnd(width)}  not run`);
    continue;
  }
  for (const key of Object.keys(total)) total[key] += c[key];
  console.log(`${name.padEnd(width)}  ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
}
if (Object.keys(counts).length === 0) {
  console.log('summary: no test reports found under test-results/');
} else {
  console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
}
process.exit(total.failed > 0 ? 1 : 0);
