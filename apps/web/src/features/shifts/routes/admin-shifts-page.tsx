import { WEEKDAY_NAMES } from '@portal/contract/downtime';
import { longDate } from '@portal/contract/format';
import { minuteOfDay, type ShiftBody, type ShiftBreak, type ShiftDefinition, shiftMessages } from '@portal/contract/shifts';
import { useCallback, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Banner, type BannerMessage } from '@/components/banner';
import { Feedback } from '@/components/feedback';
import { errorText } from '@/lib/api';
import { useNaves } from '@/lib/catalog';
import { useFactoryToday } from '@/lib/factory';
import { type ShiftChange, useChangeCalendar, useShiftCalendar } from '../api/shifts';
import DateField from '../components/date-field';

const m = shiftMessages;
const SHORT_DAYS = ['L', 'M', 'X', 'J', 'V', 'S', 'D'];
const crossesMidnight = (start: string, end: string) => minuteOfDay(end) <= minuteOfDay(start);

interface Draft {
  id?: number;
  name: string;
  start: string;
  end: string;
  weekdays: number[];
  breaks: ShiftBreak[];
  nave_id: number | null;
  effective_from: string;
}

const emptyDraft = (today: string): Draft => ({
  name: '',
  start: '06:00',
  end: '14:00',
  weekdays: [1, 2, 3, 4, 5, 6],
  breaks: [],
  nave_id: null,
  effective_from: today,
});

