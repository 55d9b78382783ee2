import { DEFAULT_FACTORY_TZ } from '@portal/contract/time';
import { WALL_PAGE_DEFAULT, type WallPost } from '@portal/contract/wall';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PostCard } from '@/features/wall/components/post-card';
import { takePrefetchedData } from '@/lib/prefetch';
import { renderWallPaint } from '@/prerender';
import { FIRST_SCREENS, type PostsPaint, type PreloadRule, routePreloadScript, WALL_PAINT_ID } from './route-preload';

// The wall's first posts as the route-preload script paints them before the app runs must be the
// markup the wall's first render commits (docs/decisions/117-wall-first-posts-before-the-app.md).

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: Record<string, unknown>) =>
  `${b64url({ alg: 'HS256' })}.${b64url({ id: 7, role: 'user', exp: Math.floor(Date.now() / 1000) + 3600, ...claims })}.s`;

const paintJson = renderWallPaint();
const paint = JSON.parse(paintJson) as PostsPaint;
const rules: PreloadRule[] = FIRST_SCREENS.map((s) => [s.path, s.signedIn, [], s.prefetch ?? []]);
/** The worker frame's parts the script paints into, and the JSON the build writes beside them (build/prerender-login.ts). */
const frame = () => {
  document.body.innerHTML = `<div id="${paint.titleSlot}"></div><div id="${paint.slot}"></div><script type="application/json" id="${WALL_PAINT_ID}"></script>`;
  (document.getElementById(WALL_PAINT_ID) as HTMLElement).textContent = paintJson;
};

const post = (id: number, fields: Partial<WallPost>): WallPost => ({
  id,
  user_id: 1,
  user_name: 'Ana',
  arco_sumergido_id: 3,
  arco_sumergido_name: 'Arco 3',
  wall_name: 'Main',
  timestamp: '2026-11-28T10:15:00.000Z',
  content: 'Hola',
  image_path: null,
  image_thumb: null,
  like_count: 0,
  comment_count: 0,
  is_liked_by_current_user: false,
  ...fields,
});

/** The screen's cards as React renders them (the first photo of the list with priority). */
const reactCards = (posts: WallPost[], count: number) => {
  const first = posts.find((p) => p.image_path)?.id;
  const box = document.createElement('div');
  box.innerHTML = posts
    .slice(0, count)
    .map((p) =>
      renderToString(
        <PostCard
          post={p}
          tz={DEFAULT_FACTORY_TZ}
          priority={p.id === first}
          commentsOpen={false}
          onToggleComments={() => {}}
          onToggleLike={() => {}}
        />,
      ).replace(/^(<link[^>]*>)+/, ''),
    )
    .join('');
  return box.innerHTML;
};

/** Runs the script on a fresh frame with `posts` as the answer (`startApp`: the global it calls to start the app). */
async function paintWith(posts: WallPost[], claims: Record<string, unknown>, startApp?: string) {
  localStorage.setItem('token', token(claims));
  document.documentElement.removeAttribute(paint.show[0]);
  frame();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(posts), { status: 200 })),
  );
  routePreloadScript(rules, '', '/dashboard', startApp);
  await vi.waitFor(() => expect(document.documentElement.getAttribute(paint.show[0])).toBe(paint.show[1]));
  return document.getElementById(paint.slot) as HTMLElement;
}

afterEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.removeAttribute(paint.show[0]);
  delete (window as { __portalPrefetch?: unknown }).__portalPrefetch;
  vi.unstubAllGlobals();
});

