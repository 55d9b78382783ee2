import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The config is evaluated by the runner and by every worker: the runner picks the data folder and
// port once and the workers inherit them through the environment.
// 20000-29999 holds none of the ports Chromium refuses to connect to (3659, 4045, 6000...).
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 10000));
process.env.E2E_DATA_DIR ??= path.join(tmpdir(), `portal-e2e-${Date.now()}`);
export const E2E_PORT = Number(process.env.E2E_PORT);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

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

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  globalSetup: './global-setup.ts',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'phone', use: { ...devices['Pixel 5'], viewport: { width: 360, height: 740 }, defaultBrowserType: 'chromium' } }],
  // Per run, so that runs side by side never delete each other's traces.
  outputDir: `../test-results/e2e-artifacts-${E2E_PORT}`,
  webServer: {
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
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_WORKER_ID: 'e2e-admin',
      ADMIN_PASSWORD: 'e2e-admin-password',
      FACTORY_TZ: 'Europe/Madrid',
      LOG_LEVEL: 'warn',
      REGISTER_MAX_PER_IP: '100000',
      LOGIN_IP_MAX_FAILURES: '100000',
    },
  },
});
