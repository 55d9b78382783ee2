import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { BRAND } from './brand';

/** The screen's heading: the first h1 of the main content, else of the page (the sign-in screens). */
const heading = () => document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');

/**
 * Per-screen title, focus and announcement, for every route: once a screen's h1 is in the page (screens
 * load as their own chunks, so it is waited for), the document title becomes 'Heading · Portal de
 * Fábrica', and after a navigation (not on the first load) focus moves to the heading and a polite live
 * region reads the new title, as a page load would for a screen reader.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for each new screen (pathname), reading the page itself
  useEffect(() => {
    const navigated = !first.current;
    first.current = false;
    let done = false;
    const apply = () => {
      const h1 = heading();
      if (!h1 || done) return false;
      done = true;
      const text = h1.textContent?.trim() ?? '';
      const title = text && text !== BRAND ? `${text} · ${BRAND}` : BRAND;
      document.title = title;
      if (navigated) {
        if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
        // A control the user already moved to (a field with autofocus) keeps focus.
        const active = document.activeElement;
        if (!active || active === document.body || !active.isConnected || active.closest('main') === null)
          h1.focus({ preventScroll: true });
        setAnnouncement(title);
      }
      return true;
    };
    if (apply()) return;
    const observer = new MutationObserver(() => {
      if (apply()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname]);

  return (
    // aria-live without role="status": the sign-in screens' own status (the spinner) keeps that role.
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announcement}
    </div>
  );
}

/**
 * 'Saltar al contenido principal': the first stop of the Tab key in both shells. A plain link to the
 * focusable <main id="main">: the router sees only the hash change, which RouteFocus ignores.
 */
export function SkipLink() {
  return (
    <a href="#main" className="skip-link">
      Saltar al contenido principal
    </a>
  );
}
