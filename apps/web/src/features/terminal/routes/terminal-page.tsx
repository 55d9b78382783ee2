import type { AndonCall } from '@portal/contract/andon';
import type { TerminalHome } from '@portal/contract/terminal';
import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Feedback } from '@/components/feedback';
import { OfflineAlerts, OfflineBadge } from '@/components/offline-status';
import { SavedDataNote } from '@/components/saved-data-note';
import { errorText, overrideSessionEnd } from '@/lib/api';
import type { LiveStream } from '@/lib/events';
import { useFactoryTz } from '@/lib/factory';
import { useEventStream } from '@/lib/use-event-stream';
import type { AfterSignIn } from '@/lib/worker-message';
import { useCredential } from '../api/credential';
import { readTerminalCalls, sendHeartbeat, useTerminalHome, useTerminalMe } from '../api/get-terminal';
import { terminalKeys } from '../api/keys';
import { useTerminalSignIn } from '../api/sign-in';
import { terminalStream } from '../api/terminal-events';
import { EARLY_GLOBAL, type EarlyAnswers } from '../api/terminal-preload';
import { installTerminalSession, useTerminalWorkers } from '../api/terminal-session';
import { useTerminalCache } from '../api/use-terminal-cache';
import { TerminalFrame } from '../components/terminal-frame';
import { TerminalToday } from '../components/terminal-today';
import { TerminalWall } from '../components/terminal-wall';
import { useBadgeReader } from '../components/use-badge-reader';
import { useIdleSignOut } from '../components/use-idle-sign-out';
import { WorkerChips } from '../components/worker-chips';

type Actor = { id: number; name: string };
/** An action tapped with nobody signed in waits for the worker who then signs in. */
type NeedWorker = (then: AfterSignIn) => void;
/** What the cord and the circulares take: the worker who acts (null with nobody signed in) and the wait for one. */
type Acting = { actorId: number | null; onNeedWorker: NeedWorker };

/**
 * What the home shows of other features (a parada's start and end, the andon's cord, the circulares,
 * the handover): app/terminal-page.tsx mounts them here, since a feature never imports another
 * (docs/decisions/073-one-folder-per-feature-in-the-web.md). `Handover` is lazy: it loads with the
 * first worker who acts, so the home's first screen does not carry its form.
 */
export interface TerminalParts {
  Parada: ComponentType<{
    active: TerminalHome['active_parada'];
    machine: TerminalHome['machine'];
    tz: string;
    actor: Actor | null;
    onNeedWorker: NeedWorker;
    onChanged: () => void;
  }>;
  AndonCord: ComponentType<{ arcoId: number; stream: LiveStream; readCalls: () => Promise<AndonCall[]> } & Partial<Acting>>;
  Circulares: ComponentType<{ tramos: TerminalHome['circulares']; arcoId: number; onAdded: () => void } & Acting>;
  Handover: ComponentType<{ actor: Actor; tz: string; stream: LiveStream }>;
  /**
   * The welding pass (lazy): it loads with the first worker who acts or the first sample of a burning
   * arc, so the home's first screen does not carry it (docs/decisions/085-telemetry-screens.md).
   */
  Weld?: ComponentType<{ arcoId: number; stream: LiveStream; circulares: TerminalHome['circulares'] } & Acting>;
}

// What the home does not need to paint loads on first use (docs/decisions/051-terminal-first-screen.md).
const EnrolScreen = lazy(() => import('../components/enrol-screen').then((m) => ({ default: m.EnrolScreen })));
const SignInDialog = lazy(() => import('../components/sign-in-dialog').then((m) => ({ default: m.SignInDialog })));

/** A heartbeat this often keeps the terminal 'Conectado' on the admin's screens (5 minutes without one: 'Sin conexión'). */
const HEARTBEAT_MS = 60_000;

/**
 * /terminal: the station terminal (docs/decisions/038-station-terminal-web.md). Without a device
 * credential, the enrolment screen; with one, the arco's home, where workers sign in with a PIN or a
 * badge and act one at a time, the selected one.
 */
export function TerminalPage({ parts }: { parts: TerminalParts }) {
  const { credential, refusal } = useCredential();
  useTerminalCache(credential !== null);
  return credential ? (
    <TerminalHomeScreen parts={parts} />
  ) : (
    <Suspense fallback={null}>
      <EnrolScreen refusal={refusal} />
    </Suspense>
  );
}

