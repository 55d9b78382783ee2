import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, unique, type Worker } from '../fixtures';

// The wall's first posts painted by the route-preload script before the app runs, from the posts it
// prefetched (apps/web/src/app/route-preload.ts, docs/decisions/117-wall-first-posts-before-the-app.md).

const photo = () =>
  sharp({ create: { width: 600, height: 900, channels: 3, background: '#2e86c1' } })
    .jpeg()
    .toBuffer();

async function createPost(request: APIRequestContext, worker: Worker, content: string, withPhoto: boolean) {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = { content, wall_name: 'Main' };
  if (withPhoto) multipart.image = { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: await photo() };
  const res = await request.post('/api/wall/posts', { multipart, headers: { Authorization: `Bearer ${worker.token}` } });
  expect(res.status(), await res.text()).toBe(201);
}

test("the wall's first posts and photo paint before the app runs, and the app puts the same posts in their place", async ({
  page,
  seed,
}) => {
  const station = await seed.station();
  const ana = await seed.worker(station, 'Ana <Soldadora> & "Cía"');
  // Oldest first: the newest (first on the wall) carries the photo; one text that must stay text.
  const texts = [
    unique('Turno de noche '),
    unique('Cambio de hilo '),
    unique('Revisión <b>de</b> la costura & "soldadura" '),
    unique('Mira '),
  ];
  await createPost(page.request, ana, unique('Primera publicación '), false);
  for (const [i, text] of texts.entries()) await createPost(page.request, ana, text, i === texts.length - 1);
  const newestFirst = [...texts].reverse();

  // The app's entry module is held back until released: whatever shows meanwhile is the HTML's and the
  // early script's doing.
  const html = await (await page.request.get('/dashboard')).text();
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entryRequested = false;
  // Signed in from the first navigation: no earlier visit, so no service worker answers for the page.
  await page.addInitScript((token) => localStorage.setItem('token', token), ana.token);
  // Every layout shift of the page, as the browser reports them (what Lighthouse's CLS adds up).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    // What moved, for the failure's message: each shift's elements, their boxes before and after.
    const moved: string[] = [];
    Object.assign(window, { __shifts: shifts, __moved: moved });
    const box = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    type Shift = PerformanceEntry & {
      value: number;
      sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        shifts.push(entry.value);
        for (const s of entry.sources ?? []) {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          const name = el
            ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')} "${(el.textContent ?? '').slice(0, 40)}"`
            : '?';
          moved.push(`${Math.round(entry.startTime)} ms ${name}: ${box(s.previousRect)} -> ${box(s.currentRect)}`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  let paintedWhenAsked = -1;
  let photoWhenAsked = { loaded: false, at: 0 };
  // The photo comes slowly, as on a phone: the app's entry waits for it to load, or for the page's hold
  // (WALL_HOLD in apps/web/src/prerender-gate.ts: 1 s from the first frame, so not before 1 s of the page's life).
  await page.route('**/uploads/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.route(`**${entry}`, async (route) => {
    entryRequested = true;
    // How many posts were painted, and whether the first photo had loaded, when the page asked for the app's entry.
    const asked = await page.evaluate(() => {
      const img = document.querySelector<HTMLImageElement>('#wall-first-posts img');
      return {
        painted: document.querySelectorAll('#wall-first-posts [data-testid="post"]').length,
        photo: { loaded: Boolean(img?.complete && img.naturalWidth > 0), at: performance.now() },
      };
    });
    photoWhenAsked = asked.photo;
    paintedWhenAsked = asked.painted;
    await held;
    await route.continue();
  });

  // Not waiting for the load event, which the held entry holds back.
  await page.goto('/dashboard', { waitUntil: 'commit' });
  const early = page.locator('#wall-first-posts [data-testid="post"]');
  await expect(early).toHaveCount(4);
  // The app's entry is asked for once the posts are painted (the first photo has the bandwidth first).
  await expect.poll(() => entryRequested).toBe(true);
  await expect.poll(() => paintedWhenAsked).toBe(4);
  expect(
    photoWhenAsked.loaded || photoWhenAsked.at >= 1000,
    `the app's entry was asked for at ${Math.round(photoWhenAsked.at)} ms, before the first photo had loaded`,
  ).toBe(true);
  // The newest post, its author, its factory date and its photo, on screen while the app is held.
  await expect(page.locator('#wall-first-title')).toHaveText(`Muro de ${station.name}`);
  await expect(early.first()).toBeVisible();
  await expect(early.first().locator('strong')).toHaveText('Ana <Soldadora> & "Cía"');
  await expect(early.first().locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await expect(early.first()).toContainText(newestFirst[0]);
  const earlyPhoto = early.first().getByAltText('Imagen publicada por Ana <Soldadora> & "Cía"');
  await expect(earlyPhoto).toBeVisible();
  await expect.poll(() => earlyPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(early.nth(1)).toContainText(newestFirst[1]);
  await expect(early.nth(1).locator('p')).toHaveText(newestFirst[1]);
  // The frame's 'Cargando...' made way; the painted part is inert: nothing in it is focusable or read out.
  await expect(page.locator('[data-prerendered="worker"] [role="status"]')).toBeHidden();
  await expect(page.locator('[data-prerendered="worker"]')).toHaveAttribute('inert', '');
  const before = await Promise.all(
    [0, 1, 2, 3].map(async (i) => ({ box: await early.nth(i).boundingBox(), text: await early.nth(i).innerText() })),
  );
  const earlyDates = await early.locator('time').allInnerTexts();

  release();
  // The live wall: its heading, the early part gone, each post once, the first ones where they were painted.
  await expect(page.getByRole('heading', { level: 1, name: `Muro de ${station.name}` })).toBeVisible();
  await expect(page.locator('#wall-first-posts')).toHaveCount(0);
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  const live = page.getByTestId('post');
  await expect(live).toHaveCount(5);
  for (const text of newestFirst) await expect(live.filter({ hasText: text })).toHaveCount(1);
  await expect(page.getByRole('article')).toHaveCount(5);
  expect(await live.locator('time').evaluateAll((times) => times.slice(0, 4).map((t) => t.textContent))).toEqual(earlyDates);
  for (const [i, { box, text }] of before.entries()) {
    expect(await live.nth(i).innerText()).toBe(text);
    expect(await live.nth(i).boundingBox()).toEqual(box);
  }
  // Nothing that was painted moved: not when the posts were painted, not when the app replaced them.
  const { shifts, moved } = await page.evaluate(() => {
    const w = window as unknown as { __shifts: number[]; __moved: string[] };
    return { shifts: w.__shifts, moved: w.__moved };
  });
  expect(shifts, `layout shifts; what moved:\n${moved.join('\n')}`).toEqual([]);
  // The live card works as always: the like button is focusable and toggles.
  const like = live.first().getByRole('button', { name: /Me gusta/ });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
});
