import { useEffect, useRef } from 'react';

/** A badge reader types its code this fast (ms between keys at most, on average); a person does not. */
const READER_GAP_MS = 50;
const MIN_LENGTH = 3;

/**
 * A badge reader as a keyboard (a "wedge"): a burst of keys and Enter, wherever the focus is. Told apart
 * from typing by its pace (the events' own time stamps, not the page's clock); the burst's characters
 * that landed in a focused field are taken out again.
 */
export function useBadgeReader(onBadge: (code: string) => void, enabled: boolean): void {
  const handler = useRef(onBadge);
  handler.current = onBadge;
  useEffect(() => {
    if (!enabled) return;
    let keys: { key: string; at: number }[] = [];
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter') {
        const burst = keys;
        keys = [];
        if (burst.length < MIN_LENGTH) return;
        const pace = (e.timeStamp - burst[0].at) / burst.length;
        if (pace > READER_GAP_MS) return;
        // A field that takes scans of its own (a circular's consumable lot, docs/decisions/078-terminal-lot-scan.md) keeps them.
        if (document.activeElement instanceof HTMLElement && document.activeElement.dataset.scanField !== undefined) return;
        e.preventDefault();
        e.stopPropagation();
        const code = burst.map((k) => k.key).join('');
        const field = document.activeElement;
        if (field instanceof HTMLInputElement && field.value.endsWith(code)) {
          // React follows the field's value through its own setter: set it as typing would.
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
          setter?.call(field, field.value.slice(0, -code.length));
          field.dispatchEvent(new Event('input', { bubbles: true }));
        }
        handler.current(code);
        return;
      }
      if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey) {
        keys = [];
        return;
      }
      const last = keys.at(-1);
      if (last && e.timeStamp - last.at > READER_GAP_MS * 4) keys = [];
      keys.push({ key: e.key, at: e.timeStamp });
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [enabled]);
}
