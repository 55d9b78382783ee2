import { WEEKDAY_NAMES } from '@portal/contract/downtime';
import { longDate } from '@portal/contract/format';
import { shiftMessages as m, type ShiftDefinition } from '@portal/contract/shifts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { ActionColumnHeads } from '@/components/action-column-heads';
import { DateField } from '@/components/date-field';
import { useNaves } from '@/lib/catalog';
import type { RunChange } from '../api/change-calendar';
import { crossesMidnight } from './shift-form';

/**
 * 'Turnos en vigor': each shift as it is today (or as last defined), its next change, and its
 * 'Editar' and 'Retirar' (from a date on, asked in the row itself).
 */
export function ShiftsTable({
  shifts,
  today,
  run,
  pending,
  onEdit,
}: {
  shifts: ShiftDefinition[];
  today: string;
  run: RunChange;
  pending: boolean;
  onEdit: (shift: ShiftDefinition) => void;
}) {
  const naves = useNaves();
  const [retiring, setRetiring] = useState<{ id: number; from: string } | null>(null);
  const naveName = (id: number | null) => (id === null ? m.allNaves : (naves.data?.find((n) => n.id === id)?.name ?? '?'));
  return (
    <Table responsive size="sm" className="align-middle">
      <ActionColumnHeads labels={[m.name, m.start, m.end, m.weekdays, m.breaks, m.nave]} actions={m.edit} />
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
                <span aria-hidden="true">{v.weekdays.map((d) => m.dayInitials[d - 1]).join(' ')}</span>
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
                        allowEmpty
                      />
                    </Form.Group>
                    <Button type="submit" size="sm" variant="danger" disabled={pending}>
                      {m.retire}
                    </Button>
                    <Button size="sm" variant="outline-secondary" onClick={() => setRetiring(null)}>
                      {m.cancel}
                    </Button>
                  </Form>
                ) : (
                  <>
                    <Button size="sm" variant="outline-primary" className="me-2" onClick={() => onEdit(s)}>
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
  );
}
