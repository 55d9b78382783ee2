import { addDays, mondayOf, startOfFactoryDay } from '@portal/contract/time';
import { type TimelineKind, timelineMessages } from '@portal/contract/timeline';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useLocation } from 'react-router';
import { CatalogSelect } from '@/components/catalog-select';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { errorText } from '@/lib/api';
import { useNaves } from '@/lib/catalog';
import { useChosenNave } from '@/lib/catalog-admin';
import { formatPlainDate, formatTime } from '@/lib/dates';
import { useFactoryToday, useFactoryTz } from '@/lib/factory';
import { useEventStream } from '@/lib/use-event-stream';
import { timelineKeys, useTimeline } from '../api/get-timeline';
import { BarDialog } from '../components/bar-dialog';
import { type OpenBar, TimelineChart } from '../components/timeline-chart';
import { ARC_COLOR, barColor, KIND_COLORS } from '../components/timeline-colors';

type Mode = 'shift' | 'day' | 'week';
const MODES: Mode[] = ['shift', 'day', 'week'];
const LEGEND_KINDS: TimelineKind[] = ['running', 'stopped', 'micro', 'planned', 'no_signal'];

/**
 * 'Línea de tiempo' (/admin/linea-de-tiempo and /dashboard/linea-de-tiempo, one chunk for both): the
 * bars of every arco of a nave over a shift, a day or a week, live from the parada and machine events.
 * Admins choose the nave; a worker reads the nave of their session.
 */