/** The add or edit form of a shift: times, days, breaks, nave and the date it applies from. */
function ShiftForm({
  draft,
  setDraft,
  onSubmit,
  onCancel,
  pending,
  today,
}: {
  draft: Draft;
  setDraft: (d: Draft) => void;
  onSubmit: () => void;
  onCancel?: () => void;
  pending: boolean;
  today: string;
}) {
  const naves = useNaves();
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const setBreak = (i: number, patch: Partial<ShiftBreak>) =>
    set({ breaks: draft.breaks.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
  return (
    <Form
      noValidate
      aria-label={draft.id ? `${m.edit}: ${draft.name}` : m.add}
      className="border rounded p-3 mb-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div className="d-flex flex-wrap gap-3 align-items-end">
        <Form.Group controlId="shift-name">
          <Form.Label>{m.name}</Form.Label>
          <Form.Control value={draft.name} onChange={(e) => set({ name: e.target.value })} maxLength={40} required />
        </Form.Group>
        <Form.Group controlId="shift-start">
          <Form.Label>{m.start}</Form.Label>
          <Form.Control type="time" value={draft.start} onChange={(e) => set({ start: e.target.value })} required />
        </Form.Group>
        <Form.Group controlId="shift-end">
          <Form.Label>{m.end}</Form.Label>
          <Form.Control type="time" value={draft.end} onChange={(e) => set({ end: e.target.value })} required />
        </Form.Group>
        {crossesMidnight(draft.start, draft.end) && draft.start !== draft.end && (
          <Badge bg="info" text="dark" className="mb-2">
            {m.crossesMidnight}
          </Badge>
        )}
        <Form.Group controlId="shift-nave">
          <Form.Label>{m.nave}</Form.Label>
          <Form.Select value={draft.nave_id ?? ''} onChange={(e) => set({ nave_id: e.target.value ? Number(e.target.value) : null })}>
            <option value="">{m.allNaves}</option>
            {(naves.data ?? []).map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="shift-from">
          <Form.Label>{m.effectiveFrom}</Form.Label>
          <DateField id="shift-from" value={draft.effective_from} onChange={(v) => set({ effective_from: v })} min={today} />
        </Form.Group>
      </div>
      <fieldset className="mt-3">
        <legend className="form-label fs-6">{m.weekdays}</legend>
        <div className="d-flex flex-wrap gap-3">
          {WEEKDAY_NAMES.map((day, i) => (
            <Form.Check
              key={day}
              id={`shift-day-${i + 1}`}
              label={day}
              checked={draft.weekdays.includes(i + 1)}
              onChange={(e) =>
                set({ weekdays: e.target.checked ? [...draft.weekdays, i + 1].sort() : draft.weekdays.filter((d) => d !== i + 1) })
              }
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-3">
        <legend className="form-label fs-6">{m.breaks}</legend>
        {draft.breaks.map((b, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a break has no id until saved; its place is its identity here
          <div key={i} className="d-flex gap-2 align-items-end mb-2">
            <Form.Group controlId={`shift-break-start-${i}`}>
              <Form.Label>{m.breakStart}</Form.Label>
              <Form.Control type="time" value={b.start} onChange={(e) => setBreak(i, { start: e.target.value })} />
            </Form.Group>
            <Form.Group controlId={`shift-break-end-${i}`}>
              <Form.Label>{m.breakEnd}</Form.Label>
              <Form.Control type="time" value={b.end} onChange={(e) => setBreak(i, { end: e.target.value })} />
            </Form.Group>
            <Button variant="outline-danger" onClick={() => set({ breaks: draft.breaks.filter((_, j) => j !== i) })}>
              {m.removeBreak}
            </Button>
          </div>
        ))}
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => set({ breaks: [...draft.breaks, { start: draft.start, end: draft.start }] })}
        >
          {m.addBreak}
        </Button>
      </fieldset>
      <div className="d-flex gap-2 mt-3">
        <Button type="submit" disabled={pending}>
          {draft.id ? m.save : m.add}
        </Button>
        {onCancel && (
          <Button variant="outline-secondary" onClick={onCancel}>
            {m.cancel}
          </Button>
        )}
      </div>
    </Form>
  );
}

const toDraft = (s: ShiftDefinition, today: string): Draft => {
  const v = s.current ?? s.versions[s.versions.length - 1];
  return {
    id: s.id,
    name: v.name,
    start: v.start,
    end: v.end,
    weekdays: v.weekdays,
    breaks: v.breaks,
    nave_id: v.nave_id,
    effective_from: today,
  };
};

/** Admin 'Turnos': the shift calendar (shifts, breaks, days not worked), changed from a date on. */
export default function AdminShiftsPage() {
  const today = useFactoryToday();
  const calendar = useShiftCalendar();
  const change = useChangeCalendar();
  const naves = useNaves();
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(today));
  const [editing, setEditing] = useState<Draft | null>(null);
  const [retiring, setRetiring] = useState<{ id: number; from: string } | null>(null);
  const [closure, setClosure] = useState({ date: today, shift_id: '', reason: '' });
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const closeBanner = useCallback(() => setBanner(null), []);

  const run = (c: ShiftChange, done?: () => void) =>
    change.mutate(c, {
      onSuccess: (res) => {
        setBanner({ variant: 'success', text: res.message });
        done?.();
      },
      onError: (e) => setBanner({ variant: 'danger', text: errorText(e, m.saveFailed, m.saveFailed) }),
    });
  const body = (d: Draft): ShiftBody => ({
    name: d.name,
    start: d.start,
    end: d.end,
    weekdays: d.weekdays,
    breaks: d.breaks,
    nave_id: d.nave_id,
    effective_from: d.effective_from,
  });
  const shifts = calendar.data?.shifts ?? [];
  const shiftName = (id: number | null) =>
    id === null
      ? m.wholeDay
      : (shifts.find((s) => s.id === id)?.current?.name ?? shifts.find((s) => s.id === id)?.versions.at(-1)?.name ?? '?');
  const naveName = (id: number | null) => (id === null ? m.allNaves : (naves.data?.find((n) => n.id === id)?.name ?? '?'));

  return (
    <div style={{ maxWidth: 1000 }}>
      <h1 className="h4 mb-2">{m.title}</h1>
      <p className="text-muted">{m.intro}</p>
      <Banner message={banner} onClose={closeBanner} autoHideMs={5000} successOnly />
      {calendar.isPending && <p className="text-muted">{m.loading}</p>}
      {calendar.isError && <Feedback>{m.loadFailed}</Feedback>}

      <h2 className="h5 mt-3">{m.shiftsTitle}</h2>
      {calendar.data && shifts.length === 0 && <p className="text-muted">{m.empty}</p>}
      {shifts.length > 0 && (
        <Table responsive size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">{m.name}</th>
              <th scope="col">{m.start}</th>
              <th scope="col">{m.end}</th>
              <th scope="col">{m.weekdays}</th>
              <th scope="col">{m.breaks}</th>
              <th scope="col">{m.nave}</th>
              <th scope="col">
                <span className="visually-hidden">{m.edit}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shifts.map((s) => {
              const v = s.current ?? s.versions[s.versions.length - 1];
              const next = s.versions.find((x) => x.effective_from > today);
              return (
                <tr key={s.id} data-testid="shift-row">
                  <th scope="row">
                    {v.name}
                    <div className="small text-muted fw-normal">
                      {s.current ? m.since(longDate(s.current.effective_from)) : ''}
                      {next ? ` · ${m.nextChange(longDate(next.effective_from))}` : ''}
                    </div>
                  </th>
                  <td>{v.start}</td>
                  <td>
                    {v.end}
                    {crossesMidnight(v.start, v.end) && <span className="small text-muted"> ({m.crossesMidnight.toLowerCase()})</span>}
                  </td>
                  <td>
                    <span aria-hidden="true">{v.weekdays.map((d) => SHORT_DAYS[d - 1]).join(' ')}</span>
                    <span className="visually-hidden">{v.weekdays.map((d) => WEEKDAY_NAMES[d - 1]).join(', ')}</span>
                  </td>
                  <td>{v.breaks.length ? v.breaks.map((b) => `${b.start}–${b.end}`).join(', ') : m.noBreaks}</td>
                  <td>{naveName(v.nave_id)}</td>
                  <td className="text-nowrap">
                    {retiring?.id === s.id ? (
                      <Form
                        className="d-flex gap-2 align-items-end"
                        aria-label={`${m.retire}: ${v.name}`}
                        onSubmit={(e) => {
                          e.preventDefault();
                          run({ kind: 'retire', id: s.id, from: retiring.from }, () => setRetiring(null));
                        }}
                      >
                        <Form.Group controlId={`shift-retire-${s.id}`}>
                          <Form.Label className="small mb-0">{m.retireFrom}</Form.Label>
                          <DateField
                            id={`shift-retire-${s.id}`}
                            value={retiring.from}
                            onChange={(from) => setRetiring({ id: s.id, from })}
                            min={today}
                          />
                        </Form.Group>
                        <Button type="submit" size="sm" variant="danger" disabled={change.isPending}>
                          {m.retire}
                        </Button>
                        <Button size="sm" variant="outline-secondary" onClick={() => setRetiring(null)}>
                          {m.cancel}
                        </Button>
                      </Form>
                    ) : (
                      <>
                        <Button size="sm" variant="outline-primary" className="me-2" onClick={() => setEditing(toDraft(s, today))}>
                          {m.edit}
                          <span className="visually-hidden"> {v.name}</span>
                        </Button>
                        <Button size="sm" variant="outline-danger" onClick={() => setRetiring({ id: s.id, from: today })}>
                          {m.retire}
                          <span className="visually-hidden"> {v.name}</span>
                        </Button>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}

      <h2 className="h5 mt-4">{editing ? `${m.edit}: ${editing.name}` : m.add}</h2>
      {editing ? (
        <ShiftForm
          key={`edit-${editing.id}`}
          draft={editing}
          setDraft={setEditing}
          pending={change.isPending}
          today={today}
          onSubmit={() => run({ kind: 'save', id: editing.id, body: body(editing) }, () => setEditing(null))}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <ShiftForm
          key="add"
          draft={draft}
          setDraft={setDraft}
          pending={change.isPending}
          today={today}
          onSubmit={() => run({ kind: 'save', body: body(draft) }, () => setDraft(emptyDraft(today)))}
        />
      )}

      <h2 className="h5 mt-4">{m.closuresTitle}</h2>
      <Form
        noValidate
        className="d-flex flex-wrap gap-3 align-items-end mb-3"
        aria-label={m.addClosure}
        onSubmit={(e) => {
          e.preventDefault();
          run(
            {
              kind: 'close',
              body: { date: closure.date, shift_id: closure.shift_id ? Number(closure.shift_id) : null, reason: closure.reason },
            },
            () => setClosure({ date: today, shift_id: '', reason: '' }),
          );
        }}
      >
        <Form.Group controlId="closure-date">
          <Form.Label>{m.closureDate}</Form.Label>
          <DateField id="closure-date" value={closure.date} onChange={(date) => setClosure({ ...closure, date })} min={today} />
        </Form.Group>
        <Form.Group controlId="closure-shift">
          <Form.Label>{m.closureShift}</Form.Label>
          <Form.Select value={closure.shift_id} onChange={(e) => setClosure({ ...closure, shift_id: e.target.value })}>
            <option value="">{m.wholeDay}</option>
            {shifts.map((s) => (
              <option key={s.id} value={s.id}>
                {shiftName(s.id)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="closure-reason">
          <Form.Label>{m.reason}</Form.Label>
          <Form.Control value={closure.reason} maxLength={120} onChange={(e) => setClosure({ ...closure, reason: e.target.value })} />
        </Form.Group>
        <Button type="submit" disabled={change.isPending}>
          {m.addClosure}
        </Button>
      </Form>
      {calendar.data && calendar.data.closures.length === 0 && <p className="text-muted">{m.noClosures}</p>}
      {(calendar.data?.closures.length ?? 0) > 0 && (
        <Table size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">{m.closureDate}</th>
              <th scope="col">{m.closureShift}</th>
              <th scope="col">{m.reason}</th>
              <th scope="col">
                <span className="visually-hidden">{m.deleteClosure}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {calendar.data?.closures.map((c) => (
              <tr key={c.id} data-testid="closure-row">
                <td>{longDate(c.date)}</td>
                <td>{shiftName(c.shift_id)}</td>
                <td>{c.reason}</td>
                <td>
                  <Button size="sm" variant="outline-danger" onClick={() => run({ kind: 'reopen', id: c.id })}>
                    {m.deleteClosure}
                    <span className="visually-hidden"> {longDate(c.date)}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
