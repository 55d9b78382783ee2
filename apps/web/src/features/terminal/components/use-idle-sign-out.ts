import { useEffect, useRef } from 'react';
import { idleRemainingMs, removeAllWorkers, touchTerminal } from '../api/terminal-session';

/**
 * After `minutes` without a touch, a key or a badge, everyone signs out and the home comes back
 * (`onIdle` closes what is open). The count goes on across a reload: the workers a reload keeps
 * (features/terminal/api/terminal-session.ts) leave when the minutes since the last touch before it are over.
 * Timers only: the fake clock of the browser tests drives it.
 */
export function useIdleSignOut(minutes: number | undefined, onIdle: () => void): void {
  const idle = useRef(onIdle);
  idle.current = onIdle;
  useEffect(() => {
    if (!minutes) return;
    let timer: ReturnType<typeof setTimeout>;
    const wait = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(
        () => {
          removeAllWorkers();
          idle.current();
        },
        Math.max(0, ms),
      );
    };
    const arm = () => {
      touchTerminal();
      wait(minutes * 60_000);
    };
    wait(idleRemainingMs(minutes));
    const events = ['pointerdown', 'keydown', 'wheel'] as const;
    for (const e of events) document.addEventListener(e, arm, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const e of events) document.removeEventListener(e, arm, { capture: true });
    };
  }, [minutes]);
}
