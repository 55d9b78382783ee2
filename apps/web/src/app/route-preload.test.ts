import { WALL_PAGE_DEFAULT } from '@portal/contract/wall';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getActiveParada } from '@/features/paradas/api/get-active-parada';
import { getArcoParada } from '@/features/paradas/api/get-arco-parada';
import { getPosts } from '@/features/wall/api/get-posts';
import { takePrefetched } from '@/lib/prefetch';
import { FIRST_SCREENS, type PreloadRule, routePreloadScript } from './route-preload';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const forge = (claims: Record<string, unknown>) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.signature`;
const worker = (exp = Math.floor(Date.now() / 1000) + 3600) =>
  forge({ id: 7, name: 'Lucía Faro', role: 'user', arco_sumergido_id: 3, arco_sumergido_name: 'Arco 3', exp });

/** The rules as vite.config.ts emits them, with a made-up chunk per route module. */
const rules: PreloadRule[] = FIRST_SCREENS.map((s) => [
  s.path,
  s.signedIn,
  s.modules.map((m) => `/assets/${m.split('/').pop()}.js`),
  s.prefetch ?? [],
]);

const posts = [
  { id: 9, content: 'sin foto', image_path: null, image_thumb: null },
  { id: 8, content: 'con foto', image_path: '/uploads/a.jpg', image_thumb: '/uploads/a_thumb.webp' },
];
const answer = () => new Response(JSON.stringify(posts), { status: 200, headers: { 'Content-Type': 'application/json' } });
const links = (rel: string) => [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)];

afterEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  delete (window as { __portalPrefetch?: unknown }).__portalPrefetch;
  vi.unstubAllGlobals();
});

describe('route-preload script', () => {
  it("starts the wall's chunks and its first page of posts, which getPosts then takes instead of asking again", async () => {
    const token = worker();
    localStorage.setItem('token', token);
    const fetchMock = vi.fn(async () => answer());
    vi.stubGlobal('fetch', fetchMock);

    routePreloadScript(rules, '', '/dashboard');

    expect(links('modulepreload').map((l) => l.getAttribute('href'))).toEqual([
      '/assets/user-shell.tsx.js',
      '/assets/wall-page.tsx.js',
      '/assets/worker-routes.tsx.js',
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/wall/posts?arco_sumergido_id=3&limit=${WALL_PAGE_DEFAULT}`);
    expect(init.headers).toEqual({ Authorization: `Bearer ${token}` });

    // What the wall page asks for (usePosts: the token's arco, the first page of WALL_PAGE_DEFAULT posts).
    await expect(getPosts({ arco_sumergido_id: 3, limit: WALL_PAGE_DEFAULT, before: undefined })).resolves.toEqual(posts);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The first photo of the answer is preloaded with high priority.
    await vi.waitFor(() => expect(links('preload')).toHaveLength(1));
    expect(links('preload')[0].getAttribute('href')).toBe('/uploads/a_thumb.webp');
    expect(links('preload')[0].getAttribute('fetchpriority')).toBe('high');

    // Taken once: a refetch goes to the network.
    await getPosts({ arco_sumergido_id: 3, limit: WALL_PAGE_DEFAULT });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("starts the stops screen's chunks and the two answers its clock waits for, which the screen then takes", async () => {
    const token = worker();
    localStorage.setItem('token', token);
    const fetchMock = vi.fn(async () => new Response('null', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);

    routePreloadScript(rules, '', '/dashboard/paradas-kaiser');

    expect(links('modulepreload').map((l) => l.getAttribute('href'))).toEqual([
      '/assets/user-shell.tsx.js',
      '/assets/paradas-kaiser-page.tsx.js',
      '/assets/worker-routes.tsx.js',
    ]);
    expect(fetchMock.mock.calls.map((call) => (call as unknown as [string])[0])).toEqual([
      '/api/paradas-kaiser/active',
      '/api/paradas-kaiser/active/arco',
    ]);
    // What the timer asks for (useActiveParada, useArcoParada): taken, not asked again.
    await expect(getActiveParada(7)).resolves.toBeNull();
    await expect(getArcoParada()).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks nothing and preloads the login screen without a usable token', () => {
    const fetchMock = vi.fn(async () => answer());
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('token', worker(Math.floor(Date.now() / 1000) - 60));
    routePreloadScript(rules, '', '/dashboard');
    localStorage.setItem('token', 'garbage');
    routePreloadScript(rules, '', '/login');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(links('modulepreload').map((l) => l.getAttribute('href'))).toEqual(['/assets/login-page.tsx.js', '/assets/login-page.tsx.js']);
  });

  it("other signed-in screens get their shell and the table of the area's screens, and no request", () => {
    localStorage.setItem('token', worker());
    const fetchMock = vi.fn(async () => answer());
    vi.stubGlobal('fetch', fetchMock);
    routePreloadScript(rules, '', '/dashboard/profile');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(links('modulepreload').map((l) => l.getAttribute('href'))).toEqual([
      '/assets/user-shell.tsx.js',
      '/assets/worker-routes.tsx.js',
    ]);
  });

  it("the weld screens and the admin area also get the table of their screens' imports; /admin/login nothing", () => {
    localStorage.setItem('token', worker());
    const fetchMock = vi.fn(async () => answer());
    vi.stubGlobal('fetch', fetchMock);
    routePreloadScript(rules, '', '/dashboard/soldadura/12');
    routePreloadScript(rules, '', '/admin/users');
    routePreloadScript(rules, '', '/admin/login');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(links('modulepreload').map((l) => l.getAttribute('href'))).toEqual([
      '/assets/user-shell.tsx.js',
      '/assets/quality-routes.tsx.js',
      '/assets/worker-routes.tsx.js',
      '/assets/admin-routes.tsx.js',
    ]);
  });

  it('adds a long list of chunks three links per task, in order, the first three at once', async () => {
    vi.useFakeTimers();
    try {
      const files = Array.from({ length: 14 }, (_, i) => `/assets/chunk-${i}.js`);
      routePreloadScript([['^/login$', false, files, []]], '', '/login');
      expect(links('modulepreload').map((l) => l.getAttribute('href'))).toEqual(files.slice(0, 3));
      await vi.advanceTimersToNextTimerAsync();
      expect(links('modulepreload')).toHaveLength(6);
      await vi.runAllTimersAsync();
      expect(links('modulepreload').map((l) => l.getAttribute('href'))).toEqual(files);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an answer fetched with another token is not used', () => {
    localStorage.setItem('token', worker());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer()),
    );
    routePreloadScript(rules, '', '/dashboard');
    const url = `/api/wall/posts?limit=${WALL_PAGE_DEFAULT}&arco_sumergido_id=3`;
    expect(takePrefetched(url, 'another-token')).toBeUndefined();
    // ...and it is gone, whatever the token.
    expect(takePrefetched(url, localStorage.getItem('token'))).toBeUndefined();
  });
});
