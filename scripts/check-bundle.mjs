// `npm run check:bundle`: the JavaScript budgets of the web build, measured on the Vite
// output in apps/web/dist (or the folder given as the first argument / BUNDLE_DIR).
//
//   login  everything the browser downloads to render /login: index.html's entry script and
//          modulepreload links, the entry's static imports, the LoginPage chunk and its static imports
//   worker every chunk reachable (static or dynamic imports) from the /dashboard shell and the worker
//          screens that is not already in the login set
//   quality the weld inspector's and procedures screens, beyond the login and worker sets
//   admin  the admin shell and screens (no budget; they load only with /admin)
//   terminal everything the station terminal's home (/terminal, terminal.html) downloads before it paints,
//          the entry included (a cheap tablet's first screen); the forms it opens later are not counted
//
// Each chunk is gzipped (zlib level 9) on its own, as the server would send it. Exits 1 when a budget
// is passed, when Recharts or an admin screen sits in the login or worker set, when zod or a chart
// library sits in a first screen's static imports (the login, the wall, the stops screen, the
// terminal's home) or terminal or admin code in a worker's, or when a route chunk is not classified
// below (a new screen must be placed in one of the groups). What the browser really loads before the
// network is idle, per route, is counted by e2e/tests/route-budgets.spec.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;
// The worker set took the form library when the login shed it (decision 070: login 121 → 108 KB) and
// the weld dossier's download on the tramo's detail: 205, against 200 before both. The route tables left
// the entry (decision 096: login 107.4 → 104.7, the terminal's home 127.9 → 125.0); the worker area's
// table (1.8 KB) is now in the worker set, with the screens' texts moved into the contract's modules
// (decision 094), the shared date field's chunk and the timeline's arc-on stretches (decision 090): 210.
// What a phone pays per screen is held by e2e/tests/route-budgets.spec.ts. The quality set took the seam's judgement and Calidad's
// decision with the telemetry contract's schema (decision 093): 24, against 20 before. The login took
// the wall's hold of the app's scripts until its first posts are painted (decision 117, the wall's LCP
// 2.6 → 2.3 s): 106.5, against 106 before.
const BUDGET = { login: 106.5 * KB, worker: 210 * KB, quality: 24 * KB, terminal: 127 * KB };

/** Route chunks by area: the sources of the route elements router.tsx loads lazily. */
const ROUTES = {
  login: ['src/features/auth/routes/login-page.tsx'],
  public: ['src/features/auth/routes/register-page.tsx', 'src/features/auth/routes/admin-login-page.tsx'],
  // The station terminal (/terminal, docs/decisions/038-station-terminal-web.md): a slow tablet's first screen.
  terminal: ['src/app/terminal-page.tsx'],
  worker: [
    // The table of the worker area's imports (router.tsx keeps only their paths, decision 096).
    'src/app/worker-routes.tsx',
    'src/app/user-shell.tsx',
    'src/features/wall/routes/wall-page.tsx',
    'src/features/tramos/routes/add-circular-page.tsx',
    'src/features/tramos/routes/consultar-datos-page.tsx',
    'src/features/tramos/routes/tramo-detail-page.tsx',
    'src/features/users/routes/profile-page.tsx',
    'src/app/paradas-kaiser-page.tsx',
    'src/features/paradas/routes/manual-parada-page.tsx',
    // Also opened at /admin/avisos: one chunk for both areas.
    'src/features/andon/routes/avisos-page.tsx',
    // 'Línea de tiempo': the worker's and the admin's route in one chunk.
    'src/features/timeline/routes/timeline-page.tsx',
    'src/features/handovers/routes/worker-handover-page.tsx',
  ],
  // The weld inspector's screens (decision 077) and the procedures Calidad keeps, opened from the
  // worker's area by the nave's quality people and under /admin by administrators: a phone used for
  // inspections pays for them, a welder's phone never loads them.
  quality: [
    // The table of their imports (router.tsx keeps only their paths, decision 096).
    'src/app/quality-routes.tsx',
    'src/features/welds/routes/inspection-search-page.tsx',
    'src/features/welds/routes/seam-inspection-page.tsx',
    'src/features/welds/routes/procedures-page.tsx',
    // The recalls and figures Calidad reads (decision 087), also under /admin.
    'src/features/welds/routes/recall-page.tsx',
    'src/features/welds/routes/figures-page.tsx',
    // The circulares out of procedure awaiting Calidad's decision (decision 093), also under /admin.
    'src/features/welds/routes/awaiting-decision-page.tsx',
  ],
  admin: [
    // The table of the admin's imports (router.tsx keeps only their paths, decision 096).
    'src/app/admin-routes.tsx',
    'src/app/admin-shell.tsx',
    // Admin screens that also open inside the user area, behind RequireAdminRole.
    'src/app/require-admin-role.tsx',
    'src/features/tramos/routes/all-tramos-page.tsx',
    'src/app/user-management-page.tsx',
    'src/features/dashboard/routes/stats-page.tsx',
    'src/features/tramos/routes/admin-circulares-page.tsx',
    'src/features/paradas/routes/admin-paradas-page.tsx',
    'src/features/wall/routes/admin-posts-page.tsx',
    'src/features/wall/routes/admin-comments-page.tsx',
    'src/app/admin-arcos-page.tsx',
    'src/features/naves/routes/admin-naves-page.tsx',
    'src/app/planta-page.tsx',
    'src/features/motivos/routes/admin-motivos-page.tsx',
    'src/features/audit/routes/audit-page.tsx',
    'src/features/andon/routes/admin-andon-rules-page.tsx',
    'src/features/terminal/routes/admin-terminals-page.tsx',
    'src/features/shifts/routes/admin-shifts-page.tsx',
    'src/features/handovers/routes/admin-handovers-page.tsx',
    'src/features/welds/routes/admin-lots-page.tsx',
    'src/features/welds/routes/admin-qualifications-page.tsx',
    'src/features/telemetry/routes/admin-telemetry-page.tsx',
  ],
  // Loaded by main.tsx after the page's load event, on every screen: the service worker's registration.
  background: ['src/lib/pwa-register.ts'],
};
/** Libraries that must never reach the login or worker screens. */
const ADMIN_ONLY_PACKAGES = ['recharts', 'd3-', 'victory-vendor'];

