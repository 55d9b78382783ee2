// Prints one closing line over every suite that ran ('N passed, N failed'), from the JSON reports.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = 'test-results/vitest.json';
if (existsSync(vitest)) {
  const r = JSON.parse(readFileSync(vitest, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
const e2e = 'test-results/e2e.json';
if (existsSync(e2e)) {
  const r = JSON.parse(readFileSync(e2e, 'utf8'));
  passed += r.stats.expected;
  failed += r.stats.unexpected + (r.stats.flaky ?? 0);
  skipped += r.stats.skipped;
}
if (passed + failed === 0) {
  console.log('summary: no JSON reports found (they are written when CI=true)');
} else {
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}
process.exit(failed > 0 ? 1 : 0);
