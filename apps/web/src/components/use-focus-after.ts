import { useEffect, useRef, useState } from 'react';

/**
 * Focus for after an action: `focusAfter(find)` asks to focus what `find` returns once `ready` is
 * true (the action's button enabled again, the new content rendered). A button disabled while its
 * action runs loses focus to the page's body; this puts it on the action's result or message instead.
 * An element that is not focusable by itself (a post, a heading) gets tabindex="-1".
 */
export function useFocusAfter(ready: boolean): (find: () => HTMLElement | null | undefined) => void {
  const pending = useRef<(() => HTMLElement | null | undefined) | null>(null);
  const [, setRequest] = useState(0);
  useEffect(() => {
    if (!ready || !pending.current) return;
    const el = pending.current();
    pending.current = null;
    if (!el) return;
    if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.focus();
  });
  return (find) => {
    pending.current = find;
    setRequest((n) => n + 1);
  };
}
