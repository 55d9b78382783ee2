import type { AndonCall } from '@portal/contract/andon';
import { type AndonLevel, andonMessages } from '@portal/contract/andon-messages';
import { andonScreenMessages as t } from '@portal/contract/andon-screen-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Banner, type BannerMessage } from '@/components/banner';
import { andonKeys, callProgress } from '@/lib/andon';
import { errorText } from '@/lib/api';
import type { LiveStream } from '@/lib/events';
import { tapNow } from '@/lib/offline-queue';
import { useEventStream } from '@/lib/use-event-stream';
import { type AfterSignIn, useWorkerMessage } from '@/lib/worker-message';
import { useCallAndon } from '../api/call-andon';
import { useArcoCalls } from '../api/get-arco-calls';
import { CordIntro } from './cord-intro';

/** The cord's two buttons: the level called, the button's look, its label. */
const CORD = [
  ['supervisor', 'btn-warning', andonMessages.callSupervisor],
  ['maintenance', 'btn-outline-danger', andonMessages.callMaintenance],
] as const satisfies readonly (readonly [AndonLevel, string, string])[];

/**
 * 'Llamar supervisor' and 'Llamar mantenimiento' at the worker's arco, with or without a running
 * parada: the cord of an andon. Below, the open calls of this arco, live (the andon events reach
 * everyone signed in at the arco, and a station terminal's own stream), so the worker sees who is coming.
 */
export function AndonCord({
  arcoId,
  stream,
  readCalls,
  actorId,
  onNeedWorker,
}: {
  arcoId: number | null;
  /** The station terminal's stream (its arco's audience); the tab's session stream otherwise. */
  stream?: LiveStream;
  /** At a station terminal: its arco's calls read with the device's credential, whether a worker is signed in or not. */
  readCalls?: () => Promise<AndonCall[]>;
  /** At a station terminal: the worker who acts (the banner is theirs), null with nobody signed in. */
  actorId?: number | null;
  /** At a station terminal with no worker selected: the call waits for one to sign in (the call is theirs, with the tapped time). */
  onNeedWorker?: (then: AfterSignIn) => void;
}) {
  const call = useCallAndon();
  const [banner, setBanner] = useWorkerMessage<BannerMessage>(actorId);
  const calls = useArcoCalls(arcoId !== null, readCalls);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: andonKeys.arco() });
  useEventStream({ 'andon.called': refresh, 'andon.changed': refresh, reconnected: refresh }, stream);
  const headingId = useId();
  if (arcoId === null) return null;

  const send = (level: AndonLevel, owner?: number, tappedAt?: number) => {
    setBanner(null, owner);
    call.mutate(
      { level, tappedAt },
      {
        onSuccess: () => setBanner({ variant: 'success', text: t.cordSent(andonMessages.levelName[level]) }, owner),
        onError: (error) => setBanner({ variant: 'danger', text: errorText(error, t.cordFallback, t.cordOffline) }, owner),
      },
    );
  };
  const pull = (level: AndonLevel) => {
    if (!onNeedWorker) return send(level, actorId ?? undefined);
    const tappedAt = tapNow();
    onNeedWorker((worker) => send(level, worker.id, tappedAt));
  };

  const open = calls.data ?? [];
  return (
    // Plain Bootstrap markup, as react-bootstrap's Card and Button render it: the station terminal's
    // home shows the cord and loads no react-bootstrap (docs/decisions/051-terminal-first-screen.md).
    <section className="card mb-3" aria-labelledby={headingId} data-testid="andon-cord">
      <div className="card-body">
        <CordIntro headingId={headingId} />
        <div className="d-grid gap-2">
          {CORD.map(([level, look, label]) => (
            <button
              key={level}
              type="button"
              className={`btn ${look} btn-lg terminal-target`}
              disabled={call.isPending}
              onClick={() => pull(level)}
            >
              {label}
            </button>
          ))}
        </div>
        <div className="mt-2">
          <Banner message={banner} onClose={() => setBanner(null)} />
        </div>
        {open.length > 0 && (
          <>
            <h3 className="h6 mt-2">{t.cordOpen}</h3>
            {/* Who answers is announced as it changes. */}
            <ul className="list-unstyled mb-0 small" aria-live="polite" data-testid="andon-cord-calls">
              {open.map((c) => (
                <li key={c.id}>
                  <strong>{andonMessages.levelName[c.level]}</strong>: {callProgress(c) ?? t.cordWaiting}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
