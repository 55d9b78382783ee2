/**
 * The first screen's downloads, started before the entry chunk has run (Lighthouse on a
 * phone). vite.config.ts turns FIRST_SCREENS into rules (chunk files by path) and emits
 * routePreloadScript() as a small script that index.html loads async beside the entry (the CSP allows
 * no inline script). It adds modulepreload links for the current path's route chunks and, for a
 * signed-in worker, starts the screen's first API request at once; the app's api() takes that answer
 * instead of asking again (lib/prefetch.ts).
 */

import type { PrefetchEntry } from '@/lib/prefetch';
// Relative: vite.config.ts loads this module without the app's aliases.
import { WALL_FIRST_PAINT_PATH } from '../prerender-gate';

/** A GET the first screen will make: fixed query values plus some taken from the token's claims. */
export interface Prefetch {
  path: string;
  /** Query parameters copied from the token's claims (left out when the claim is absent). */
  claims?: string[];
  query?: Record<string, string | number>;
  /**
   * The answer is a list whose first item with a photo is likely the screen's largest paint: the
   * first of these fields that is set on an item names it (a stored path, as imageUrl() reads it), and
   * the script preloads it with high priority while the screen's code is still on its way.
   */
  image?: string[];
  /**
   * The answer is the wall's posts: the script paints the first ones into index.html's worker frame
   * while the app is still on its way, from the PostsPaint the build wrote into the frame as JSON, in
   * the element of this id (build/prerender-login.ts).
   */
  paint?: string;
}

/** The id of the worker frame's JSON element that holds the wall's PostsPaint. */
export const WALL_PAINT_ID = 'wall-paint';

/**
 * What the script needs to paint the wall's first posts before the app runs, exactly as the wall's first
 * render draws them (docs/decisions/117-wall-first-posts-before-the-app.md): PostCard's markup
 * rendered at build time (src/prerender.tsx) with stand-ins for the post's values. It travels in
 * index.html's worker frame, as markup the frame's, not in a script every page downloads.
 */
export interface PostsPaint {
  /** The ids of the worker frame's elements that take the posts and the wall's title (features/wall/components/wall-first-paint.tsx). */
  slot: string;
  titleSlot: string;
  /** The title with `arco` for the token's arco name, and the title without an arco. */
  title: [withArco: string, withoutArco: string];
  arco: string;
  /** How many posts the wall's first render shows. */
  count: number;
  /** PostCard's markup by variant: +1 with text, +2 liked, +4 with a photo (lazy), +8 with the page's first photo. */
  cards: string[];
  /** A regular expression matching every stand-in, and each stand-in's field. */
  pattern: string;
  marks: Record<string, 'id' | 'author' | 'iso' | 'date' | 'content' | 'thumb' | 'likes' | 'comments'>;
  /** The zone the wall's first render shows the dates in. */
  tz: string;
  /** The attribute and value set on <html> once painted: styles.css then shows the wall's part of the frame. */
  show: [attr: string, value: string];
}

export interface FirstScreen {
  /** A regular expression over location.pathname; the first rule that matches wins. */
  path: string;
  /** Only with a token (a signed-out visit of /dashboard ends on the login screen). */
  signedIn: boolean;
  /**
   * Route sources (relative to apps/web) whose chunks, with their static imports, are preloaded; the
   * last one's first (build/route-preload.ts): a route table goes last, since its screen's chunks are
   * asked for once it is in.
   */
  modules: string[];
  prefetch?: Prefetch[];
}

/**
 * The screens people open first on a phone: the login, the wall and the stops screen. The router (router.tsx) decides
 * what each path shows; any other path still works, it just loads its chunks after the entry.
 * The wall's request must match what WallPage asks for (usePosts with the arco of the token and
 * WALL_PAGE_DEFAULT posts), and the stops screen's what its clock asks: route-preload.test.ts checks it.
 */
