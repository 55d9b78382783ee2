// Whether node_modules holds what package-lock.json describes, and `npm ci` when it does not: shared by
// `npm run up` and `npm test`, so that a start or a test run reinstalls nothing when nothing changed.
// Plain Node with no imports from node_modules: it runs before there is one.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
const INSTALLED_FIELDS = ['version', 'resolved', 'integrity', 'link'];
const sorted = (deps) => JSON.stringify(Object.entries(deps ?? {}).sort(([a], [b]) => a.localeCompare(b)));
const same = (a, b) => sorted(a) === sorted(b);

/** Why `npm ci` is needed, or undefined when node_modules is current. */
export function whyInstall() {
  if (!existsSync(path.join(root, 'node_modules/.package-lock.json'))) return 'node_modules is missing';
  const locked = readJson('package-lock.json').packages;
  // A manifest edited without `npm install`: npm ci then stops with its own explanation.
  for (const [folder, entry] of Object.entries(locked)) {
    if (folder.includes('node_modules') || !existsSync(path.join(root, folder, 'package.json'))) continue;
    const manifest = readJson(path.join(folder, 'package.json'));
    for (const field of DEPENDENCY_FIELDS) {
      if (!same(manifest[field], entry[field])) return `${path.join(folder, 'package.json')} differs from package-lock.json`;
    }
  }
  // npm writes node_modules/.package-lock.json on every install: the packages it put there.
  const installed = readJson('node_modules/.package-lock.json').packages;
  for (const [key, entry] of Object.entries(locked)) {
    if (key === '') continue;
    const have = installed[key];
    if (!have) {
      // Optional packages for other platforms (another CPU's sharp or rolldown binary) are never installed.
      if (entry.optional) continue;
      return `${key} is not installed`;
    }
    for (const field of INSTALLED_FIELDS) if (have[field] !== entry[field]) return `${key} is not the locked version`;
  }
  for (const key of Object.keys(installed)) if (!(key in locked)) return `${key} is installed but not in package-lock.json`;
  // better-sqlite3 is compiled for one Node ABI: a different Node needs it rebuilt.
  const probe = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: root, encoding: 'utf8' });
  if (probe.status !== 0) return `better-sqlite3 does not load in Node ${process.version}`;
  return undefined;
}

/** Runs `npm ci` when node_modules is not what package-lock.json describes. */
export function ensureDependencies() {
  const reason = whyInstall();
  if (!reason) {
    console.log('Dependencies are current (node_modules matches package-lock.json): no install.');
    return;
  }
  console.log(`Installing dependencies with npm ci (${reason}).`);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
}
