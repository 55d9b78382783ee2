import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Feedback } from '@/components/feedback';
import { OfflineAlerts, OfflineBadge } from '@/components/offline-status';
import { SavedDataNote } from '@/components/saved-data-note';
import { AndonCord } from '@/features/paradas/components/andon-cord';
import { TerminalParada } from '@/features/paradas/components/terminal-parada';
import { TerminalToday } from '@/features/paradas/components/terminal-today';
import { useCredential } from '@/features/terminal/api/credential';
import { readTerminalCalls, sendHeartbeat, useTerminalHome, useTerminalMe } from '@/features/terminal/api/get-terminal';
import { terminalKeys } from '@/features/terminal/api/keys';
import { useTerminalSignIn } from '@/features/terminal/api/sign-in';
import { terminalStream } from '@/features/terminal/api/terminal-events';
import { useBadgeReader } from '@/features/terminal/components/use-badge-reader';
import { useIdleSignOut } from '@/features/terminal/components/use-idle-sign-out';
import { WorkerChips } from '@/features/terminal/components/worker-chips';
import type { CircularExtra } from '@/features/tramos/components/terminal-add-circular';
import { TerminalCirculares } from '@/features/tramos/components/terminal-circulares';
import { TerminalWall } from '@/features/wall/components/terminal-wall';
import { errorText, setSessionEndHandler } from '@/lib/api';
import { useFactoryTz } from '@/lib/factory';
import { installTerminalSession, useTerminalWorkers } from '@/lib/terminal-session';
import { useEventStream } from '@/lib/use-event-stream';
import type { AfterSignIn } from '@/lib/worker-message';
import { TerminalFrame } from './terminal-frame';
import { useTerminalCache } from './use-terminal-cache';

/** The handover loads with the first worker who acts: the home's first screen does not carry its form. */
// The circular's consumable lots, loaded with its form (docs/decisions/078-terminal-lot-scan.md).
const weldLots: CircularExtra = { load: () => import('@/features/welds/components/terminal-weld-trace') };
const TerminalHandover = lazy(() => import('@/features/handovers/components/terminal-handover'));

// What the home does not need to paint loads on first use (docs/decisions/051-terminal-first-screen.md).
const EnrolScreen = lazy(() => import('@/features/terminal/components/enrol-screen').then((m) => ({ default: m.EnrolScreen })));
const SignInDialog = lazy(() => import('@/features/terminal/components/sign-in-dialog').then((m) => ({ default: m.SignInDialog })));

/** A heartbeat this often keeps the terminal 'Conectado' on the admin's screens (5 minutes without one: 'Sin conexión'). */
const HEARTBEAT_MS = 60_000;

/**
 * /terminal: the station terminal (docs/decisions/038-station-terminal-web.md). Without a device
 * credential, the enrolment screen; with one, the arco's home, where workers sign in with a PIN or a
 * badge and act one at a time, the selected one.
 */
export default function TerminalPage() {
  const { credential, refusal } = useCredential();
  useTerminalCache(credential !== null);
  return credential ? (
    <TerminalHomeScreen />
  ) : (
    <Suspense fallback={null}>
      <EnrolScreen refusal={refusal} />
    </Suspense>
  );
}

function TerminalHomeScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The selected worker is this tab's session; a refused session signs that worker out here, instead
  // of leaving for /login as a phone does. Installed before any screen's query starts (layout effects
  // run before the passive ones that start them): workers kept across a reload act from the first render.
  useLayoutEffect(() => {
    const uninstall = installTerminalSession();
    setSessionEndHandler(() => {});
    return () => {
      uninstall();
      setSessionEndHandler(() => void navigate('/login', { replace: true }));
    };
  }, [navigate]);
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
  const data = home.data;
  return (
    <TerminalFrame
      title={info ? t.homeTitle(info.arco_sumergido_name) : t.loading}
      bar={
        <>
          <OfflineBadge />
          <WorkerChips onSignIn={() => needWorker()} />
        </>
      }
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
          <TerminalHandover key={actor.id} actor={actor} tz={tz} stream={terminalStream} />
        </Suspense>
      ) : (
        <div className="terminal-actor-row">
          <p className="fs-5 mb-0">{t.signInToAct}</p>
        </div>
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
              <TerminalParada
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
              {info && (
                <TerminalCirculares
                  tramos={data.circulares}
                  arcoId={info.arco_sumergido_id}
                  actorId={actor?.id ?? null}
                  onNeedWorker={needWorker}
                  onAdded={refresh}
                  extra={weldLots}
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
