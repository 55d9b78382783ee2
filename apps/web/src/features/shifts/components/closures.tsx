import { zodResolver } from '@hookform/resolvers/zod';
import { longDate } from '@portal/contract/format';
import { type Closure, type ClosureBody, closureBody, shiftMessages as m } from '@portal/contract/shifts';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { ActionColumnHeads } from '@/components/action-column-heads';
import { DateField } from '@/components/date-field';
import { Feedback } from '@/components/feedback';
import { NamedOptions } from '@/components/select-options';
import { useServerForm } from '@/components/use-server-form';
import { fieldError } from '@/lib/field-error';
import type { RunChange } from '../api/change-calendar';

/** A shift of the calendar as the closures name it. */
export interface ShiftChoice {
  id: number;
  name: string;
}

/**
 * 'Marcar como no trabajado': a day, or one shift of it, from today on, checked with the contract's
 * `closureBody` before it is sent; the check's or the server's message shows beside the fields.
 */
export function ClosureForm({ shifts, today, run, pending }: { shifts: ShiftChoice[]; today: string; run: RunChange; pending: boolean }) {
  const empty: ClosureBody = { date: today, shift_id: null, reason: '' };
  const { register, watch, setValue, reset, submit, errors, message, fail, formState } = useServerForm({
    resolver: zodResolver(closureBody),
    defaultValues: empty,
    order: ['date', 'shift_id', 'reason'],
    texts: { fallback: m.saveFailed, network: m.saveFailed },
  });
  const [date, shiftId] = watch(['date', 'shift_id']);
  const check = { shouldValidate: formState.isSubmitted };
  const onSubmit = submit((body) => run({ kind: 'close', body }, () => reset(empty), fail));
  return (
    <>
      {message && <Feedback id="closure-error">{message}</Feedback>}
      <Form noValidate className="d-flex flex-wrap gap-3 align-items-end mb-3" aria-label={m.addClosure} onSubmit={onSubmit}>
        <Form.Group controlId="closure-date">
          <Form.Label>{m.closureDate}</Form.Label>
          <DateField id="closure-date" value={date} onChange={(v) => setValue('date', v, check)} min={today} allowEmpty />
        </Form.Group>
        <Form.Group controlId="closure-shift" className="mw-100">
          <Form.Label>{m.closureShift}</Form.Label>
          <Form.Select value={shiftId ?? ''} onChange={(e) => setValue('shift_id', e.target.value ? Number(e.target.value) : null, check)}>
            <option value="">{m.wholeDay}</option>
            <NamedOptions items={shifts} />
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="closure-reason">
          <Form.Label>{m.reason}</Form.Label>
          <Form.Control
            maxLength={120}
            isInvalid={!!errors.reason}
            {...fieldError(!!errors.reason, 'closure-error')}
            {...register('reason')}
          />
        </Form.Group>
        <Button type="submit" disabled={pending}>
          {m.addClosure}
        </Button>
      </Form>
    </>
  );
}

/** The days and shifts marked as not worked from today on, each with its 'Quitar'. */
export function ClosuresTable({
  closures,
  shiftName,
  run,
}: {
  closures: Closure[];
  shiftName: (id: number | null) => string;
  run: RunChange;
}) {
  return (
    <Table size="sm" className="align-middle">
      <ActionColumnHeads labels={[m.closureDate, m.closureShift, m.reason]} actions={m.deleteClosure} />
      <tbody>
        {closures.map((c) => (
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
  );
}
