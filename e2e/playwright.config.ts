import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { MOSQUITTO } from '../apps/api/test/mosquitto';

// The config is evaluated by the runner and by every worker: the runner picks the data folder and
// port once and the workers inherit them through the environment.
// 20000-29999 holds none of the ports Chromium refuses to connect to (3659, 4045, 6000...).
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 10000));
process.env.E2E_DATA_DIR ??= path.join(tmpdir(), `portal-e2e-${Date.now()}`);
export const E2E_PORT = Number(process.env.E2E_PORT);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

// Machine signals over real MQTT (tests/machines-mqtt.spec.ts): with Debian's Mosquitto installed, the
// global setup starts one on E2E_MQTT_PORT and a second server, with MQTT_URL, serves those tests (the
// first one keeps MQTT off, as the other specs expect).
if (existsSync(MOSQUITTO)) {
  process.env.E2E_MQTT_PORT ??= String(30000 + Math.floor(Math.random() * 10000));
  process.env.E2E_MQTT_WEB_PORT ??= String(20000 + ((E2E_PORT - 20000 + 1 + Math.floor(Math.random() * 9998)) % 10000));
}
export const MQTT_URL = process.env.E2E_MQTT_PORT ? `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT}` : null;
export const MQTT_BASE_URL = process.env.E2E_MQTT_WEB_PORT ? `http://127.0.0.1:${process.env.E2E_MQTT_WEB_PORT}` : null;

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const serverEnv = {
  HOST: '127.0.0.1',
  ADMIN_WORKER_ID: 'e2e-admin',
  ADMIN_PASSWORD: 'e2e-admin-password',
  FACTORY_TZ: 'Europe/Madrid',
  LOG_LEVEL: 'warn',
  REGISTER_MAX_PER_IP: '100000',
  LOGIN_IP_MAX_FAILURES: '100000',
};

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // A test.only left behind would run alone and the rest would pass unseen (biome's noFocusedTests too).
  forbidOnly: true,
  workers: 3,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  globalSetup: './global-setup.ts',
  use: {
    baseURL: BASE_URL,
    // No trace unless asked (E2E_TRACE=retain-on-failure, or any of Playwright's trace modes): recording
    // one costs about a third of the browser tests' processor time, and a CI log cannot show it; a
    // failure still prints its call log and keeps its screenshot (docs/decisions/104-browser-traces-on-request.md).
    trace: (process.env.E2E_TRACE as 'on' | 'retain-on-failure' | 'retain-on-first-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'phone', use: { ...devices['Pixel 5'], viewport: { width: 360, height: 740 }, defaultBrowserType: 'chromium' } }],
  // Per run, so that runs side by side never delete each other's traces.
  outputDir: `../test-results/e2e-artifacts-${E2E_PORT}`,
  webServer: [
    {
      // What `npm start` runs: the API as `npm run build` compiled it (run the build first).
      command: 'node apps/api/dist/server.js',
      cwd: '..',
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        DATA_DIR: process.env.E2E_DATA_DIR,
        ...serverEnv,
      },
    },
    ...(MQTT_URL && MQTT_BASE_URL
      ? [
          {
            // The same server with MQTT on; it connects to the broker once the global setup has started it.
            command: 'node apps/api/dist/server.js',
            cwd: '..',
            url: `${MQTT_BASE_URL}/api/health`,
            reuseExistingServer: false,
            timeout: 120_000,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
            env: {
              PORT: process.env.E2E_MQTT_WEB_PORT ?? '',
              DATA_DIR: `${process.env.E2E_DATA_DIR}-mqtt`,
              ...serverEnv,
              MQTT_URL,
              MQTT_CLIENT_ID: `portal-e2e-${process.env.E2E_MQTT_WEB_PORT}`,
            },
          },
        ]
      : []),
  ],
});