export const FIRST_SCREENS: FirstScreen[] = [
  {
    path: WALL_FIRST_PAINT_PATH,
    signedIn: true,
    modules: ['src/app/user-shell.tsx', 'src/features/wall/routes/wall-page.tsx', 'src/app/worker-routes.tsx'],
    prefetch: [
      {
        path: '/api/wall/posts',
        claims: ['arco_sumergido_id'],
        query: { limit: 20 },
        image: ['image_thumb', 'image_path'],
        paint: WALL_PAINT_ID,
      },
    ],
  },
  // The stops screen, the one a welder opens most: its chunks download beside the entry, and the two
  // answers its Iniciar button waits for (the worker's running parada, the arco's) are asked at once
  // (docs/decisions/062-worker-screens-first-paint.md).
  {
    path: '^/dashboard/paradas-kaiser/?$',
    signedIn: true,
    modules: ['src/app/user-shell.tsx', 'src/app/paradas-kaiser-page.tsx', 'src/app/worker-routes.tsx'],
    prefetch: [{ path: '/api/paradas-kaiser/active' }, { path: '/api/paradas-kaiser/active/arco' }],
  },
  // Every other screen of the worker area: its shell and the table of the area's imports (the entry
  // keeps only their paths: docs/decisions/096-route-tables-out-of-the-entry.md); the weld inspector's
  // screens their own table too, so the screen's chunks are not a round trip behind the entry's run.
  {
    path: '^/dashboard/soldadura(/|$)',
    signedIn: true,
    modules: ['src/app/user-shell.tsx', 'src/app/quality-routes.tsx', 'src/app/worker-routes.tsx'],
  },
  { path: '^/dashboard/', signedIn: true, modules: ['src/app/user-shell.tsx', 'src/app/worker-routes.tsx'] },
  // The admin area: the table of its imports (the same decision), beside the entry.
  { path: '^/admin(?!/login)', signedIn: true, modules: ['src/app/admin-routes.tsx'] },
  // /, /login and every unknown path show the login screen; so does /dashboard without a token (not
  // /terminal, the station terminal's own screens).
  { path: '^/(?!admin|register|terminal)', signedIn: false, modules: ['src/features/auth/routes/login-page.tsx'] },
];

/** A rule as the script receives it: path pattern, signed-in only, chunk URLs, requests. */
export type PreloadRule = [pattern: string, signedIn: boolean, files: string[], prefetch: Prefetch[]];

/**
 * The emitted script's body. It must stand alone (vite.config.ts serializes it with toString()): no
 * imports, nothing from the enclosing module. A token that cannot be read, decoded or has expired
 * counts as none: the app sends such a visit to /login.
 */
