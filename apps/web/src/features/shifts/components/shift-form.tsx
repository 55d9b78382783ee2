import { zodResolver } from '@hookform/resolvers/zod';
import { WEEKDAY_NAMES } from '@portal/contract/downtime';
import { shiftMessages as m, minuteOfDay, type ShiftBreak, type ShiftDefinition, shiftBody } from '@portal/contract/shifts';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { FieldError } from 'react-hook-form';
import { DateField } from '@/components/date-field';
import { Feedback } from '@/components/feedback';
import { NamedOptions } from '@/components/select-options';
import { useServerForm } from '@/components/use-server-form';
import { useNaves } from '@/lib/catalog';
import { fieldError } from '@/lib/field-error';
import { firstError } from '@/lib/first-error';
import type { RunChange } from '../api/change-calendar';

/** Whether a shift of these times ends on the next day (its end not after its start). */
export const crossesMidnight = (start: string, end: string) => minuteOfDay(end) <= minuteOfDay(start);

/** The form's fields: what `shiftBody` reads. */
export interface ShiftValues {
  name: string;
  start: string;
  end: string;
  weekdays: number[];
  breaks: ShiftBreak[];
  nave_id: number | null;
  effective_from: string;
}

export const emptyShift = (today: string): ShiftValues => ({
  name: '',
  start: '06:00',
  end: '14:00',
  weekdays: [1, 2, 3, 4, 5, 6],
  breaks: [],
  nave_id: null,
  effective_from: today,
});

/** A shift as it is now (or as last defined), to change from today on. */
export const toShiftValues = (s: ShiftDefinition, today: string): ShiftValues => {
  const v = s.current ?? s.versions[s.versions.length - 1];
  return { name: v.name, start: v.start, end: v.end, weekdays: v.weekdays, breaks: v.breaks, nave_id: v.nave_id, effective_from: today };
};

/** The fields in screen order; the breaks, last on screen, are a list (breaksMessage). */
const FIELD_ORDER = ['name', 'start', 'end', 'nave_id', 'effective_from', 'weekdays'] as const;

/** The first message of the breaks' checks: the list's own (overlap, too many), else a break's or one of its times'. */
function breaksMessage(error: unknown): string | undefined {
  const own = (error as FieldError | undefined)?.message;
  if (own) return own;
  if (!Array.isArray(error)) return undefined;
  for (const b of error as ({ message?: string; start?: FieldError; end?: FieldError } | undefined)[]) {
    const found = b?.message ?? b?.start?.message ?? b?.end?.message;
    if (found) return found;
  }
  return undefined;
}

/**
 * The add or edit form of a shift (title included: it names the shift as typed): times, days, breaks,
 * nave and the date it applies from, checked with the contract's `shiftBody` before it is sent. The
 * check's or the server's message shows above the fields.
 */
