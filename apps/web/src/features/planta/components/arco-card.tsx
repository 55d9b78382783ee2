import type { PlantaAndon } from '@portal/contract/andon';
import { machineMessages } from '@portal/contract/machines';
import { type PlantaArco, plantaMessages } from '@portal/contract/planta';
import { terminalMessages } from '@portal/contract/terminal';
import { terminalScreenMessages } from '@portal/contract/terminal-screen-messages';
import { type ComponentType, memo } from 'react';
import Card from 'react-bootstrap/Card';
import { formatTime } from '@/lib/dates';
import { ParadaClock } from './parada-clock';
import { SignalLine, useSilent } from './signal-line';
import { StatusIcon } from './status-icon';
import { WeldLine } from './weld-line';

/** One arco on the plant board: running or stopped, by whom, since when, its andon call, and today's parada minutes. */
/** The andon's line on a card (its open call), from app/planta-page.tsx: a feature never imports another. */
export type AndonLineView = ComponentType<{ andon: PlantaAndon }>;

// Memoised: weld telemetry's events replace one arco at a time, up to once a second each, and only its card redraws.
export const ArcoCard = memo(function ArcoCard({ arco, tz, AndonLine }: { arco: PlantaArco; tz: string; AndonLine: AndonLineView }) {
  const parada = arco.status === 'stopped' ? arco.active_stop : null;
  const stopped = arco.status === 'stopped';
  const silent = useSilent(arco.signal);
  // A bound arco whose machine is silent is not known to run (docs/decisions/031-machine-and-worker-stops.md):
  // it says 'Sin señal' instead of 'En marcha'.
  const unknown = !stopped && silent;
  const tone = stopped ? 'danger' : unknown ? 'secondary' : 'success';
  const titleId = `planta-arco-${arco.id}`;
  return (
    <Card
      as="article"
      className={`h-100 border-2 border-${tone}`}
      aria-labelledby={titleId}
      data-testid="planta-arco"
      data-arco-id={arco.id}
      data-status={arco.status}
    >
      <Card.Body className="d-flex flex-column gap-2">
        <Card.Title as="h3" id={titleId} className="h6 mb-0 text-break">
          {arco.name}
        </Card.Title>
        {/* Only the state is a live region: a change is announced, the ticking clock is not. */}
        <div aria-live="polite" aria-atomic="true">
          <p className={`d-flex align-items-center gap-2 mb-1 fw-bold text-${tone}-emphasis`}>
            <span className={`text-${tone}`}>
              <StatusIcon stopped={stopped} unknown={unknown} />
            </span>
            <span data-testid="planta-status">
              {stopped ? plantaMessages.stopped : unknown ? machineMessages.noSignal : plantaMessages.running}
            </span>
          </p>
          {parada && (
            <p className="mb-0 small">
              {plantaMessages.stoppedBy} <strong>{parada.source === 'machine' ? plantaMessages.machine : parada.user_name}</strong>{' '}
              {plantaMessages.since} <time dateTime={parada.start_time}>{formatTime(parada.start_time, tz)}</time>
            </p>
          )}
        </div>
        {parada && <ParadaClock start={parada.start_time} />}
        {arco.weld && <WeldLine weld={arco.weld} />}
        {arco.andon && <AndonLine andon={arco.andon} />}
        {arco.signal && <SignalLine signal={arco.signal} silent={silent} tz={tz} />}
        {arco.terminals?.map((terminal) => (
          <p key={terminal.id} className="mb-0 small" data-testid="planta-terminal" data-online={terminal.online}>
            {terminal.name}:{' '}
            <span className={`badge ${terminal.online ? 'text-bg-success' : 'text-bg-warning'}`}>
              {terminal.online ? terminalMessages.online : terminalMessages.offline}
            </span>
            {terminal.pin_locked && (
              <span className="badge text-bg-danger ms-1" data-testid="planta-terminal-pin-locked">
                {terminalScreenMessages.pinLockedMark}
              </span>
            )}
          </p>
        ))}
        <p className="mb-0 mt-auto small text-body-secondary">
          {plantaMessages.todayMinutes}: <strong data-testid="planta-minutes">{arco.today_minutes}</strong>
        </p>
        {arco.shift_minutes !== undefined && (
          <p className="mb-0 small text-body-secondary">
            {plantaMessages.shiftMinutes}: <strong data-testid="planta-shift-minutes">{arco.shift_minutes}</strong>
          </p>
        )}
        {arco.micro_stops_today ? (
          <p className="mb-0 small text-body-secondary">
            {machineMessages.microStopsToday}: <strong data-testid="planta-micro-stops">{arco.micro_stops_today}</strong>
          </p>
        ) : null}
      </Card.Body>
    </Card>
  );
});
