// The steps of `npm test` after scripts/test-deps.mjs, in three phases (docs/decisions/083-suite-without-waiting.md):
//
//   1. side by side: `npm run lint`; `npm run typecheck`'s tsc runs dealt to two lanes; `npm run build`
//      then `npm run check:bundle`. Each is one process on one core, so on CI's two cores they
//      overlap instead of queueing. Their output is printed whole when each ends, never interleaved.
//   2. `npm run test:unit` (Vitest reads the built SPA: security/headers.test.ts), streamed.
//   3. `npm run test:e2e` (Playwright against the build), streamed; then scripts/summary.mjs.
//
// A failed step stops the run after its phase, as the `&&` chain did. The wall time of each step is
// printed at the end and written to test-results/steps.json. The commands are read from package.json's
// scripts, so `npm run lint` / `npm run typecheck` stay the one list of what they run.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
// As under npm run: the workspace's binaries (tsc) on PATH.
const env = { ...process.env, PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` };
const started = Date.now();
const times = [];

/** Runs one shell command in the repository; the output is streamed, or kept and answered. */
function run(name, command, { stream }) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(command, { cwd: root, env, shell: true, stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - t0) / 1000;
      times.push({ step: name, seconds, ok: code === 0 });
      resolve({ name, ok: code === 0, output: Buffer.concat(chunks).toString(), code: code ?? signal });
    });
  });
}

/** Commands one after the other in one lane: stops at the first that fails. */
async function lane(steps) {
  for (const [name, command] of steps) {
    const result = await run(name, command, { stream: false });
    process.stdout.write(`\n── ${name} (${command}) ${result.ok ? 'passed' : `FAILED (${result.code})`}\n${result.output}`);
    if (!result.ok) return false;
  }
  return true;
}

const tsc = scripts.typecheck.split('&&').map((c) => c.trim());
const half = Math.ceil(tsc.length / 2);
// The API's project is the longest run: it goes with the contract, the rest with each other.
const lanes = [
  [['lint', 'npm run lint']],
  tsc.slice(0, half).map((c) => [`typecheck: ${c}`, c]),
  tsc.slice(half).map((c) => [`typecheck: ${c}`, c]),
  [
    ['build', 'npm run build'],
    ['check:bundle', 'npm run check:bundle'],
  ],
];

function finish(ok) {
  const total = (Date.now() - started) / 1000;
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  writeFileSync(path.join(root, 'test-results/steps.json'), `${JSON.stringify({ total, steps: times }, null, 2)}\n`);
  console.log('\nnpm test steps (wall seconds; phase 1 ran side by side):');
  for (const t of times) console.log(`  ${t.seconds.toFixed(1).padStart(7)}  ${t.step}${t.ok ? '' : '  FAILED'}`);
  console.log(`  ${total.toFixed(1).padStart(7)}  after the install check, in all`);
  process.exit(ok ? 0 : 1);
}

const phase1 = Date.now();
const checks = await Promise.all(lanes.map(lane));
times.push({
  step: 'phase 1 (lint, types, build, budgets side by side)',
  seconds: (Date.now() - phase1) / 1000,
  ok: checks.every(Boolean),
});
if (!checks.every(Boolean)) finish(false);

for (const [name, command] of [
  ['test:unit', 'npm run test:unit'],
  ['test:e2e', 'npm run test:e2e'],
  ['summary', 'node scripts/summary.mjs'],
]) {
  const result = await run(name, command, { stream: true });
  if (!result.ok) finish(false);
}
finish(true);
