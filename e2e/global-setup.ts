import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server serves the built SPA: fail early with a clear hint when it has not been built. */
export default function globalSetup() {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist/index.html');
  if (!existsSync(dist)) throw new Error('apps/web/dist is missing: run `npm run build` before the browser tests');
}
