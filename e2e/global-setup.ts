import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBroker } from '../apps/api/test/mosquitto';
import { ADMIN } from './fixtures';

/**
 * The andon's rules call people after minutes of an open parada (docs/decisions/043-andon.md): in a
 * run of several minutes, a parada a test leaves open would call every administrator part-way through
 * later tests, and their alert bar would move the screens under them. The servers' plant rules are
 * set to the longest wait, so the andon tests make their calls with the cord (e2e/tests/andon.spec.ts).
 */
async function quietAndonRules(baseURL: string) {
  const login = await fetch(`${baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`admin login for the andon rules failed: ${login.status}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const res = await fetch(`${baseURL}/api/admin/andon/rules`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ supervisor_minutes: 1440, maintenance_minutes: 1440, naves: [], immediate_motivos: [] }),
  });
  if (!res.ok) throw new Error(`the andon rules could not be set: ${res.status} ${await res.text()}`);
}

/**
 * The server serves the built SPA (apps/web/dist, or WEB_DIST): fail early when it is missing. With
 * E2E_MQTT_PORT (playwright.config.ts), starts the MQTT server's broker there: web servers start before
 * the global setup, so that server connects at its next reconnection attempt.
 */
export default async function globalSetup() {
  const dist = process.env.WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html')))
    throw new Error(`${dist} has no index.html: run \`npm run build\` before the browser tests`);
  await quietAndonRules(`http://127.0.0.1:${process.env.E2E_PORT}`);
  if (process.env.E2E_MQTT_WEB_PORT) await quietAndonRules(`http://127.0.0.1:${process.env.E2E_MQTT_WEB_PORT}`);
  if (!process.env.E2E_MQTT_PORT) return undefined;
  const broker = await startBroker(Number(process.env.E2E_MQTT_PORT));
  return () => broker.close();
}