/**
 * The answers terminal.html's script painted the home from, before the app started (terminal-preload.ts),
 * put in the query cache for the home's first render, so it renders what is already painted instead of
 * 'Cargando el terminal...' first (docs/decisions/118-terminal-home-paints-from-its-answers.md). Both
 * are marked stale: the queries still run on mount, and take the same answers (prefetch.ts), so the
 * device's binding (useTerminalMe) happens as before.
 */
function takeEarlyAnswers(queryClient: QueryClient): void {
  const store = window as unknown as Record<string, EarlyAnswers | undefined>;
  const early = store[EARLY_GLOBAL];
  delete store[EARLY_GLOBAL];
  if (!early) return;
  for (const [key, data] of [
    [terminalKeys.me(), early.me],
    [terminalKeys.home(), early.home],
  ] as const) {
    if (queryClient.getQueryData(key) !== undefined) continue;
    queryClient.setQueryData(key, data, { updatedAt: early.at });
    void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  }
}

function TerminalHomeScreen({ parts: { Parada, AndonCord, Circulares, Handover, Weld } }: { parts: TerminalParts }) {
  const queryClient = useQueryClient();
  // Before the home's queries are read: their first render has the answers the page painted from.
  useState(() => takeEarlyAnswers(queryClient));
  // The selected worker is this tab's session; a refused session signs that worker out here, instead
  // of leaving for /login as a phone does. Installed before any screen's query starts (layout effects
  // run before the passive ones that start them): workers kept across a reload act from the first render.
  useLayoutEffect(() => {
    const uninstall = installTerminalSession();
    const restore = overrideSessionEnd(() => {});
    return () => {
      uninstall();
      restore();
    };
  }, []);
  const me = useTerminalMe(true);
  const home = useTerminalHome(true);
  const tz = useFactoryTz();
  const { workers, selected } = useTerminalWorkers();
  const actor = workers.find((w) => w.id === selected) ?? null;
  const [signingIn, setSigningIn] = useState(false);
  // An action tapped with nobody signed in ('Iniciar parada', the cord...): carried out once by the
  // worker who then signs in, with its tapped time (docs/decisions/058-calls-reach-whoever-may-answer.md).
  const afterSignIn = useRef<AfterSignIn | null>(null);
  // The dialog mounts when first opened and stays, so closing it is the native <dialog>'s own.
  const dialogUsed = useRef(false);
  dialogUsed.current ||= signingIn;
  const [badgeError, setBadgeError] = useState<string | null>(null);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: terminalKeys.home() }), [queryClient]);
  // A burning arc brings the welding pass to the home with nobody signed in.
  const [arcSeen, setArcSeen] = useState(false);

  useEventStream(
    {
      'parada.started': refresh,
      'parada.ended': refresh,
      'parada.changed': refresh,
      'machine.report': refresh,
      'post.created': refresh,
      'post.updated': refresh,
      'post.deleted': refresh,
      reconnected: refresh,
      'weld.live': (live) => live.arc && setArcSeen(true),
    },
    terminalStream,
  );

  useEffect(() => {
    const id = setInterval(() => void sendHeartbeat().catch(() => undefined), HEARTBEAT_MS);
    return () => clearInterval(id);
  }, []);

  useIdleSignOut(me.data?.idle_minutes, () => {
    afterSignIn.current = null;
    setSigningIn(false);
    setBadgeError(null);
    window.scrollTo(0, 0);
  });

  const signIn = useTerminalSignIn();
  /** A worker signed in (PIN or badge): the action that waited for them, if any, is theirs now, once. */
  const signedIn = useCallback((worker: { id: number; name: string }) => {
    const then = afterSignIn.current;
    afterSignIn.current = null;
    then?.(worker);
  }, []);
  const closeSignIn = useCallback(() => {
    afterSignIn.current = null;
    setSigningIn(false);
  }, []);
  useBadgeReader((badge) => {
    setBadgeError(null);
    signIn.mutate(
      { badge },
      {
        onSuccess: ({ user }) => {
          setSigningIn(false);
          signedIn(user);
        },
        onError: (e) => setBadgeError(errorText(e, t.signInFallback, t.signInNetwork)),
      },
    );
  }, true);

  const needWorker = (then?: AfterSignIn) => {
    afterSignIn.current = then ?? null;
    setSigningIn(true);
  };
  const info = me.data?.terminal;
  // The home's columns wait for the terminal's own answer while it is on its way: the andon card and
  // the circulares need it, and coming in after the rest they pushed the wall down (a layout shift,
  // docs/decisions/102-app-downloads-after-first-paint.md). Offline or refused, the home shows without them.
  const data = me.isPending && me.fetchStatus === 'fetching' ? undefined : home.data;
  return (
    <TerminalFrame
      title={info ? t.homeTitle(info.arco_sumergido_name) : t.loading}
      bar={<TerminalBar onSignIn={() => needWorker()} />}
      after={
        dialogUsed.current && (
          <Suspense fallback={null}>
            <SignInDialog open={signingIn} onClose={closeSignIn} onSignedIn={signedIn} recent={me.data?.recent_workers ?? []} />
          </Suspense>
        )
      }
    >
      <OfflineAlerts />
      {badgeError && (
        <Feedback onClose={() => setBadgeError(null)} className="fs-5">
          {badgeError}
        </Feedback>
      )}
      {/* The row of who acts holds its place signed in or not, so signing in never moves 'Iniciar parada'. */}
      {actor ? (
        <Suspense fallback={<ActorRow name={actor.name} />}>
          <Handover key={actor.id} actor={actor} tz={tz} stream={terminalStream} />
        </Suspense>
      ) : (
        <SignInToActRow />
      )}
      {!data ? (
        home.isError ? (
          <Feedback>{errorText(home.error, t.loadFallback, t.loadFallback)}</Feedback>
        ) : (
          <p role="status">{t.loading}</p>
        )
      ) : (
        <>
          <SavedDataNote query={home} tz={tz} />
          <div className="terminal-columns">
            <div>
              <Parada
                active={data.active_parada}
                machine={data.machine}
                tz={tz}
                actor={actor}
                onNeedWorker={needWorker}
                onChanged={refresh}
              />
              {info && (
                <AndonCord
                  arcoId={info.arco_sumergido_id}
                  stream={terminalStream}
                  readCalls={readTerminalCalls}
                  actorId={actor?.id ?? null}
                  onNeedWorker={actor ? undefined : needWorker}
                />
              )}
              <TerminalToday paradas={data.today_paradas} tz={tz} />
            </div>
            <div>
              {info && Weld && (actor || arcSeen) && (
                <Suspense fallback={null}>
                  <Weld
                    arcoId={info.arco_sumergido_id}
                    stream={terminalStream}
                    circulares={data.circulares}
                    actorId={actor?.id ?? null}
                    onNeedWorker={needWorker}
                  />
                </Suspense>
              )}
              {info && (
                <Circulares
                  tramos={data.circulares}
                  arcoId={info.arco_sumergido_id}
                  actorId={actor?.id ?? null}
                  onNeedWorker={needWorker}
                  onAdded={refresh}
                />
              )}
              <TerminalWall posts={data.wall} tz={tz} />
            </div>
          </div>
        </>
      )}
    </TerminalFrame>
  );
}

/** 'Actúa: …' while the handover's part of the row loads (features/handovers/components/terminal-handover.tsx). */
function ActorRow({ name }: { name: string }) {
  return (
    <div className="terminal-actor-row">
      <p className="fs-4 mb-0" data-testid="terminal-actor">
        {t.actingAs(name)}
      </p>
    </div>
  );
}

/** The home's bar: the offline badge and the workers' chips (also in terminal.html's first paint, src/prerender.tsx). */
export function TerminalBar({ onSignIn }: { onSignIn: () => void }) {
  return (
    <>
      <OfflineBadge />
      <WorkerChips onSignIn={onSignIn} />
    </>
  );
}

/** The row of who acts with nobody signed in (also in terminal.html's first paint, src/prerender.tsx). */
export function SignInToActRow() {
  return (
    <div className="terminal-actor-row">
      <p className="fs-5 mb-0">{t.signInToAct}</p>
    </div>
  );
}
