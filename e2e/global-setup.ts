import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBroker } from '../apps/api/test/mosquitto';

/**
 * The server serves the built SPA (apps/web/dist, or WEB_DIST): fail early when it is missing. With
 * E2E_MQTT_PORT (playwright.config.ts), starts the MQTT server's broker there: web servers start before
 * the global setup, so that server connects at its next reconnection attempt.
 */
export default async function globalSetup() {
  const dist = process.env.WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html')))
    throw new Error(`${dist} has no index.html: run \`npm run build\` before the browser tests`);
  if (!process.env.E2E_MQTT_PORT) return undefined;
  const broker = await startBroker(Number(process.env.E2E_MQTT_PORT));
  return () => broker.close();
}
