import { type APIRequestContext, type Page, request as requestContext } from '@playwright/test';
import { dashboardLabels, dashboardMessages } from '@portal/contract/dashboard';
import { expectNoViolations } from '../a11y';
import { ADMIN, expect, openDevice, Seed, signIn, test, unique } from '../fixtures';
import { startPortal } from '../portal-process';

interface Stats {
  totalUsers: number;
  totalTramos: number;
  totalKaiserStops: number;
  totalWallPosts: number;
  totalComments: number;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what} failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

const getStats = async (request: APIRequestContext, admin: string) =>
  ok<Stats>(await request.get('/api/dashboard/stats', { headers: auth(admin) }), 'stats');

const totalCard = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

const TOTALS: [keyof Stats, string][] = [
  ['totalUsers', dashboardLabels.totalUsers],
  ['totalTramos', dashboardLabels.totalTramos],
  ['totalKaiserStops', dashboardLabels.totalKaiserStops],
  ['totalWallPosts', dashboardLabels.totalWallPosts],
  ['totalComments', dashboardLabels.totalComments],
];

test.describe('admin statistics panel', () => {
  test('shows the five totals of the data and the four charts', async ({ page, seed, request }) => {
    const admin = await seed.adminToken();
    const baseline = await getStats(request, admin);

    // Six workers, each with a circular and a finished stop, so both top-5 lists are full.
    const station = await seed.station();
    const workers = [];
    for (let i = 0; i < 6; i++) workers.push(await seed.worker(station, unique(`Estadista ${i} `)));
    const hour = 3_600_000;
    const now = Date.now();
    for (const [i, w] of workers.entries()) {
      await ok(
        await request.post('/api/tramos', {
          headers: auth(w.token),
          multipart: { id_tramo: unique('TR-'), id_proyecto: 'PRY-001', id_circular: unique('CI-'), arco_sumergido_id: String(station.id) },
        }),
        'create tramo',
      );
      await ok(
        await request.post('/api/paradas-kaiser/manual', {
          headers: auth(w.token),
          data: {
            // One hour each, one after another: the stops of one arco may not overlap (downtime-arco.test.ts).
            start_time: new Date(now - (i + 2) * hour).toISOString(),
            end_time: new Date(now - (i + 1) * hour).toISOString(),
            description: 'Parada de prueba',
            arco_sumergido_id: station.id,
          },
        }),
        'manual stop',
      );
    }
    const { post } = await ok<{ post: { id: number } }>(
      await request.post('/api/wall/posts', {
        headers: auth(workers[0].token),
        multipart: { content: 'Hola a todo el equipo', wall_name: 'Main' },
      }),
      'create post',
    );
    for (const content of ['Primer comentario', 'Segundo comentario']) {
      await ok(
        await request.post(`/api/wall/posts/${post.id}/comments`, { headers: auth(workers[1].token), multipart: { content } }),
        'create comment',
      );
    }

    const seeded = await getStats(request, admin);
    expect(seeded.totalUsers).toBeGreaterThanOrEqual(baseline.totalUsers + 6);
    expect(seeded.totalTramos).toBeGreaterThanOrEqual(baseline.totalTramos + 6);
    expect(seeded.totalKaiserStops).toBeGreaterThanOrEqual(baseline.totalKaiserStops + 6);
    expect(seeded.totalWallPosts).toBeGreaterThanOrEqual(baseline.totalWallPosts + 1);
    expect(seeded.totalComments).toBeGreaterThanOrEqual(baseline.totalComments + 2);

    // Another test's andon call may reach this admin's page while it is open: its bar comes in (or goes)
    // above the page and moves it, as a live alert must. Those moments are left out of the shifts below.
    await page.addInitScript(() => {
      const times: number[] = [];
      Object.assign(window, { __andonBarAt: times });
      const isBar = (n: Node) =>
        n instanceof Element && (n.matches('[data-testid="andon-bar"]') || n.querySelector('[data-testid="andon-bar"]') !== null);
      new MutationObserver((records) => {
        for (const r of records) if ([...r.addedNodes, ...r.removedNodes].some(isBar)) times.push(performance.now());
      }).observe(document, { childList: true, subtree: true });
    });
    await signIn(page, admin, '/admin');
    // Other browser tests may write at the same time: the page must show exactly what the server held
    // while it loaded, so compare against answers taken just before and just after, retrying until
    // nothing changed in between.
    await expect(async () => {
      const before = await getStats(request, admin);
      const topBefore = await ok<{ name: string }[]>(
        await request.get('/api/dashboard/top-users-by-tramos', { headers: auth(admin) }),
        'top',
      );
      await page.reload();
      for (const [key, label] of TOTALS) {
        await expect(totalCard(page, label).locator('p')).toHaveText(new Intl.NumberFormat('es-ES').format(before[key]), {
          timeout: 5_000,
        });
      }
      const topChart = page.getByRole('region', { name: dashboardLabels.topTramosChart });
      for (const { name } of topBefore) await expect(topChart.locator('table')).toContainText(name, { timeout: 5_000 });
      expect(await getStats(request, admin)).toEqual(before);
    }).toPass({ timeout: 40_000 });

    const tramosChart = page.getByRole('region', { name: dashboardLabels.tramosChart });
    const kaiserChart = page.getByRole('region', { name: dashboardLabels.kaiserChart });
    const topTramos = page.getByRole('region', { name: dashboardLabels.topTramosChart });
    const topKaiser = page.getByRole('region', { name: dashboardLabels.topKaiserChart });
    // A chart is drawn once its box is reached (docs/decisions/086-admin-charts-when-reached.md): at
    // 360 x 740 the last one is below the fold, its card and box of 300 px already in place.
    await expect(tramosChart.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
    const last = topKaiser.locator('figure');
    expect((await last.boundingBox())?.height).toBe(300);
    await expect(last.locator('.recharts-wrapper')).toHaveCount(0);
    for (const chart of [tramosChart, kaiserChart, topTramos, topKaiser]) {
      await chart.locator('figure').scrollIntoViewIfNeeded();
      await expect(chart.locator('figure[aria-label] .recharts-wrapper > svg.recharts-surface')).toBeVisible();
    }
    // Nothing moved while the figures and the charts came in: no layout shift since the page loaded.
    const shifts = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          if (!PerformanceObserver.supportedEntryTypes.includes('layout-shift')) resolve(-1);
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
            const andonBar = (window as unknown as { __andonBarAt: number[] }).__andonBarAt;
            const byAndonBar = (e: PerformanceEntry) => andonBar.some((t) => e.startTime >= t && e.startTime <= t + 1_000);
            resolve(entries.filter((e) => !e.hadRecentInput && !byAndonBar(e)).reduce((sum, e) => sum + e.value, 0));
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(0), 1_000);
        }),
    );
    expect(shifts).toBe(0);
    // Twelve months per line: one line of tramos, two of stops (count and total_duration).
    await expect(tramosChart.locator('.recharts-line-dot')).toHaveCount(12);
    await expect(kaiserChart.locator('.recharts-line-dot')).toHaveCount(24);
    await expect(kaiserChart.locator('.recharts-line')).toHaveCount(2);
    await expect(topTramos.locator('.recharts-bar-rectangle')).toHaveCount(5);
    await expect(topKaiser.locator('.recharts-bar-rectangle')).toHaveCount(5);
    // Every chart is 300 px high; at a phone's 360 px width every card and chart fits the screen.
    const box = await tramosChart.locator('figure').boundingBox();
    expect(box?.height).toBe(300);
    for (const region of await page.locator('main section').all()) {
      const r = await region.boundingBox();
      expect(r && r.x >= 0 && r.x + r.width <= 360).toBe(true);
    }
    const mainOverflow = await page.locator('main').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(mainOverflow).toBeLessThanOrEqual(0);

    // A drawn chart follows its box: the phone turned to landscape draws it again at the new width.
    const surface = tramosChart.locator('figure[aria-label] .recharts-wrapper > svg.recharts-surface');
    const narrow = Number(await surface.getAttribute('width'));
    await page.setViewportSize({ width: 740, height: 360 });
    const wide = Math.round((await tramosChart.locator('figure').boundingBox())?.width ?? 0);
    expect(wide).toBeGreaterThan(narrow + 100);
    await expect(surface).toHaveAttribute('width', String(wide));
  });

  test('shows the loading text until the figures arrive', async ({ page, seed }) => {
    const admin = await seed.adminToken();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/dashboard/stats', async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, admin, '/admin');
    await expect(page.getByText(dashboardMessages.loading)).toBeVisible();
    release();
    await expect(totalCard(page, dashboardLabels.totalUsers)).toBeVisible();
    await expect(page.getByText(dashboardMessages.loading)).toHaveCount(0);
  });

  test('shows the fallback of a failed call and the network text', async ({ page, seed }) => {
    const admin = await seed.adminToken();
    await page.route('**/api/dashboard/top-users-by-kaiser-stops', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: '{}' }),
    );
    await signIn(page, admin, '/admin');
    await expect(page.getByRole('alert')).toHaveText(dashboardMessages.topKaiserFallback);

    await page.unroute('**/api/dashboard/top-users-by-kaiser-stops');
    await page.route('**/api/dashboard/tramos-stats*', (route) => route.abort('failed'));
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText(dashboardMessages.network, { timeout: 20_000 });
  });

  test('a user who is no longer admin is sent to the login screen by the server answer', async ({ page, seed, request }) => {
    // A second admin, demoted while their token still says admin: the server answers 403.
    const station = await seed.station();
    const worker = await seed.worker(station, unique('Antiguo admin '));
    const admin = await seed.adminToken();
    await ok(await request.put(`/api/admin/users/${worker.id}/role`, { headers: auth(admin), data: { role: 'admin' } }), 'promote');
    const adminWorker = await seed.login(worker.worker_id, worker.password, station);
    await ok(await request.put(`/api/admin/users/${worker.id}/role`, { headers: auth(admin), data: { role: 'user' } }), 'demote');
    await signIn(page, adminWorker, '/admin');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

test.describe('disk space warning', () => {
  test('the panel warns in Spanish exactly when the server reports its data disk under the threshold', async ({ page, seed, request }) => {
    // The shared server, on this machine's disk: the warning shows if and only if the server says so.
    const admin = await seed.adminToken();
    const disk = await ok<{ low: boolean }>(await request.get('/api/dashboard/disk', { headers: auth(admin) }), 'disk');
    await signIn(page, admin, '/admin');
    await expect(page.getByRole('heading', { name: dashboardLabels.title })).toBeVisible();
    await expect(totalCard(page, dashboardLabels.totalUsers)).toBeVisible();
    await expect(page.getByRole('heading', { name: dashboardLabels.diskLowTitle })).toHaveCount(disk.low ? 1 : 0);
  });

  test('a server whose threshold is above its free space shows the warning with the free space', async ({ browser }) => {
    // A server of its own whose warning threshold (DISK_WARN_MB) no disk reaches: 1 PB.
    const server = await startPortal('e2e-disk', {
      ADMIN_WORKER_ID: ADMIN.worker_id,
      ADMIN_PASSWORD: ADMIN.password,
      DISK_WARN_MB: String(1024 ** 3),
      BACKUP_HOUR: 'off',
    });
    const baseURL = server.baseURL;
    const api = await requestContext.newContext({ baseURL });
    try {
      const admin = await new Seed(api).adminToken();
      const disk = await ok<{ freeBytes: number; low: boolean }>(await api.get('/api/dashboard/disk', { headers: auth(admin) }), 'disk');
      expect(disk.low).toBe(true);
      const { context, page } = await openDevice(browser, baseURL);
      await signIn(page, admin, '/admin');
      const warning = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: dashboardLabels.diskLowTitle }) });
      await expect(warning).toBeVisible();
      await expect(warning).toContainText('libres (aviso por debajo de 1.048.576 GB)');
      await expect(warning).toContainText(/Quedan [\d.,]+ (GB|MB) libres/);
      await expectNoViolations(page, 'admin panel with the disk warning');
      await context.close();
    } finally {
      await api.dispose();
      server.stop();
    }
  });
});
