/**
 * Build-time render of the login screen and of the worker area's frame (build/prerender-login.ts loads
 * this module through Vite's SSR loader after the client build and puts the markup inside
 * index.html's #root), and of the station terminal's frame for terminal.html (build/terminal-html.ts).
 * The same components and providers as the app, so the static screen cannot drift from the live one
 * that replaces it.
 */
import { dashboardLabels, dashboardMessages } from '@portal/contract/dashboard';
import type { TerminalHome } from '@portal/contract/terminal';
import { terminalScreenMessages } from '@portal/contract/terminal-screen-messages';
import { DEFAULT_FACTORY_TZ } from '@portal/contract/time';
import type { WallPost } from '@portal/contract/wall';
import { WALL_DEFAULT_NAME } from '@portal/contract/wall-messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AdminFrame } from '@/app/admin-frame';
import type { PostsPaint } from '@/app/route-preload';
import { WorkerFrame } from '@/app/worker-frame';
import { Loading } from '@/components/loading';
import { OfflineAlerts } from '@/components/offline-status';
import { AndonCord } from '@/features/andon/components/andon-cord';
import { CordIntro } from '@/features/andon/components/cord-intro';
import LoginPage from '@/features/auth/routes/login-page';
import { StopsFirstPaint } from '@/features/paradas/components/stops-first-paint';
import { TerminalParada } from '@/features/paradas/components/terminal-parada';
import { EARLY_MACHINE_KEYS, EARLY_TEMPLATE_ATTR, EARLY_TITLE_SLOT } from '@/features/terminal/api/terminal-preload';
import { TerminalFrame } from '@/features/terminal/components/terminal-frame';
import { SignInToActRow, TerminalBar } from '@/features/terminal/routes/terminal-page';
import { PostCard } from '@/features/wall/components/post-card';
import { PostComposer } from '@/features/wall/components/post-composer';
import {
  FIRST_PAINT_POSTS,
  WALL_FIRST_POSTS_ID,
  WALL_FIRST_TITLE_ID,
  WallFirstPaint,
  wallTitle,
} from '@/features/wall/components/wall-first-paint';
import { formatDateTime } from '@/lib/dates';
import { PRERENDER_PAGE_ATTR } from '@/prerender-gate';

export function renderLogin(): string {
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}

/** The terminal's home as it first renders, before its answers: the frame and 'Cargando...'. */
export function renderTerminal(): string {
  return renderToString(
    <TerminalFrame title={terminalScreenMessages.loading}>
      <p role="status">{terminalScreenMessages.loading}</p>
    </TerminalFrame>,
  );
}

/** The machine signals the terminal's home shows apart (terminal-parada.tsx, MachineState), by the script's key. */
const TERMINAL_EARLY_MACHINES: Record<keyof typeof EARLY_MACHINE_KEYS, TerminalHome['machine']> = {
  none: null,
  running: { state: 'running', last_report_at: null, silent: false },
  stopped: { state: 'stopped', last_report_at: null, silent: false },
  unknown: { state: null, last_report_at: null, silent: false },
  silent: { state: null, last_report_at: null, silent: true },
};

const noop = () => {};

/**
 * The terminal's home as the app first renders it once its answers are in, with no parada running and
 * nobody signed in, for the machine signal `machine`: the title (the arco's name is EARLY_TITLE_SLOT),
 * the bar, the row of who acts, the parada's card and the andon's cord, the rest of the home left
 * out. terminal.html's script paints it from those answers before the app starts
 * (features/terminal/api/terminal-preload.ts; docs/decisions/118-terminal-home-paints-from-its-answers.md).
 * The same components as features/terminal/routes/terminal-page.tsx renders, in the same places.
 */
function renderTerminalHome(machine: TerminalHome['machine']): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <TerminalFrame title={terminalScreenMessages.homeTitle(EARLY_TITLE_SLOT)} bar={<TerminalBar onSignIn={noop} />}>
        <OfflineAlerts />
        <SignInToActRow />
        <div className="terminal-columns">
          <div>
            <TerminalParada active={null} machine={machine} tz="UTC" actor={null} onNeedWorker={noop} onChanged={noop} />
            <AndonCord arcoId={0} readCalls={async () => []} actorId={null} onNeedWorker={noop} />
          </div>
        </div>
      </TerminalFrame>
    </QueryClientProvider>,
  );
}

