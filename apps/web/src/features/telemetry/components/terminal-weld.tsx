import type { LiveArco, WeldRun } from '@portal/contract/telemetry';
import { telemetryScreenMessages as t } from '@portal/contract/telemetry-messages';
import type { PassType } from '@portal/contract/welds-messages';
import { useState } from 'react';
import { TerminalSelect } from '@/components/terminal-select';
import { errorText } from '@/lib/api';
import type { LiveStream } from '@/lib/events';
import { useEventStream } from '@/lib/use-event-stream';
import { useCurrentRun, useRunActions } from '../api/telemetry';

type Circular = { id: number; id_circular: string };

/**
 * The welding pass at the station terminal (docs/decisions/085-telemetry-screens.md): 'Iniciar
 * soldadura' for a circular and pass type, the arco's live parameters from its `weld.live` events while
 * welding, 'Finalizar soldadura', and the pass's summary after the end. Loaded by the terminal's home
 * with the first worker who acts or the first sample of a burning arc (app/terminal-page.tsx).
 */
export default function TerminalWeld({
  arcoId,
  stream,
  circulares,
  actorId,
  onNeedWorker,
}: {
  arcoId: number;
  stream: LiveStream;
  circulares: readonly Circular[];
  actorId: number | null;
  onNeedWorker: (then: (worker: { id: number }) => void) => void;
}) {
  const [live, setLive] = useState<LiveArco | null>(null);
  const [tramoId, setTramoId] = useState('');
  const [passType, setPassType] = useState<PassType | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<WeldRun | null>(null);
  const current = useCurrentRun(actorId);
  const { start, end } = useRunActions(actorId);
  useEventStream({ 'weld.live': (payload) => payload.arco_sumergido_id === arcoId && setLive(payload) }, stream);

  const run = current.data ?? null;
  const welding = run !== null && run.state === 'abierta';
  const name = (id: number | null) => circulares.find((c) => c.id === id)?.id_circular ?? (id === null ? t.dash : `#${id}`);
  const pass = (p: PassType | null) => t.passes.find(([type]) => type === p)?.[1] ?? t.dash;

  const doStart = () => {
    setError(null);
    if (!tramoId || !passType) return setError(t.chooseFirst);
    const body = { tramo_id: Number(tramoId), pass_type: passType };
    const go = () =>
      start.mutate(body, {
        onSuccess: () => setSummary(null),
        onError: (e) => setError(errorText(e, t.startFallback, t.network)),
      });
    if (actorId === null) onNeedWorker(go);
    else go();
  };
  const doEnd = () => {
    setError(null);
    const go = () =>
      end.mutate(undefined, {
        onSuccess: ({ run: ended }) => setSummary(ended),
        onError: (e) => setError(errorText(e, t.endFallback, t.network)),
      });
    if (actorId === null) onNeedWorker(go);
    else go();
  };

  return (
    // Plain Bootstrap markup, as the terminal's other cards (docs/decisions/051-terminal-first-screen.md).
    <section className="card mb-3" aria-labelledby="terminal-weld-title" data-testid="terminal-weld">
      <div className="card-body">
        <h2 id="terminal-weld-title" className="h4">
          {t.cardTitle}
        </h2>
        {actorId === null && <p className="mb-2">{t.signInToWeld}</p>}
        {run?.state === 'pendiente' && <p className="alert alert-warning py-2">{t.pending}</p>}
        {welding ? (
          <>
            <p className="fs-5 fw-semibold" data-testid="terminal-weld-running">
              {t.welding(name(run.tramo_id), pass(run.pass_type))}
            </p>
            <button type="button" className="btn btn-danger btn-lg terminal-target w-100" disabled={end.isPending} onClick={doEnd}>
              {t.end}
            </button>
          </>
        ) : circulares.length === 0 ? (
          <p className="mb-0">{t.noCirculares}</p>
        ) : (
          <div className="d-grid gap-2">
            <TerminalSelect
              id="terminal-weld-circular"
              label={t.circular}
              labelClassName="form-label mb-0"
              value={tramoId}
              onChange={setTramoId}
              blank={t.chooseCircular}
              options={circulares.map((c) => [String(c.id), c.id_circular] as const)}
            />
            <TerminalSelect
              id="terminal-weld-pass"
              label={t.passType}
              labelClassName="form-label mb-0"
              value={passType}
              onChange={(v) => setPassType(v as PassType | '')}
              blank={t.choosePass}
              options={t.passes}
            />
            <button type="button" className="btn btn-success btn-lg terminal-target" disabled={start.isPending} onClick={doStart}>
              {t.start}
            </button>
          </div>
        )}
        {error && (
          <p className="alert alert-danger py-2 mt-2 mb-0" role="alert">
            {error}
          </p>
        )}
        {(welding || live?.arc) && <LiveParameters live={live} />}
        {summary && !welding && <PassSummary run={summary} title={t.summaryTitle(name(summary.tramo_id), pass(summary.pass_type))} />}
      </div>
    </section>
  );
}

/** The arco's latest parameters (not announced to a screen reader at every sample: they change each second). */
function LiveParameters({ live }: { live: LiveArco | null }) {
  return (
    <div className="mt-3" data-testid="terminal-weld-live">
      <h3 className="h5">{t.liveHeading}</h3>
      {!live ? (
        <p className="mb-0">{t.waitingSamples}</p>
      ) : (
        <dl className="row mb-0 fs-5">
          <Item label={t.param.arc} value={live.arc ? t.arcOn : t.arcOff} />
          <Item label={t.param.current} value={t.amps(live.current)} />
          <Item label={t.param.voltage} value={t.volts(live.voltage)} />
          <Item label={t.param.speed} value={t.cmMin(live.speed)} />
          <Item label={t.param.wireFeed} value={t.mMin(live.wire_feed)} />
          {live.temperature !== null && <Item label={t.param.temperature} value={t.celsius(live.temperature)} />}
        </dl>
      )}
    </div>
  );
}

/** The pass as the server summed it up at its end. */
function PassSummary({ run, title }: { run: WeldRun; title: string }) {
  const s = t.summary;
  return (
    <div className="mt-3" data-testid="terminal-weld-summary">
      <h3 className="h5">{title}</h3>
      <dl className="row mb-0">
        <Item label={s.arcTime} value={t.duration(run.arc_seconds)} />
        <Item label={s.current} value={run.current ? t.amps(run.current.mean) : t.dash} />
        <Item label={s.voltage} value={run.voltage ? t.volts(run.voltage.mean) : t.dash} />
        <Item label={s.speed} value={run.speed ? t.cmMin(run.speed.mean) : t.dash} />
        <Item label={s.wireFeed} value={run.wire_feed ? t.mMin(run.wire_feed.mean) : t.dash} />
        <Item label={s.heatInput} value={t.heatInput(run.heat_input_kj_mm)} />
        <Item label={s.length} value={t.lengthMm(run.length_mm)} />
        <Item label={s.deposited} value={t.kilos(run.deposited_kg)} />
        <Item
          label={s.excursions}
          value={
            run.excursions.length === 0
              ? t.noExcursions
              : run.excursions.map((x) => t.excursion(t.parameterName[x.parameter], x.seconds, x.position_mm)).join(' ')
          }
        />
      </dl>
    </div>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="col-6">{label}</dt>
      <dd className="col-6">{value}</dd>
    </>
  );
}
