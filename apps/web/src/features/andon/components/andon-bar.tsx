import type { AndonCall } from '@portal/contract/andon';
import { andonScreenMessages as t } from '@portal/contract/andon-screen-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Banner } from '@/components/banner';
import { playAlertSignal, unlockAlertSound } from '@/lib/alert-signal';
import { andonKeys, callProgress, isCalled, useAndonCalls, useFollowAndonRoles } from '@/lib/andon';
import { formatParadaClock } from '@/lib/clock';
import { useCurrentUser } from '@/lib/token';
import { useEventStream } from '@/lib/use-event-stream';
import { useServerNow } from '@/lib/use-server-now';
import { useAnswer } from '../api/use-answer';
import { CallAnswer, callSince, callSummary } from './call-answers';

/**
 * The andon's alert bar, in both shells (docs/decisions/045-andon-on-screen.md): for someone called by
 * the andon (a nave's supervisor or maintenance, every administrator) it shows the open calls nobody
 * has reached yet, live from the event stream. It sits in the page's flow under the top bar, never
 * over the content; a new call is announced (an assertive live region) and signalled (sound, vibration) without
 * taking the focus from what the person is doing.
 */
export function AndonBar({ listPath }: { listPath: string }) {
  const user = useCurrentUser();
  const calls = useAndonCalls(!!user);
  useFollowAndonRoles();
  if (!user || !isCalled(calls.data, user.role)) return null;
  return <LiveAndonBar listPath={listPath} />;
}

function LiveAndonBar({ listPath }: { listPath: string }) {
  const queryClient = useQueryClient();
  const calls = useAndonCalls();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: andonKeys.calls() });
  useEventStream({ 'andon.called': refresh, 'andon.changed': refresh, reconnected: refresh });

  // The signal sounds for a call first seen after the list's first answer (not for those already open at sign-in).
  const seen = useRef<Set<number> | null>(null);
  const [announce, setAnnounce] = useState('');
  const [muted, setMuted] = useState(false);
  useEffect(() => {
    const list = calls.data?.calls;
    if (!list) return;
    const fresh = seen.current ? list.filter((c) => !seen.current?.has(c.id) && c.acknowledged_at === null) : [];
    seen.current = new Set(list.map((c) => c.id));
    const latest = fresh.at(-1);
    if (!latest) return;
    setAnnounce(t.newCall(callSummary(latest)));
    setMuted(!playAlertSignal());
  }, [calls.data]);
  // A touch lets the browser play the next call's sound (autoplay policy).
  useEffect(() => {
    const unlock = () => {
      unlockAlertSound();
      setMuted(false);
    };
    window.addEventListener('pointerdown', unlock, { once: true });
    return () => window.removeEventListener('pointerdown', unlock);
  }, []);

  const barRef = useRef<HTMLElement>(null);
  // Focus follows the answer: from 'Voy' to the same call's 'En el arco'; after 'En el arco' the call
  // leaves the bar, and focus goes to the bar's list link or, with the bar gone, to the content.
  const { answer, banner, clear, busyId } = useAnswer((call, kind) =>
    kind === 'ack'
      ? barRef.current?.querySelector<HTMLElement>(`button[data-call-id="${call.id}"]`)
      : (barRef.current?.querySelector<HTMLElement>('[data-andon-list]') ?? document.getElementById('main')),
  );

  const all = calls.data?.calls ?? [];
  const waiting = all.filter((c) => c.arrived_at === null);
  const titleId = useId();
  return (
    <>
      {/* Always in the page, so that a new text in it is announced at once (assertive, as an alert is);
          not role="alert", so that a screen's own error stays its one alert (decision 045). */}
      <div aria-live="assertive" aria-atomic="true" className="visually-hidden" data-testid="andon-announce">
        {announce}
      </div>
      {(waiting.length > 0 || banner) && (
        <section
          ref={barRef}
          aria-labelledby={titleId}
          className="andon-bar border-bottom border-danger border-2 bg-danger-subtle px-2 py-2"
          data-testid="andon-bar"
        >
          <div className="container-fluid px-1">
            <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-1">
              <h2 id={titleId} className="h6 mb-0 text-danger-emphasis">
                {t.barTitle}
              </h2>
              <Link
                to={listPath}
                className="small fw-semibold text-danger-emphasis d-inline-flex align-items-center"
                data-andon-list
                style={{ minHeight: 24 }}
              >
                {t.seeAll(all.length)}
              </Link>
            </div>
            {muted && <p className="small mb-1">{t.soundBlocked}</p>}
            <ul className="list-unstyled mb-0 d-flex flex-column gap-1">
              {waiting.map((call) => (
                <BarCall key={call.id} call={call} busy={busyId === call.id} onAnswer={answer} />
              ))}
            </ul>
            <Banner message={banner} onClose={clear} autoHideMs={4000} />
          </div>
        </section>
      )}
    </>
  );
}

function BarCall({ call, busy, onAnswer }: { call: AndonCall; busy: boolean; onAnswer: Parameters<typeof CallAnswer>[0]['onAnswer'] }) {
  const now = useServerNow();
  const progress = callProgress(call);
  return (
    <li className="d-flex flex-wrap align-items-center gap-2" data-testid="andon-bar-call" data-call-id={call.id}>
      <span className="fw-semibold text-break" style={{ minWidth: 0, flex: '1 1 12rem' }}>
        {callSummary(call)}
        {progress && <span className="d-block small fw-normal">{progress}</span>}
      </span>
      <span role="timer" aria-label={t.runningTime} className="font-monospace fw-semibold">
        {formatParadaClock(now - Date.parse(callSince(call)))}
      </span>
      <CallAnswer call={call} busy={busy} onAnswer={onAnswer} size="sm" />
    </li>
  );
}

/** The top bar's way to the list, for someone the andon calls (the alert bar only shows while someone waits). */
export function AndonNavLink({ to }: { to: string }) {
  const user = useCurrentUser();
  const calls = useAndonCalls(!!user);
  if (!user || !isCalled(calls.data, user.role)) return null;
  return (
    <NavLink to={to} className={({ isActive }) => `nav-link text-nowrap${isActive ? ' active' : ''}`}>
      {t.listTitle}
    </NavLink>
  );
}