export function ShiftForm({
  id,
  initial,
  run,
  pending,
  today,
  onDone,
  onCancel,
}: {
  /** The shift edited; none to add one. */
  id?: number;
  initial: ShiftValues;
  run: RunChange;
  pending: boolean;
  today: string;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const naves = useNaves();
  // The add form stays mounted (hidden) while a shift is edited: each form's ids are its own.
  const ids = id ? 'shift-edit' : 'shift';
  const errorId = `${ids}-error`;
  const { watch, setValue, reset, submit, errors, serverError, fail, formState } = useServerForm({
    resolver: zodResolver(shiftBody),
    defaultValues: initial,
    order: FIELD_ORDER,
    texts: { fallback: m.saveFailed, network: m.saveFailed },
  });
  const values = watch();
  const draft = { ...values, breaks: values.breaks ?? [], nave_id: values.nave_id ?? null };
  const shown = firstError(errors, FIELD_ORDER) ?? breaksMessage(errors.breaks) ?? serverError;
  // After a refused submit each change checks its field again, as a registered field would.
  const set = <K extends keyof ShiftValues>(name: K, value: ShiftValues[K]) =>
    setValue(name, value as never, { shouldValidate: formState.isSubmitted });
  const setBreak = (i: number, patch: Partial<ShiftBreak>) =>
    set(
      'breaks',
      draft.breaks.map((b, j) => (j === i ? { ...b, ...patch } : b)),
    );
  const invalid = (field: keyof ShiftValues) => ({ isInvalid: !!errors[field], ...fieldError(!!errors[field], errorId) });
  const onSubmit = submit((body) =>
    run(
      { kind: 'save', id, body },
      () => {
        if (!id) reset(emptyShift(today));
        onDone?.();
      },
      fail,
    ),
  );
  const title = id ? `${m.edit}: ${draft.name}` : m.add;

  return (
    <>
      <h2 className="h5 mt-4">{title}</h2>
      <Form noValidate aria-label={title} className="border rounded p-3 mb-4" onSubmit={onSubmit}>
        {shown && <Feedback id={errorId}>{shown}</Feedback>}
        <div className="d-flex flex-wrap gap-3 align-items-end">
          <Form.Group controlId={`${ids}-name`}>
            <Form.Label>{m.name}</Form.Label>
            <Form.Control value={draft.name} onChange={(e) => set('name', e.target.value)} maxLength={40} required {...invalid('name')} />
          </Form.Group>
          <Form.Group controlId={`${ids}-start`}>
            <Form.Label>{m.start}</Form.Label>
            <Form.Control type="time" value={draft.start} onChange={(e) => set('start', e.target.value)} required {...invalid('start')} />
          </Form.Group>
          <Form.Group controlId={`${ids}-end`}>
            <Form.Label>{m.end}</Form.Label>
            <Form.Control type="time" value={draft.end} onChange={(e) => set('end', e.target.value)} required {...invalid('end')} />
          </Form.Group>
          {crossesMidnight(draft.start, draft.end) && draft.start !== draft.end && (
            <Badge bg="info" text="dark" className="mb-2">
              {m.crossesMidnight}
            </Badge>
          )}
          <Form.Group controlId={`${ids}-nave`} className="mw-100">
            <Form.Label>{m.nave}</Form.Label>
            <Form.Select value={draft.nave_id ?? ''} onChange={(e) => set('nave_id', e.target.value ? Number(e.target.value) : null)}>
              <option value="">{m.allNaves}</option>
              <NamedOptions items={naves.data} />
            </Form.Select>
          </Form.Group>
          <Form.Group controlId={`${ids}-from`}>
            <Form.Label>{m.effectiveFrom}</Form.Label>
            <DateField id={`${ids}-from`} value={draft.effective_from} onChange={(v) => set('effective_from', v)} min={today} allowEmpty />
          </Form.Group>
        </div>
        <fieldset className="mt-3">
          <legend className="form-label fs-6">{m.weekdays}</legend>
          <div className="d-flex flex-wrap gap-3">
            {WEEKDAY_NAMES.map((day, i) => (
              <Form.Check
                key={day}
                id={`${ids}-day-${i + 1}`}
                label={day}
                checked={draft.weekdays.includes(i + 1)}
                onChange={(e) =>
                  set('weekdays', e.target.checked ? [...draft.weekdays, i + 1].sort() : draft.weekdays.filter((d) => d !== i + 1))
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
              <Form.Group controlId={`${ids}-break-start-${i}`}>
                <Form.Label>{m.breakStart}</Form.Label>
                <Form.Control type="time" value={b.start} onChange={(e) => setBreak(i, { start: e.target.value })} />
              </Form.Group>
              <Form.Group controlId={`${ids}-break-end-${i}`}>
                <Form.Label>{m.breakEnd}</Form.Label>
                <Form.Control type="time" value={b.end} onChange={(e) => setBreak(i, { end: e.target.value })} />
              </Form.Group>
              <Button
                variant="outline-danger"
                onClick={() =>
                  set(
                    'breaks',
                    draft.breaks.filter((_, j) => j !== i),
                  )
                }
              >
                {m.removeBreak}
              </Button>
            </div>
          ))}
          <Button
            variant="outline-secondary"
            size="sm"
            onClick={() => set('breaks', [...draft.breaks, { start: draft.start, end: draft.start }])}
          >
            {m.addBreak}
          </Button>
        </fieldset>
        <div className="d-flex gap-2 mt-3">
          <Button type="submit" disabled={pending}>
            {id ? m.save : m.add}
          </Button>
          {onCancel && (
            <Button variant="outline-secondary" onClick={onCancel}>
              {m.cancel}
            </Button>
          )}
        </div>
      </Form>
    </>
  );
}
