// `npm run build -w @portal/api`: the API compiled to plain JavaScript for `npm start`
// (docs/decisions/009-compiled-api.md). esbuild bundles each entry with the workspace's own code
// (apps/api/src and @portal/contract, which is published as TypeScript source); every other package
// stays an import of node_modules, so native ones (better-sqlite3, sharp, argon2) load as installed.
//
//   apps/api/dist/server.js        the server
//   apps/api/dist/create-admin.js  `npm run create-admin`
//   apps/api/dist/backup.js        `npm run backup`, also run by the server's daily backup
//   apps/api/dist/storage-migrate.js `npm run storage:migrate` (decision 068)
//   apps/api/dist/restore.js       `npm run restore`
//   apps/api/dist/migrations/*.js  found at run time next to the bundle (src/db/migrate.ts reads the
//                                  folder beside it), one file per migration under its source name
//
// Options: --outdir DIR (default apps/api/dist); --entry FILE (an extra entry, e.g. a bench, built
// with the same settings so that it runs the app exactly as the server does).
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'apps/api');
const { values } = parseArgs({ options: { outdir: { type: 'string' }, entry: { type: 'string', multiple: true } } });
const outdir = path.resolve(values.outdir ?? path.join(api, 'dist'));

const migrationsDir = path.join(api, 'src/db/migrations');
const entryPoints = {
  server: path.join(api, 'src/server.ts'),
  'create-admin': path.join(api, 'src/scripts/create-admin.ts'),
  backup: path.join(api, 'src/scripts/backup.ts'),
  'storage-migrate': path.join(api, 'src/scripts/storage-migrate.ts'),
  restore: path.join(api, 'src/scripts/restore.ts'),
};
for (const file of readdirSync(migrationsDir).filter((f) => f.endsWith('.ts'))) {
  entryPoints[`migrations/${file.replace(/\.ts$/, '')}`] = path.join(migrationsDir, file);
}
for (const file of values.entry ?? []) entryPoints[path.basename(file).replace(/\.ts$/, '')] = path.resolve(file);

/** Bare imports stay imports of node_modules, but for the workspace's packages (TypeScript source). */
const workspaceInlined = {
  name: 'workspace-inlined',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Files outside apps/api/src (a bench given with --entry) keep their own location in import.meta.url:
 * they find their helpers (the bench's load-generator child, run with tsx) beside their source.
 */
const benchKeepsItsPlace = {
  name: 'bench-keeps-its-place',
  setup(b) {
    b.onLoad({ filter: /[/\\]apps[/\\]api[/\\]bench[/\\].*\.ts$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const source = await readFile(args.path, 'utf8');
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Readable output (no minification) and a source map beside it: NODE_OPTIONS=--enable-source-maps
  // turns stack traces back into TypeScript lines.
  sourcemap: 'linked',
  // Function names as written unless two modules declare the same one; not keepNames, which wraps
  // every named closure in a defineProperty call (the wall list's hot path creates none on purpose).
  keepNames: false,
  plugins: [workspaceInlined, benchKeepsItsPlace],
  logLevel: 'warning',
});
console.log(`API built into ${path.relative(root, outdir) || '.'}`);