const dir = path.resolve(process.argv[2] ?? process.env.BUNDLE_DIR ?? 'apps/web/dist');
const manifestPath = path.join(dir, '.vite/manifest.json');
const modulesPath = path.join(dir, '.vite/chunk-modules.json');
if (!existsSync(manifestPath) || !existsSync(modulesPath)) {
  console.error(`check-bundle: no build in ${dir} (run \`npm run build\` first: it writes .vite/manifest.json)`);
  process.exit(1);
}
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
/** @type {Record<string, string[]>} */
const chunkModules = JSON.parse(readFileSync(modulesPath, 'utf8'));

const failures = [];
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) {
  console.error('check-bundle: the manifest has no entry');
  process.exit(1);
}

/**
 * Manifest keys reachable from `keys` through static imports (and dynamic ones when asked). The entry's
 * own dynamic imports are the route table, classified above, so they are never followed.
 */
function closure(keys, { dynamic = false } = {}) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`check-bundle: ${key} is not in the manifest`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
    if (dynamic && !chunk.isEntry) stack.push(...(chunk.dynamicImports ?? []));
  }
  return seen;
}
const files = (keys) => new Set([...keys].map((k) => manifest[k].file));

// index.html may preload more than the entry's own imports: count every script it makes the browser fetch.
const scriptsOf = (page) =>
  [
    ...readFileSync(path.join(dir, page), 'utf8').matchAll(
      /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g,
    ),
  ].map((m) => m[1]);
const htmlScripts = scriptsOf('index.html');
// The station terminal's own page (docs/decisions/055-terminal-home-first-paint.md), where the build wrote one.
const terminalScripts = existsSync(path.join(dir, 'terminal.html')) ? scriptsOf('terminal.html') : htmlScripts;

const login = new Set([...files(closure([entryKey, ...ROUTES.login])), ...htmlScripts]);
const workerAll = files(closure(ROUTES.worker, { dynamic: true }));
const worker = new Set([...workerAll].filter((f) => !login.has(f)));
const quality = new Set([...files(closure(ROUTES.quality, { dynamic: true }))].filter((f) => !login.has(f) && !worker.has(f)));
const adminAll = files(closure(ROUTES.admin, { dynamic: true }));
const publicAll = files(closure(ROUTES.public, { dynamic: true }));
// Everything the terminal's home downloads before it paints (the entry included); its forms load later.
const terminal = new Set([...files(closure([entryKey, ...ROUTES.terminal])), ...terminalScripts]);

// The admin's and the quality screens' imports live in their tables (src/app/admin-routes.tsx,
// src/app/quality-routes.tsx), not in the entry every screen downloads: the entry imports no such
// screen itself (docs/decisions/096-route-tables-out-of-the-entry.md).
const tables = new Set(['src/app/worker-routes.tsx', 'src/app/admin-routes.tsx', 'src/app/quality-routes.tsx']);
for (const key of manifest[entryKey].dynamicImports ?? []) {
  const src = manifest[key]?.src ?? key;
  if ([...ROUTES.admin, ...ROUTES.quality].includes(src) && !tables.has(src))
    failures.push(`the entry imports ${src} itself: an admin or quality screen goes into its table, router.tsx keeps only its path`);
}

