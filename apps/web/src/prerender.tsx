/**
 * Build-time render of the login screen and of the worker area's frame (build/prerender-login.ts loads
 * this module through Vite's SSR loader after the client build and puts the markup inside
 * index.html's #root), and of the station terminal's frame for terminal.html (build/terminal-html.ts).
 * The same components and providers as the app, so the static screen cannot drift from the live one
 * that replaces it.
 */
import { dashboardLabels, dashboardMessages } from '@portal/contract/dashboard';
import { terminalScreenMessages } from '@portal/contract/terminal-screen-messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AdminFrame } from '@/app/admin-frame';
import { WorkerFrame } from '@/app/worker-frame';
import { Loading } from '@/components/loading';
import { CordIntro } from '@/features/andon/components/cord-intro';
import LoginPage from '@/features/auth/routes/login-page';
import { StopsFirstPaint } from '@/features/paradas/components/stops-first-paint';
import { TerminalFrame } from '@/features/terminal/components/terminal-frame';

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

/**
 * The worker area's frame (top and bottom bars, 'Cargando...'), for a signed-in phone's first paint
 * of any /dashboard screen (src/prerender-gate.ts), with the stops screen's static parts, shown only
 * at its path (docs/decisions/069-stops-screen-from-the-html.md). Rendered at a path no bottom link
 * matches: the live shell marks the current one.
 */
export function renderWorker(): string {
  return renderToString(
    <MemoryRouter initialEntries={['/dashboard/-']}>
      <WorkerFrame>
        <StopsFirstPaint loading={<Loading />} cordIntro={<CordIntro copy />} />
      </WorkerFrame>
    </MemoryRouter>,
  );
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
