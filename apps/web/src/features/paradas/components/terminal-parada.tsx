import { machineMessages } from '@portal/contract/machines-messages';
import { motivoMessages } from '@portal/contract/motivos-messages';
import { offlineMessages } from '@portal/contract/offline-messages';
import type { Parada } from '@portal/contract/paradas';
import { paradaMessages } from '@portal/contract/paradas-messages';
import type { TerminalHome } from '@portal/contract/terminal';
import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import { factoryTime } from '@portal/contract/time';
import { useId, useState } from 'react';
import { Feedback } from '@/components/feedback';
import { errorText } from '@/lib/api';
import { useMotivos } from '@/lib/motivos';
import { type QueuedItem, tapNow, useOfflineQueue } from '@/lib/offline-queue';
import { useServerNow } from '@/lib/use-server-now';
import { type AfterSignIn, useWorkerMessage } from '@/lib/worker-message';
import { useEndParada } from '../api/end-parada';
import { useStartParada } from '../api/start-parada';
import { formatElapsed } from './elapsed';

interface Shown {
  /** Null while its start waits in the offline queue (`startKey`). */
  id: number | null;
  startKey?: string;
  start: number;
  by: string;
  machine: boolean;
}

/**
 * The arco's stop as the terminal left it: the server's, then the starts and ends tapped on this
 * device that still wait in the offline queue (whoever of its workers tapped them).
 */
function shownParada(active: Parada | null, items: readonly QueuedItem[]): { shown: Shown | null; waiting: boolean } {
  let shown: Shown | null = active
    ? { id: active.id, start: Date.parse(active.start_time), by: active.user_name, machine: active.source === 'machine' }
    : null;
  let waiting = false;
  for (const item of items) {
    if (item.state !== 'pending') continue;
    if (item.kind === 'parada-start')
      shown = { id: null, startKey: item.key, start: item.tappedAt, by: item.userName ?? '', machine: false };
    else if (item.kind === 'parada-end') shown = null;
    else continue;
    waiting = true;
  }
  return { shown, waiting };
}

/**
 * The terminal's parada panel: the arco's running stop with its clock and who started it, readable
 * from two metres, the machine's signal where the arco is bound, and Iniciar / Finalizar with a motivo
 * for the selected worker (`actor`), through the offline queue with the tapped time like the phone's.
 * Tapped with nobody signed in, the action waits for the sign-in it needs and is then carried out once,
 * as that worker, with the time of the tap; its message is that worker's (gone when they leave).
 */