// Every lazily loaded chunk must be a classified route or be reached from one.
const reachable = closure([entryKey, ...Object.values(ROUTES).flat()], { dynamic: true });
for (const [key, chunk] of Object.entries(manifest)) {
  if (chunk.isDynamicEntry && !reachable.has(key)) failures.push(`${key} is loaded lazily but not classified in scripts/check-bundle.mjs`);
}

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length);
  return gzipCache.get(file);
}
const rawSize = (file) => readFileSync(path.join(dir, file)).length;
const sum = (set) => [...set].reduce((n, f) => n + gzipSize(f), 0);

// The first screens as their static imports give them (the browser's own count, with what they
// import lazily at once, is e2e/tests/route-budgets.spec.ts): no zod before the login's first input,
// nor on the worker's wall and stops screen or the terminal's home; no chart library; no terminal or
// admin code on a worker screen (docs/decisions/063-route-budgets.md).
const ZOD = /node_modules\/zod\//;
const CHARTS = /node_modules\/(recharts|d3-|victory-vendor)/;
// The login's form carries no form library (docs/decisions/070-login-without-a-form-library.md).
const FORM_LIBRARY = /node_modules\/react-hook-form\//;
const FOREIGN = [
  /^apps\/web\/src\/app\/(terminal-page|admin-shell|admin-routes)\.tsx$/,
  /^apps\/web\/src\/features\/terminal\//,
  /^apps\/web\/src\/features\/dashboard\//,
];
const firstScreen = (sources) => new Set([...files(closure([entryKey, ...sources])), ...htmlScripts]);
for (const [name, set, banned] of [
  ['login', login, [ZOD, CHARTS, FORM_LIBRARY]],
  ['wall', firstScreen(['src/app/user-shell.tsx', 'src/features/wall/routes/wall-page.tsx']), [ZOD, CHARTS, ...FOREIGN]],
  ['stops', firstScreen(['src/app/user-shell.tsx', 'src/app/paradas-kaiser-page.tsx']), [ZOD, CHARTS, ...FOREIGN]],
  ['terminal home', terminal, [ZOD, CHARTS]],
]) {
  for (const file of set) {
    const found = (chunkModules[file] ?? []).filter((mod) => banned.some((re) => re.test(mod)));
    if (found.length) failures.push(`${name}: ${file} carries ${found[0]}${found.length > 1 ? ` and ${found.length - 1} more` : ''}`);
  }
}

// Admin-only code in the login or worker sets.
const adminPages = ROUTES.admin.map((src) => `apps/web/${src}`);
for (const [name, set] of [
  ['login', login],
  ['worker', worker],
  ['quality', quality],
  ['terminal', terminal],
]) {
  for (const file of set) {
    const mods = chunkModules[file] ?? [];
    for (const pkg of ADMIN_ONLY_PACKAGES) {
      if (mods.some((mod) => mod.includes(`node_modules/${pkg}`))) failures.push(`${name} chunk ${file} contains ${pkg}`);
    }
    for (const mod of mods.filter((m) => adminPages.includes(m))) failures.push(`${name} chunk ${file} contains the admin screen ${mod}`);
  }
}

const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const srcOf = Object.fromEntries(Object.values(manifest).map((c) => [c.file, c.src ?? '']));
const sourceOf = (file) => srcOf[file] ?? (htmlScripts.includes(file) ? '(index.html script)' : '');
function table(name, set) {
  const rows = [...set].sort((a, b) => gzipSize(b) - gzipSize(a));
  console.log(`\n${name}`);
  console.log(`${'chunk'.padEnd(48)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}  source`);
  for (const f of rows) console.log(`${f.padEnd(48)} ${kb(rawSize(f)).padStart(10)} ${kb(gzipSize(f)).padStart(10)}  ${sourceOf(f)}`);
}
table('login (/login)', login);
table('worker (/dashboard, beyond the login set)', worker);

console.log('\nset                     gzip        budget');
const report = (name, total, budget) => {
  const over = budget !== undefined && total > budget;
  if (over) failures.push(`${name}: ${kb(total)} of gzipped JavaScript, budget ${kb(budget)}`);
  console.log(`${name.padEnd(22)} ${kb(total).padStart(10)}   ${budget === undefined ? '-' : kb(budget)}${over ? '   OVER' : ''}`);
};
report('login', sum(login), BUDGET.login);
report('worker (beyond login)', sum(worker), BUDGET.worker);
report('quality (beyond worker)', sum(quality), BUDGET.quality);
report('admin (all of it)', sum(adminAll), undefined);
report('terminal (/terminal, all)', sum(terminal), BUDGET.terminal);
report('register/admin login', sum(new Set([...publicAll].filter((f) => !login.has(f)))), undefined);

if (failures.length) {
  console.error(`\ncheck-bundle: FAILED\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\ncheck-bundle: every budget holds');
