// First step of `npm test`: what the tests need beside the code. The browser tests drive Debian's
// Chromium (CHROMIUM_PATH, default /usr/bin/chromium; no browser is downloaded), the API suite runs a
// second time on a throwaway PostgreSQL cluster started from its binaries (initdb, pg_ctl), and the
// machine-signal tests start their own Mosquitto broker (MOSQUITTO_PATH, default Debian's). Missing ones
// are installed from Debian's packages when this runs as root where apt-get is; otherwise it says what
// to install and fails. Then `npm ci` when node_modules is not what package-lock.json describes.
// Plain Node with no imports from node_modules: it runs before there is one.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies } from './deps.mjs';

const onPath = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim() !== '';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where apps/api/test/pg-global-setup.ts looks for them: PATH, then Debian's versioned folders. */
function hasPostgres() {
  const debian = '/usr/lib/postgresql';
  const inDebianFolder = (bin) => existsSync(debian) && readdirSync(debian).some((v) => existsSync(path.join(debian, v, 'bin', bin)));
  return ['initdb', 'pg_ctl'].every((bin) => onPath(bin) || inDebianFolder(bin));
}

const mosquitto = process.env.MOSQUITTO_PATH ?? (existsSync('/usr/sbin/mosquitto') ? '/usr/sbin/mosquitto' : 'mosquitto');
const hasMosquitto = () => existsSync(mosquitto) || onPath(mosquitto);

const checks = [
  { what: `Chromium at ${chromium}`, debianPackage: 'chromium', present: () => existsSync(chromium) },
  { what: 'PostgreSQL server binaries (initdb, pg_ctl)', debianPackage: 'postgresql', present: hasPostgres },
  { what: 'the Mosquitto MQTT broker', debianPackage: 'mosquitto', present: hasMosquitto },
  {
    what: "poppler's pdftotext, pdfinfo and pdfimages (the weld dossier's tests read its PDF)",
    debianPackage: 'poppler-utils',
    present: () => onPath('pdftotext') && onPath('pdfinfo'),
  },
  {
    what: "openssl (the Web Push test signs its local endpoint's certificate)",
    debianPackage: 'openssl',
    present: () => onPath('openssl'),
  },
];

let missing = checks.filter((c) => !c.present());
const canInstall = process.getuid?.() === 0 && onPath('apt-get');
if (missing.length && canInstall) {
  const packages = missing.map((c) => c.debianPackage);
  console.log(`Installing Debian packages for the tests: ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: ['ignore', 'ignore', 'inherit'], env });
  missing = checks.filter((c) => !c.present());
}
if (missing.length) {
  console.error(`npm test needs ${missing.map((c) => c.what).join(' and ')}, which this machine lacks.`);
  console.error(`On Debian or Ubuntu, install ${missing.length > 1 ? 'them' : 'it'} with:`);
  console.error(`  sudo apt-get install -y ${missing.map((c) => c.debianPackage).join(' ')}`);
  console.error("(run as root, npm test installs Debian's packages itself). Elsewhere: PostgreSQL with initdb and pg_ctl on PATH,");
  console.error('Chromium or Chrome with CHROMIUM_PATH set to its executable, and mosquitto on PATH or at MOSQUITTO_PATH.');
  process.exit(1);
}

ensureDependencies();
