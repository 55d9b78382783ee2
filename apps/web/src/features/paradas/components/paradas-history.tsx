import { capitalize, countOf, DATE_PLACEHOLDER, longDate } from '@portal/contract/format';
import { motivoMessages } from '@portal/contract/motivos-messages';
import type { Parada } from '@portal/contract/paradas';
import { DAY_FILTER_LABELS, paradaMessages } from '@portal/contract/paradas-messages';
import { paradaScreenTexts } from '@portal/contract/paradas-screen-messages';
import { DAY_FILTERS, type DayFilter, dayFilterRange } from '@portal/contract/time';
import { format } from 'date-fns';
import { lazy, Suspense, useMemo, useState } from 'react';
import Accordion from 'react-bootstrap/Accordion';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import Stack from 'react-bootstrap/Stack';
import { ListStatus } from '@/components/list-status';
import { SavedDataNote } from '@/components/saved-data-note';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { useFactoryToday } from '@/lib/factory';
import { useMotivos } from '@/lib/motivos';
import type { useCurrentUser } from '@/lib/token';
import { useParadas } from '../api/get-paradas';
import { ParadaCard } from './parada-card';
import { usePendingParadas } from './pending-paradas';

// The date picker's code loads after the history paints; a read-only field holds its place meanwhile.
const DateSearch = lazy(() => import('./date-search'));

/** A parada of the history, and whether its start or end still waits in the offline queue. */
interface Shown {
  parada: Parada;
  pending: boolean;
}

/** Paradas grouped by their factory date, newest date first (the list already comes newest first). */
function groupByDate(paradas: Shown[]): [string, Shown[]][] {
  const groups = new Map<string, Shown[]>();
  for (const s of paradas) groups.set(s.parada.date, [...(groups.get(s.parada.date) ?? []), s]);
  return [...groups.entries()].sort(([a], [b]) => b.localeCompare(a));
}

/** Right column: day filter or a specific date (mutually exclusive), and the history by date. */
export function ParadasHistory({
  user,
  tz,
  onEdit,
  onDelete,
}: {
  user: NonNullable<ReturnType<typeof useCurrentUser>>;
  tz: string;
  onEdit: (p: Parada) => void;
  onDelete: (p: Parada) => void;
}) {
  const today = useFactoryToday();
  const [dayFilter, setDayFilter] = useState<DayFilter | ''>('currentWeek');
  const [date, setDate] = useState<Date | null>(null);
  // Groups are open unless the worker closed them, so new dates appear expanded.
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const [motivo, setMotivo] = useState('');
  const motivos = useMotivos();
  const painted = useAfterFirstPaint();
  const dateFallback = <Form.Control readOnly placeholder={DATE_PLACEHOLDER} autoComplete="off" />;

  // The picker's Date is a calendar day on the device: its own y/m/d are the date meant.
  const range = date
    ? { startDate: format(date, 'yyyy-MM-dd'), endDate: format(date, 'yyyy-MM-dd') }
    : dayFilterRange(dayFilter || 'currentWeek', today);
  const paradas = useParadas(motivo ? { ...range, motivo_id: Number(motivo) } : range);
  const motivoNames = useMemo(() => new Map((motivos.data ?? []).map((m) => [m.id, m.name])), [motivos.data]);
  const pending = usePendingParadas(user, tz, (id) => motivoNames.get(id) ?? null);
  // Starts waiting to be sent come first in their day (newest first, as the list), within the chosen range.
  const added = pending.added.filter((p) => !motivo && p.date >= range.startDate && p.date <= range.endDate).reverse();
  const groups = groupByDate([
    ...added.map((parada) => ({ parada, pending: true })),
    ...(paradas.data ?? []).map((p) => {
      const ending = pending.ending(p);
      return { parada: ending ?? p, pending: ending !== null };
    }),
  ]);
  const openKeys = groups.map(([d]) => d).filter((d) => !closed.has(d));

  return (
    <section aria-labelledby="paradas-history-title">
      <h2 id="paradas-history-title" className="h5">
        {paradaScreenTexts.historyTitle}
      </h2>
      <Stack direction="horizontal" gap={2} className="flex-wrap mb-3 align-items-end">
        <Form.Group controlId="paradas-day-filter" className="flex-fill">
          <Form.Label className="small mb-1">{paradaScreenTexts.dayFilter}</Form.Label>
          <Form.Select
            value={dayFilter}
            onChange={(e) => {
              const value = e.target.value as DayFilter | '';
              setDayFilter(value || 'currentWeek');
              setDate(null);
            }}
          >
            {dayFilter === '' && <option value="">{paradaScreenTexts.specificDate}</option>}
            {DAY_FILTERS.map((f) => (
              <option key={f} value={f}>
                {DAY_FILTER_LABELS[f]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="paradas-date" className="flex-fill">
          <Form.Label className="small mb-1">{paradaScreenTexts.dateSearch}</Form.Label>
          {/* The date picker (react-datepicker) loads after the screen's first paint, in idle time. */}
          {painted ? (
            <Suspense fallback={dateFallback}>
              <DateSearch
                id="paradas-date"
                date={date}
                onChange={(value) => {
                  setDate(value);
                  setDayFilter(value ? '' : 'currentWeek');
                }}
              />
            </Suspense>
          ) : (
            dateFallback
          )}
        </Form.Group>
        <Form.Group controlId="paradas-motivo" className="flex-fill">
          <Form.Label className="small mb-1">{motivoMessages.label}</Form.Label>
          <Form.Select value={motivo} onChange={(e) => setMotivo(e.target.value)}>
            <option value="">{motivoMessages.all}</option>
            {(motivos.data ?? []).map((m) => (
              <option key={m.id} value={String(m.id)}>
                {m.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Stack>

      <SavedDataNote query={paradas} tz={tz} />
      <ListStatus
        // The history saved on the phone stays up when a refetch fails (offline): the note says it is not current.
        query={{ isPending: paradas.isPending, isError: paradas.isError && paradas.data === undefined, error: paradas.error }}
        items={groups}
        loading={paradaMessages.loading}
        fallback={paradaMessages.loadFallback}
        network={paradaMessages.loadNetwork}
        empty={paradaMessages.empty}
      >
        {() => (
          <Accordion
            alwaysOpen
            activeKey={openKeys}
            onSelect={(key) => {
              const open = new Set(Array.isArray(key) ? key : key ? [key] : []);
              setClosed(new Set(groups.map(([d]) => d).filter((d) => !open.has(d))));
            }}
          >
            {groups.map(([day, items]) => (
              <Accordion.Item eventKey={day} key={day} data-testid={`paradas-group-${day}`}>
                <Accordion.Header>
                  <span className="me-2">{capitalize(longDate(day))}</span>
                  <Badge bg="primary" pill aria-label={countOf(items.length, 'parada', 'paradas')}>
                    {items.length}
                  </Badge>
                </Accordion.Header>
                <Accordion.Body className="p-2">
                  <Stack gap={2}>
                    {items.map(({ parada: p, pending: waiting }) => (
                      <ParadaCard key={p.id} parada={p} tz={tz} pending={waiting} onEdit={() => onEdit(p)} onDelete={() => onDelete(p)} />
                    ))}
                  </Stack>
                </Accordion.Body>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </ListStatus>
    </section>
  );
}
