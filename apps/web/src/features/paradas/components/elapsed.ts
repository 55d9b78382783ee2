/**
 * Elapsed time as mm:ss; minutes keep counting past 59 so a long parada never wraps around. A module of
 * its own so the station terminal's clock does not load the phone's timer form (docs/decisions/051-terminal-first-screen.md).
 */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
