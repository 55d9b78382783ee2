// `npm run up`: install, build and start, doing only what changed since the last time. `npm ci` runs
// when node_modules is not what package-lock.json describes (scripts/deps.mjs); `npm run build` when
// the build's inputs differ from the ones of the last build made here, compared by content (a copy or
// a checkout can give old files new dates and new files old ones, and VITE_* variables are inputs too).
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies, root } from './deps.mjs';

const BUILD_INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contract',
  'apps/web',
  'apps/api/package.json',
  'apps/api/src',
  'scripts/build-api.mjs',
];
const SKIPPED = new Set(['node_modules', 'dist', 'test']);
const BUILD_OUTPUTS = ['apps/web/dist/index.html', 'apps/api/dist/server.js'];
// Kept inside node_modules: a reinstall drops it, and dependencies are build inputs as well.
const STAMP = path.join(root, 'node_modules/.cache/portal/build-inputs.sha256');

function files(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full)
    .filter((name) => !SKIPPED.has(name))
    .flatMap((name) => files(path.join(relative, name)));
}

function buildInputsHash() {
  const hash = createHash('sha256');
  for (const file of BUILD_INPUTS.flatMap(files).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
  }
  for (const [name, value] of Object.entries(process.env).sort(([a], [b]) => a.localeCompare(b))) {
    if (name.startsWith('VITE_')) hash.update(`${name}=${value}\0`);
  }
  return hash.digest('hex');
}

ensureDependencies();

const inputs = buildInputsHash();
const built = BUILD_OUTPUTS.every((file) => existsSync(path.join(root, file)));
if (built && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === inputs) {
  console.log('The build is current (no source changed since it was made): no rebuild.');
} else {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  mkdirSync(path.dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, inputs);
}

// What `npm start` runs, as this process's child in a process group of its own: Ctrl+C or a SIGTERM
// reach the server once, passed on from here, even when they are sent to this whole group and npm
// passes them on to this process as well (a second signal would cut the server's shutdown short).
const server = spawn(process.execPath, ['apps/api/dist/server.js'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
let passedOn = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (passedOn) return;
    passedOn = true;
    server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