/** renderTerminalHome for each machine signal, each in a `<template>` named by the script's key (terminal.html). */
export function renderTerminalHomes(): string {
  return Object.entries(TERMINAL_EARLY_MACHINES)
    .map(
      ([signal, machine]) =>
        `<template ${EARLY_TEMPLATE_ATTR}="${EARLY_MACHINE_KEYS[signal as keyof typeof EARLY_MACHINE_KEYS]}">${renderTerminalHome(machine)}</template>`,
    )
    .join('');
}

/**
 * The worker area's frame (top and bottom bars, 'Cargando...'), for a signed-in phone's first paint
 * of any /dashboard screen (src/prerender-gate.ts), with the stops screen's static parts, shown only
 * at its path (docs/decisions/069-stops-screen-from-the-html.md). Rendered at a path no bottom link
 * matches: the live shell marks the current one.
 */
export function renderWorker(): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/dashboard/-']}>
        <WorkerFrame>
          <WallFirstPaint composer={<PostComposer wallName={WALL_DEFAULT_NAME} />} />
          <div className="prerender-not-wall">
            <StopsFirstPaint loading={<Loading />} cordIntro={<CordIntro copy />} />
          </div>
        </WorkerFrame>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * What the route-preload script needs to paint the wall's first posts before the app runs
 * (app/route-preload.ts, docs/decisions/117-wall-first-posts-before-the-app.md), as JSON: PostCard's
 * markup for each variant, rendered here with stand-ins the script replaces with a post's values.
 */
export function renderWallPaint(): string {
  const tz = DEFAULT_FACTORY_TZ;
  const iso = '2001-02-03T04:05:06.007Z';
  const stand = {
    id: '987654301',
    author: 'xxPostAuthorxx',
    iso,
    date: formatDateTime(iso, tz),
    content: 'xxPostContentxx',
    thumb: 'https://stand-in.invalid/xxPostThumbxx',
    likes: '987654302',
    comments: '987654303',
  } as const;
  const cards: string[] = [];
  for (let variant = 0; variant < 12; variant++) {
    const photo = variant >> 2;
    const post: WallPost = {
      id: Number(stand.id),
      user_id: 1,
      user_name: stand.author,
      arco_sumergido_id: null,
      arco_sumergido_name: null,
      wall_name: WALL_DEFAULT_NAME,
      content: variant & 1 ? stand.content : '',
      image_path: photo ? stand.thumb : null,
      image_thumb: photo ? stand.thumb : null,
      timestamp: stand.iso,
      like_count: Number(stand.likes),
      comment_count: Number(stand.comments),
      is_liked_by_current_user: Boolean(variant & 2),
    } as WallPost;
    const markup = renderToString(
      <PostCard post={post} tz={tz} priority={photo === 2} commentsOpen={false} onToggleComments={() => {}} onToggleLike={() => {}} />,
    );
    // React may hoist a preload of a high-priority image before the card: the script preloads it itself.
    cards.push(markup.replace(/^(<link[^>]*>)+/, ''));
  }
  const marks = Object.fromEntries(Object.entries(stand).map(([field, mark]) => [mark, field])) as PostsPaint['marks'];
  const arco = 'xxArcoNamexx';
  const paint: PostsPaint = {
    slot: WALL_FIRST_POSTS_ID,
    titleSlot: WALL_FIRST_TITLE_ID,
    title: [wallTitle(arco, WALL_DEFAULT_NAME), wallTitle(undefined, WALL_DEFAULT_NAME)],
    arco,
    count: FIRST_PAINT_POSTS,
    cards,
    pattern: Object.values(stand)
      .map((mark) => mark.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
      .join('|'),
    marks,
    tz,
    show: [PRERENDER_PAGE_ATTR, 'wall'],
  };
  return JSON.stringify(paint);
}

/**
 * The admin area's frame with the panel's heading and 'Cargando estadísticas...', as /admin first
 * renders before its figures arrive (features/dashboard/routes/stats-page.tsx), for an administrator's
 * first paint of /admin (src/prerender-gate.ts; docs/decisions/102-app-downloads-after-first-paint.md).
 */
export function renderAdmin(): string {
  return renderToString(
    <MemoryRouter initialEntries={['/admin']}>
      <AdminFrame>
        {/* Styled as the live page's h1, not one (as the stops screen's, stops-first-paint.tsx). */}
        <div className="h4 mb-3">{dashboardLabels.title}</div>
        <Loading text={dashboardMessages.loading} />
      </AdminFrame>
    </MemoryRouter>,
  );
}
