import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server serves the built SPA (apps/web/dist, or WEB_DIST): fail early when it is missing. */
export default function globalSetup() {
  const dist = process.env.WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html')))
    throw new Error(`${dist} has no index.html: run \`npm run build\` before the browser tests`);
}