export function routePreloadScript(rules: PreloadRule[], apiUrl: string, pathname: string, startApp?: string): void {
  // On the wall the app's scripts wait until the first posts are painted (src/prerender-gate.ts,
  // startAfterFirstPaint): this starts them, at once unless a paint is on its way.
  const release = () => {
    if (startApp) (window as unknown as Record<string, (() => void) | undefined>)[startApp]?.();
  };
  let token: string | null = null;
  let claims: Record<string, unknown> | null = null;
  try {
    token = localStorage.getItem('token');
    const part = token?.split('.')[1];
    if (part) claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
  } catch {
    claims = null;
  }
  if (!token || !claims || typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) {
    token = null;
    claims = null;
  }
  // As imageUrl() in lib/api.ts: absolute URLs as they are, paths from the API host.
  const imageHref = (stored: string) =>
    /^(https?:|blob:|data:)/.test(stored) ? stored : `${apiUrl}${stored[0] === '/' ? '' : '/uploads/'}${stored}`;
  // The wall's first posts in the worker frame, as the wall's first render draws them, if the app has
  // not replaced the frame yet: the first photo, the screen's largest paint, no longer waits for the
  // app (docs/decisions/117-wall-first-posts-before-the-app.md). The frame is inert: nothing in it is
  // focusable or read out, and the app's first commit replaces it with the same posts.
  // Returns the first photo it painted, if any: the page's largest paint.
  const paintPosts = (paintId: string, items: Record<string, unknown>[]): HTMLImageElement | null => {
    const source = document.getElementById(paintId);
    if (!source) return null;
    const paint = JSON.parse(source.textContent ?? '') as PostsPaint;
    const slot = document.getElementById(paint.slot);
    const title = document.getElementById(paint.titleSlot);
    if (!slot || !title || items.length === 0) return null;
    const text = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    // formatDateTime() in lib/dates.ts: 'dd/mm/aaaa HH:mm' in the factory's zone.
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: paint.tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const date = (iso: unknown) => {
      const part: Record<string, string> = {};
      for (const p of parts.formatToParts(new Date(String(iso)))) part[p.type] = p.value;
      return `${part.day}/${part.month}/${part.year.padStart(4, '0')} ${part.hour}:${part.minute}`;
    };
    const firstPhoto = items.find((post) => post.image_path);
    const marks = new RegExp(paint.pattern, 'g');
    let markup = '';
    for (const post of items.slice(0, paint.count)) {
      const stored = post.image_path ? ((post.image_thumb ?? post.image_path) as string) : '';
      const variant = (post.content ? 1 : 0) + (post.is_liked_by_current_user ? 2 : 0) + (stored ? (post === firstPhoto ? 8 : 4) : 0);
      const values = {
        id: text(post.id),
        author: text(post.user_name),
        iso: text(post.timestamp),
        date: text(date(post.timestamp)),
        content: text(post.content),
        thumb: stored ? text(imageHref(stored)) : '',
        likes: text(post.like_count),
        comments: text(post.comment_count),
      };
      markup += paint.cards[variant].replace(marks, (mark) => values[paint.marks[mark]]);
    }
    const arco = claims?.arco_sumergido_name;
    title.textContent = arco ? paint.title[0].split(paint.arco).join(String(arco)) : paint.title[1];
    slot.innerHTML = markup;
    document.documentElement.setAttribute(paint.show[0], paint.show[1]);
    // Only the first photo's card is eager; it comes before any other photo.
    return slot.querySelector('img');
  };
  for (const [pattern, signedIn, files, prefetch] of rules) {
    if ((signedIn && !token) || !new RegExp(pattern).test(pathname)) continue;
    // Adding a modulepreload link starts its download there and then, up to 10 ms each under a 4x CPU
    // throttle: the stops screen's 30 made one task of about 180 ms
    // (docs/decisions/105-first-screens-in-short-tasks.md). Three links per task, in order.
    const slice = 3;
    const addLinks = (from: number) => {
      for (const href of files.slice(from, from + slice)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      }
      if (from + slice < files.length) setTimeout(() => addLinks(from + slice), 0);
    };
    // The wall's own chunks wait with the app's scripts for its first posts' paint.
    let painting = false;
    let photo: HTMLImageElement | null = null;
    const afterPaint = () => {
      release();
      addLinks(0);
    };
    // The app's scripts wait for the painted first photo too (loaded or failed; the gate's hold caps
    // the wait): its download then has the phone's bandwidth to itself.
    const afterPhoto = () => {
      if (!photo || photo.complete) {
        afterPaint();
        return;
      }
      photo.addEventListener('load', afterPaint, { once: true });
      photo.addEventListener('error', afterPaint, { once: true });
    };
    if (token && claims) {
      const store: Record<string, PrefetchEntry> = {};
      for (const request of prefetch) {
        const params: [string, string][] = [];
        for (const name of request.claims ?? []) {
          const value = claims[name];
          if (value !== undefined && value !== null && value !== '') params.push([name, String(value)]);
        }
        const query = request.query ?? {};
        for (const name of Object.keys(query)) params.push([name, String(query[name])]);
        params.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
        const qs = new URLSearchParams(params).toString();
        const url = `${apiUrl}${request.path}${qs ? `?${qs}` : ''}`;
        const response = fetch(url, { headers: { Authorization: `Bearer ${token}` } });
        // Never taken (the app asked something else first) is not an error worth a console line.
        response.catch(() => undefined);
        const entry: PrefetchEntry = { token, at: Date.now(), response };
        store[url] = entry;
        const fields = request.image;
        const paint = request.paint;
        if (paint && document.getElementById(paint)) painting = true;
        if (fields) {
          response
            .then((res) => (res.ok ? res.clone().json() : null))
            .then((items: unknown) => {
              if (!Array.isArray(items)) return;
              // The app's first render starts from it (lib/prefetch.ts, prefetchedData).
              entry.data = items;
              for (const item of items as Record<string, unknown>[]) {
                const field = fields.find((f) => typeof item?.[f] === 'string' && item[f] !== '');
                if (!field) continue;
                const link = document.createElement('link');
                link.rel = 'preload';
                link.as = 'image';
                link.href = imageHref(item[field] as string);
                link.setAttribute('fetchpriority', 'high');
                document.head.appendChild(link);
                break;
              }
              if (paint) photo = paintPosts(paint, items as Record<string, unknown>[]);
            })
            .catch(() => undefined)
            .then(() => {
              if (painting) afterPhoto();
            });
        }
      }
      // PREFETCH_GLOBAL, spelled out: the script cannot refer to the module's constants.
      (window as unknown as { __portalPrefetch?: Record<string, PrefetchEntry> }).__portalPrefetch = store;
      // The screen's factory dates (@date-fns/tz) need the browser's time-zone data, which the first
      // Intl.DateTimeFormat with a time zone loads, any zone: about 60 ms under a 4x CPU throttle, in
      // whichever render task came first. Loaded here in a task of its own, while the app downloads
      // (docs/decisions/105-first-screens-in-short-tasks.md).
      setTimeout(() => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Madrid', timeZoneName: 'longOffset' }).format(0);
        } catch {
          // A browser without that option: the screen loads the data itself, as before.
        }
      }, 0);
    }
    if (!painting) afterPaint();
    return;
  }
  release();
}
