import type { ReactNode } from 'react';

/**
 * The station terminal's frame: the dark bar with the arco's name and the home below it. The live
 * home (terminal-page.tsx) and the build's prerender of terminal.html (src/prerender.tsx) both render
 * it, so the frame a tablet paints before the JavaScript runs is the one that replaces it
 * (docs/decisions/055-terminal-home-first-paint.md).
 */
export function TerminalFrame({ title, bar, children, after }: { title: string; bar?: ReactNode; children: ReactNode; after?: ReactNode }) {
  return (
    <div className="terminal min-vh-100 bg-body-tertiary">
      <header className="bg-dark text-white px-3 py-2 terminal-header" data-bs-theme="dark">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        {bar}
      </header>
      <main id="main" tabIndex={-1} className="container-fluid py-3">
        {children}
      </main>
      {after}
    </div>
  );
}
