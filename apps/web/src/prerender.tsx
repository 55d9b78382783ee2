/**
 * Build-time render of the login screen and of the worker area's frame (build/prerender-login.ts loads
 * this module through Vite's SSR loader after the client build and puts the markup inside
 * index.html's #root), and of the station terminal's frame for terminal.html (build/terminal-html.ts).
 * The same components and providers as the app, so the static screen cannot drift from the live one
 * that replaces it.
 */
import { terminalScreenMessages } from '@portal/contract/terminal-screen-messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
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