describe("the wall's first posts before the app", () => {
  it('paints the first posts with the markup the wall renders: text or not, liked or not, the first photo with priority', async () => {
    const posts = [
      post(41, { content: 'Sin foto <b>negrita</b> & "comillas" \'simples\'\nsegunda línea', user_name: 'Beto <Operario> & Cía' }),
      post(40, {
        content: '',
        image_path: '/uploads/a.jpg',
        image_thumb: '/uploads/a_thumb.webp',
        like_count: 3,
        is_liked_by_current_user: true,
      }),
      post(39, { image_path: 'b.jpg', image_thumb: null, comment_count: 12, timestamp: '2026-03-29T00:59:59.000Z' }),
      post(38, {
        image_path: 'https://cdn.example/c.jpg',
        image_thumb: 'https://cdn.example/c_thumb.webp',
        timestamp: '2026-10-25T01:30:00.000Z',
      }),
      post(37, { content: 'la quinta, no pintada' }),
    ];
    const slot = await paintWith(posts, { arco_sumergido_id: 3, arco_sumergido_name: 'Arco <3>' });
    expect(slot.querySelectorAll('[data-testid="post"]')).toHaveLength(paint.count);
    expect(slot.innerHTML).toBe(reactCards(posts, paint.count));
    expect(document.getElementById(paint.titleSlot)?.textContent).toBe('Muro de Arco <3>');
    // The photos from the API host as imageUrl() gives them.
    expect([...slot.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/uploads/a_thumb.webp',
      '/uploads/b.jpg',
      'https://cdn.example/c_thumb.webp',
    ]);
  });

  it('writes the dates as the wall does, across the changes of time and the years', async () => {
    const stamps = [
      '2026-03-29T00:59:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-10-25T00:59:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '1999-12-31T23:30:00.000Z',
      '2026-01-01T00:00:00.000Z',
      '2026-06-30T22:05:00.000Z',
      '2026-11-28T16:00:00.000Z',
    ];
    for (let from = 0; from < stamps.length; from += paint.count) {
      const posts = stamps.slice(from, from + paint.count).map((timestamp, i) => post(100 - i, { timestamp }));
      const slot = await paintWith(posts, {});
      expect(slot.innerHTML).toBe(reactCards(posts, paint.count));
      document.documentElement.removeAttribute(paint.show[0]);
    }
  });

  it("without an arco the title is the wall's name; an empty wall, an error or a frame already replaced get nothing", async () => {
    await paintWith([post(1, {})], {});
    expect(document.getElementById(paint.titleSlot)?.textContent).toBe('Main');

    for (const answer of [new Response('[]', { status: 200 }), new Response('{"message":"no"}', { status: 401 })]) {
      document.documentElement.removeAttribute(paint.show[0]);
      frame();
      const fetchMock = vi.fn(async () => answer);
      vi.stubGlobal('fetch', fetchMock);
      routePreloadScript(rules, '', '/dashboard');
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(document.getElementById(paint.slot)?.innerHTML).toBe('');
      expect(document.documentElement.hasAttribute(paint.show[0])).toBe(false);
    }

    // The app got there first: no frame to paint into, nothing changes.
    document.body.innerHTML = '<main>la app</main>';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([post(1, {})]), { status: 200 })),
    );
    routePreloadScript(rules, '', '/dashboard');
    const store = (window as { __portalPrefetch?: Record<string, { data?: unknown }> }).__portalPrefetch ?? {};
    await vi.waitFor(() => expect(Object.values(store)[0]?.data).toBeDefined());
    expect(document.body.innerHTML).toBe('<main>la app</main>');
    expect(document.documentElement.hasAttribute(paint.show[0])).toBe(false);
  });

  it("the app's scripts and the wall's chunks start once the posts are painted, or at once when nothing will be", async () => {
    const startApp = vi.fn();
    Object.assign(window, { __startAppTest: startApp });
    localStorage.setItem('token', token({ arco_sumergido_id: 3 }));
    frame();
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    routePreloadScript(rules, '', '/dashboard', '__startAppTest');
    // The answer is on its way: neither the app nor the wall's chunks have started.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(startApp).not.toHaveBeenCalled();
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    answer(
      new Response(JSON.stringify([post(1, { image_path: '/uploads/a.jpg', image_thumb: '/uploads/a_thumb.webp' })]), { status: 200 }),
    );
    // Painted first; the app waits for the painted photo (docs/decisions/124-wall-app-after-first-photo.md).
    await vi.waitFor(() => expect(document.documentElement.getAttribute(paint.show[0])).toBe(paint.show[1]));
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(1);
    const photo = document.querySelector<HTMLImageElement>(`#${paint.slot} img`);
    expect(photo).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(startApp).not.toHaveBeenCalled();
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    // Then the app, once it has loaded.
    photo?.dispatchEvent(new Event('load'));
    expect(startApp).toHaveBeenCalledTimes(1);

    // A photo that fails to load starts the app too.
    startApp.mockClear();
    const failing = await paintWith([post(2, { image_path: '/uploads/b.jpg' })], { arco_sumergido_id: 3 }, '__startAppTest');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(startApp).not.toHaveBeenCalled();
    const failed = failing.querySelector('img');
    expect(failed).not.toBeNull();
    failed?.dispatchEvent(new Event('error'));
    expect(startApp).toHaveBeenCalledTimes(1);

    // Posts without a photo start the app once painted.
    startApp.mockClear();
    await paintWith([post(3, {})], { arco_sumergido_id: 3 }, '__startAppTest');
    await vi.waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));

    // A refused answer starts the app too; so does a page with no frame to paint (at once).
    for (const withFrame of [true, false]) {
      startApp.mockClear();
      document.body.innerHTML = '';
      if (withFrame) frame();
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('{"message":"no"}', { status: 401 })),
      );
      routePreloadScript(rules, '', '/dashboard', '__startAppTest');
      if (!withFrame) expect(startApp).toHaveBeenCalledTimes(1);
      await vi.waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));
    }
    // Any other screen starts the app at once.
    startApp.mockClear();
    routePreloadScript(rules, '', '/login', '__startAppTest');
    expect(startApp).toHaveBeenCalledTimes(1);
    delete (window as { __startAppTest?: unknown }).__startAppTest;
  });

  it('the wall starts from the answer the script read, taken once', async () => {
    const posts = [post(5, {})];
    await paintWith(posts, { arco_sumergido_id: 3 });
    const url = `/api/wall/posts?arco_sumergido_id=3&limit=${WALL_PAGE_DEFAULT}`;
    const stored = localStorage.getItem('token');
    expect(takePrefetchedData(url, 'another-token')).toBeUndefined();
    expect(takePrefetchedData(url, stored)?.data).toEqual(posts);
    expect(takePrefetchedData(url, stored)).toBeUndefined();
  });
});