export function TerminalParada({
  active,
  machine,
  tz,
  actor,
  onNeedWorker,
  onChanged,
}: {
  active: Parada | null;
  machine: TerminalHome['machine'];
  tz: string;
  actor: { id: number; name: string } | null;
  onNeedWorker: (then: AfterSignIn) => void;
  onChanged: () => void;
}) {
  const { items } = useOfflineQueue();
  const { shown, waiting } = shownParada(active, items);
  const now = useServerNow(1000, shown !== null);
  const start = useStartParada();
  const end = useEndParada();
  const [motivo, setMotivo] = useState('');
  const [message, setMessage] = useWorkerMessage<{ variant: 'success' | 'danger'; text: string }>(actor?.id ?? null);
  const headingId = useId();
  const busy = start.isPending || end.isPending;
  const motivoId = motivo ? Number(motivo) : undefined;

  const doStart = (owner: number, tappedAt: number) => {
    setMessage(null, owner);
    start.mutate(
      { description: '', motivo_id: motivoId, tappedAt },
      {
        onSuccess: (res) => {
          setMotivo('');
          setMessage(res.queued ? null : { variant: 'success', text: res.data.message || paradaMessages.started }, owner);
        },
        onError: (e) =>
          setMessage({ variant: 'danger', text: errorText(e, paradaMessages.startFallback, paradaMessages.startNetwork) }, owner),
        onSettled: onChanged,
      },
    );
  };
  const onStart = () => {
    const tappedAt = tapNow();
    if (!actor) return onNeedWorker((worker) => doStart(worker.id, tappedAt));
    doStart(actor.id, tappedAt);
  };
  const doEnd = (stop: Shown, owner: number, tappedAt: number) => {
    setMessage(null, owner);
    end.mutate(
      { id: stop.id, startKey: stop.startKey, motivo_id: motivoId, tappedAt },
      {
        onSuccess: (res) => {
          setMotivo('');
          setMessage(res.queued ? null : { variant: 'success', text: paradaMessages.ended(res.data.duration) }, owner);
        },
        onError: (e) => setMessage({ variant: 'danger', text: errorText(e, paradaMessages.endFallback, paradaMessages.endNetwork) }, owner),
        onSettled: onChanged,
      },
    );
  };
  const onEnd = () => {
    if (!shown) return;
    const tappedAt = tapNow();
    if (!actor) return onNeedWorker((worker) => doEnd(shown, worker.id, tappedAt));
    doEnd(shown, actor.id, tappedAt);
  };

  return (
    <section className={`card terminal-parada mb-3 ${shown ? 'border-danger' : ''}`} aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h3">
          {shown ? (shown.machine ? machineMessages.panelTitle : paradaMessages.runningAtArco) : t.noParada}
        </h2>
        {machine && <MachineState machine={machine} />}
        {shown && (
          <p className="fs-4 mb-1" data-testid="terminal-parada-by">
            {paradaMessages.startedBy(shown.by, shown.machine)} {paradaMessages.since(factoryTime(new Date(shown.start).toISOString(), tz))}
          </p>
        )}
        {/* A timer, not a live region: the seconds are not read out. */}
        <div
          role="timer"
          aria-live="off"
          aria-label={paradaMessages.arcoClock}
          className="terminal-clock font-monospace text-center"
          data-testid="terminal-clock"
          data-start={shown ? new Date(shown.start).toISOString() : ''}
        >
          {shown ? formatElapsed(now - shown.start) : '00:00'}
        </div>
        {waiting && (
          <p className="text-center fs-5" role="status" data-testid="terminal-waiting">
            {offlineMessages.offlineHint}
          </p>
        )}
        {message && <Feedback variant={message.variant}>{message.text}</Feedback>}
        {shown?.machine ? (
          <p className="fs-5 mb-0">{machineMessages.panelHelp}</p>
        ) : (
          <div className="d-flex flex-wrap gap-3 align-items-end">
            {/* Shown signed in or not: a tap waiting for the sign-in keeps the motivo chosen with it. */}
            <MotivoPicker value={motivo} onChange={setMotivo} signedIn={actor !== null} />
            {shown ? (
              <button type="button" className="btn btn-danger btn-lg terminal-action flex-grow-1" disabled={busy} onClick={onEnd}>
                {end.isPending ? paradaMessages.ending : t.endParada}
              </button>
            ) : (
              <button type="button" className="btn btn-success btn-lg terminal-action flex-grow-1" disabled={busy} onClick={onStart}>
                {start.isPending ? paradaMessages.starting : t.startParada}
              </button>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * The motivo of the stop being started or ended (optional), as a large native select. The list needs a
 * worker's session: with nobody signed in it shows the one read before (kept with the terminal's home).
 */
function MotivoPicker({ value, onChange, signedIn }: { value: string; onChange: (v: string) => void; signedIn: boolean }) {
  const motivos = useMotivos(signedIn);
  const id = useId();
  return (
    <div className="flex-grow-1">
      <label htmlFor={id} className="form-label fs-5">
        {motivoMessages.label}
      </label>
      <select id={id} className="form-select form-select-lg terminal-target" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{motivoMessages.none}</option>
        {(motivos.data ?? [])
          .filter((m) => m.active)
          .map((m) => (
            <option key={m.id} value={String(m.id)}>
              {m.name}
            </option>
          ))}
      </select>
    </div>
  );
}

/** The machine's signal of a bound arco: running, stopped, or 'Sin señal' when it has gone quiet. */
function MachineState({ machine }: { machine: NonNullable<TerminalHome['machine']> }) {
  const text = machine.silent
    ? machineMessages.noSignal
    : machine.state === 'running'
      ? t.machineRunning
      : machine.state === 'stopped'
        ? t.machineStopped
        : t.machineUnknown;
  const tone = machine.silent || machine.state === null ? 'bg-warning text-dark' : machine.state === 'running' ? 'bg-success' : 'bg-danger';
  return (
    <p className="fs-4 mb-2" data-testid="terminal-machine">
      {t.machine}: <span className={`badge ${tone}`}>{text}</span>
    </p>
  );
}
