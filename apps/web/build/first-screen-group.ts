import path from 'node:path';
import type { Rollup } from 'vite';
import { FIRST_SCREENS } from '../src/app/route-preload';
import { reachable, root } from './util';

/**
 * The first screens' code in few chunks (docs/performance-history.md). Left to itself, the bundler cuts the modules the
 * wall's first paint needs into some thirty small chunks (one per set of screens sharing them); over a
 * phone's HTTP/1.1, six connections at a time, each costs a round trip, and Lighthouse's simulation
 * (150 ms RTT) puts the wall's first photo behind them all. Here the static imports of the login
 * screen and of the wall (shell and page) that the entry does not already carry go into a few chunks:
 * those both screens use, the login's own, the wall's own, and those the wall shares with the other
 * signed-out screens (register, admin login). The login and the wall download exactly the code they did
 * before, in two to four requests beside their route chunks; another screen that shares a few of
 * those modules downloads the whole chunk (the worker screens come after the wall anyway). The
 * station terminal's home is a first screen too, on a slow tablet: what the wall shares with it gets a
 * chunk of its own, so the terminal does not download the wall's composer and menus
 * (docs/decisions/051-terminal-first-screen.md).
 */
/**
 * Shared pieces no worker screen uses (the admin's, Calidad's and the terminal's): kept out of the
 * 'shared-ui' chunk the worker screens download.
 */
const ADMIN_ONLY_UI = /admin-list|export-csv-form|export-options|copy-field|date-field|column-heads|terminal-select|select-options/;

export function firstScreenGroup(): (id: string, ctx: { getModuleInfo(id: string): Rollup.ModuleInfo | null }) => string | null {
  let groups: Map<string, string> | undefined;
  let firstPaint: Set<string> | undefined;
  const source = (m: string) => path.resolve(root, m);
  const sharedUi = source('src/components/');
  const closure = (ctx: { getModuleInfo(id: string): Rollup.ModuleInfo | null }, from: string[]) =>
    reachable(from, (id) => ctx.getModuleInfo(id)?.importedIds);
  const heavyCache = new Map<string, boolean>();
  /** Whether a module's static imports reach zod or react-bootstrap's Modal. */
  const heavy = (ctx: { getModuleInfo(id: string): Rollup.ModuleInfo | null }, id: string) => {
    if (!heavyCache.has(id))
      heavyCache.set(
        id,
        [...closure(ctx, [id])].some((m) => /[\\/]node_modules[\\/](zod[\\/]|react-bootstrap[\\/]esm[\\/]Modal\.js)/.test(m)),
      );
    return heavyCache.get(id) as boolean;
  };
  return (id, ctx) => {
    if (!groups) {
      const routes = FIRST_SCREENS.flatMap((rule) => rule.modules.map(source));
      const entry = closure(ctx, [source('src/main.tsx')]);
      const own = (modules: string[]) =>
        new Set([...closure(ctx, modules.map(source))].filter((m) => !entry.has(m) && !routes.includes(m)));
      const rule = (page: string) => FIRST_SCREENS.find((r) => r.modules.includes(page))?.modules ?? [page];
      const wall = own(rule('src/features/wall/routes/wall-page.tsx'));
      const login = own(rule('src/features/auth/routes/login-page.tsx'));
      // The other signed-out screens: what they share with the wall gets a chunk of its own, so they
      // do not download the wall's.
      const signedOut = own(['src/features/auth/routes/register-page.tsx', 'src/features/auth/routes/admin-login-page.tsx']);
      const terminal = own(['src/app/terminal-page.tsx']);
      groups = new Map();
      for (const m of login) groups.set(m, wall.has(m) ? 'first-shared' : 'login-first');
      for (const m of wall)
        if (!login.has(m)) groups.set(m, signedOut.has(m) ? 'wall-signed-out' : terminal.has(m) ? 'live-shared' : 'wall-first');
      firstPaint = new Set([...entry, ...login, ...wall, ...signedOut]);
    }
    // TanStack Query's (de)hydration is used only by the worker shell's lazily loaded cache
    // (src/lib/query-persist.ts): it goes with it, not into the entry beside the rest of query-core.
    if (/[\\/]@tanstack[\\/](query-core[\\/]build[\\/]modern[\\/]hydration|query-persist-client-core[\\/])/.test(id))
      return 'query-persist';
    // The contract's zod-free texts of the paradas, machines, motivos, circulares, terminal and andon
    // (packages/contract/src/*-messages.ts) that the wall does not already carry: the terminal's home
    // and most worker screens use them all, so one chunk, one request, and one name in the entry's
    // lists of each route's chunks (docs/decisions/055-terminal-home-first-paint.md).
    if (!groups.has(id) && /[\\/]packages[\\/]contract[\\/]src[\\/](paradas|machines|motivos|tramos|terminal|andon)-messages\.ts$/.test(id))
      return 'contract-texts';
    // The small shared pieces of the other screens (list states, badges, fields) in one chunk: one
    // request and one gzip stream instead of a dozen tiny ones. The admin-only pieces stay apart, out
    // of the worker screens' downloads, and so do the pieces that bring zod or a dialog (the contract's
    // schemas, react-bootstrap's Modal): in the group, every screen using any piece of it would
    // download them before its first paint (docs/decisions/062-worker-screens-first-paint.md).
    return (
      groups.get(id) ?? (id.startsWith(sharedUi) && !firstPaint?.has(id) && !ADMIN_ONLY_UI.test(id) && !heavy(ctx, id) ? 'shared-ui' : null)
    );
  };
}