export default function TimelinePage() {
  const admin = useLocation().pathname.startsWith('/admin');
  const tz = useFactoryTz();
  const today = useFactoryToday();
  const naves = useNaves();
  const [adminNave, setNave] = useChosenNave();
  const [mode, setMode] = useState<Mode>('shift');
  const [date, setDate] = useState(today);
  // The shift chosen, by its start (the shifts of the date are read again on every refetch).
  const [shiftStart, setShiftStart] = useState<string | null>(null);
  // The screen opens on the shift running now (a Noche begun yesterday included), or on the day
  // when none runs; until it is found, nothing is read for the shift.
  const [findCurrent, setFindCurrent] = useState(true);
  const [open, setOpen] = useState<OpenBar | null>(null);
  const chosenNave = admin ? adminNave : null;

  const start = mode === 'week' ? mondayOf(date) : date;
  const dayRange = {
    nave: chosenNave,
    from: startOfFactoryDay(start, tz),
    to: startOfFactoryDay(addDays(start, mode === 'week' ? 7 : 1), tz),
  };
  const wide = useTimeline(dayRange, !admin || chosenNave !== '');
  const shifts = wide.data?.shifts.filter((s) => s.date === date) ?? [];
  const shiftIndex = Math.max(
    0,
    shifts.findIndex((s) => s.start === shiftStart),
  );
  const shift = mode === 'shift' && !findCurrent ? (shifts[shiftIndex] ?? null) : null;
  useEffect(() => {
    if (!findCurrent || !wide.data) return;
    const now = Date.parse(wide.data.now);
    const running = wide.data.shifts.find((s) => Date.parse(s.start) <= now && now < Date.parse(s.end));
    if (running && running.date !== date) {
      setDate(running.date);
      return;
    }
    setFindCurrent(false);
    if (running) setShiftStart(running.start);
    else setMode('day');
  }, [findCurrent, wide.data, date]);
  const narrow = useTimeline({ nave: chosenNave, from: shift?.start ?? '', to: shift?.end ?? '' }, shift !== null);
  const timeline = mode === 'shift' ? narrow : wide;

  // A parada or a machine's report changes bars: every range on screen refetches, once per burst of events.
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(pending.current ?? undefined), []);
  const refetch = () => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void queryClient.invalidateQueries({ queryKey: timelineKeys.all });
    }, 500);
  };
  const status = useEventStream({
    'parada.started': refetch,
    'parada.ended': refetch,
    'parada.changed': refetch,
    'machine.report': refetch,
    reconnected: refetch,
  });

  const step = (days: number) => {
    setFindCurrent(false);
    setDate(addDays(date, mode === 'week' ? 7 * days : days));
    setShiftStart(null);
  };
  const data = timeline.data;
  // The legend's motivos: those the bars name (the answer lists every motivo).
  const motivos = useMemo(() => {
    const named = new Set(data?.arcos.flatMap((a) => a.bars.map((b) => b[4])));
    return data?.motivos.filter((m) => !m.planned && named.has(m.id)) ?? [];
  }, [data]);

  return (
    <div className="timeline-page">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0">
          {timelineMessages.title}
          {data ? ` · ${data.nave}` : ''}
        </h1>
        <div className="d-flex align-items-center gap-2 d-print-none">
          <span role="status" className={`badge ${status === 'open' ? 'text-bg-success' : 'text-bg-warning'}`} data-testid="timeline-live">
            {status === 'open' ? timelineMessages.live : timelineMessages.reconnecting}
          </span>
          <Button variant="outline-secondary" size="sm" onClick={() => window.print()}>
            {timelineMessages.print}
          </Button>
        </div>
      </div>

      <Form className="d-flex flex-wrap align-items-end gap-3 mb-3 d-print-none" onSubmit={(e) => e.preventDefault()}>
        {admin && (
          <CatalogSelect
            id="timeline-nave"
            label={timelineMessages.naveLabel}
            by="name"
            items={naves.data}
            value={chosenNave ?? ''}
            onChange={(e) => setNave(e.target.value)}
          />
        )}
        <Form.Group controlId="timeline-mode">
          <Form.Label>{timelineMessages.range}</Form.Label>
          <Form.Select
            value={mode}
            onChange={(e) => {
              setFindCurrent(false);
              setMode(e.target.value as Mode);
            }}
          >
            {MODES.map((m) => (
              <option key={m} value={m}>
                {timelineMessages[m]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="timeline-date">
          <Form.Label>{timelineMessages.date}</Form.Label>
          <Form.Control
            type="date"
            value={date}
            required
            onChange={(e) => {
              if (!e.target.value) return;
              setFindCurrent(false);
              setDate(e.target.value);
              setShiftStart(null);
            }}
          />
        </Form.Group>
        {mode === 'shift' && shifts.length > 0 && (
          <Form.Group controlId="timeline-shift">
            <Form.Label>{timelineMessages.shift}</Form.Label>
            <Form.Select value={shiftIndex} onChange={(e) => setShiftStart(shifts[Number(e.target.value)]?.start ?? null)}>
              {shifts.map((s, i) => (
                <option key={`${s.shift_id}-${s.start}`} value={i}>
                  {s.name} ({formatTime(s.start, tz)}–{formatTime(s.end, tz)})
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        <div className="d-flex gap-2">
          <Button variant="outline-secondary" onClick={() => step(-1)}>
            {timelineMessages.previous}
          </Button>
          <Button variant="outline-secondary" onClick={() => step(1)}>
            {timelineMessages.next}
          </Button>
        </div>
      </Form>

      {timeline.isError && <Feedback>{errorText(timeline.error, timelineMessages.loadFallback, timelineMessages.loadFallback)}</Feedback>}
      {mode === 'shift' && wide.isSuccess && shifts.length === 0 ? (
        <p className="text-muted">{timelineMessages.noShift}</p>
      ) : timeline.isPending ? (
        <Loading text={timelineMessages.loading} />
      ) : data && data.arcos.length === 0 ? (
        <p className="text-muted">{timelineMessages.empty}</p>
      ) : data ? (
        <>
          <p className="small text-muted mb-1">
            {formatPlainDate(start)}
            {mode === 'week' ? ` – ${formatPlainDate(addDays(start, 6))}` : ''}
            {shift ? ` · ${shift.name}` : ''}
          </p>
          <TimelineChart data={data} tz={tz} onOpen={setOpen} />
          <section aria-labelledby="timeline-legend" className="mt-2">
            <h2 id="timeline-legend" className="h6 mb-1">
              {timelineMessages.legend}
            </h2>
            <ul className="list-inline small mb-0">
              {LEGEND_KINDS.map((kind) => (
                <li key={kind} className="list-inline-item me-3">
                  <span className="timeline-swatch" style={{ background: KIND_COLORS[kind] }} aria-hidden="true" />{' '}
                  {timelineMessages.kinds[kind]}
                </li>
              ))}
              <li className="list-inline-item me-3">
                <span className="timeline-swatch timeline-swatch-open" style={{ background: KIND_COLORS.stopped }} aria-hidden="true" />{' '}
                {timelineMessages.kinds.stopped} {timelineMessages.open}
              </li>
              {data.arcos.some((a) => a.arc) && (
                <li className="list-inline-item me-3">
                  <span
                    className="timeline-swatch"
                    style={{
                      background: `linear-gradient(${KIND_COLORS.running} 0 30%, ${ARC_COLOR} 30% 70%, ${KIND_COLORS.running} 70%)`,
                    }}
                    aria-hidden="true"
                  />{' '}
                  {timelineMessages.arcOn}
                </li>
              )}
              {motivos.map((m) => (
                <li key={m.id} className="list-inline-item me-3">
                  <span className="timeline-swatch" style={{ background: barColor('stopped', m.id) }} aria-hidden="true" /> {m.name}
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
      <BarDialog open={open} tz={tz} admin={admin} onHide={() => setOpen(null)} />
    </div>
  );
}
