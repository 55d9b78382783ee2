// Prints passed, failed and skipped per project, then one closing line over every suite that ran
// ('N passed, N failed', then ', N skipped' when some were), from the reports the runs wrote. Fails the
// run on any failure, and on any skipped test that scripts/expected-skips.json does not list with its
// reason: a test that silently stopped running is a hole in the suite.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PROJECTS = ['contract', 'api-sqlite', 'api-postgres', 'api-sqlite-bucket', 'api-postgres-bucket', 'web', 'e2e'];
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

/** Every skipped test as { project, file, test }: vitest.config.ts lists them; Playwright's suites are walked. */
const skipped = [...(read('test-results/vitest-skipped.json') ?? [])];
function walk(suite, titles) {
  const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status !== 'skipped') continue;
      skipped.push({ project: 'e2e', file: path.join('e2e/tests', spec.file), test: [...here, spec.title].join(' > ') });
    }
  }
  for (const child of suite.suites ?? []) walk(child, here);
}
for (const suite of e2e?.suites ?? []) walk(suite, []);

const expected = read('scripts/expected-skips.json')?.skips ?? [];
const isExpected = (s) =>
  expected.some((e) => e.project === s.project && e.file === s.file && (s.test === e.test || s.test.startsWith(`${e.test} > `)));
const unexpected = skipped.filter((s) => !isExpected(s));

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
if (unexpected.length > 0) {
  console.log(`\n${unexpected.length} skipped test(s) not in scripts/expected-skips.json (run them, or list them with the reason):`);
  for (const s of unexpected) console.log(`  ${s.project}  ${s.file}  ${s.test}`);
}
process.exit(total.failed > 0 || unexpected.length > 0 ? 1 : 0);
