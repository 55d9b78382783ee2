import { DATE_PLACEHOLDER } from '@portal/contract/format';
import { es } from 'date-fns/locale';
import Form from 'react-bootstrap/Form';
import DatePicker, { registerLocale } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';

registerLocale('es', es);

const pad = (n: number) => String(n).padStart(2, '0');
/** A plain 'YYYY-MM-DD' as the picker's local date, and back. */
const toDate = (value: string) => (value ? new Date(`${value}T12:00:00`) : null);
const toPlain = (d: Date | null) => (d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '');

/**
 * A factory date field in Spanish (react-datepicker, dd/mm/aaaa), holding 'YYYY-MM-DD'. With `label`
 * it is a labelled form group of its own. An emptied field keeps its date unless `allowEmpty` (then
 * `onChange('')`, for a form whose check says the date is missing).
 */
export function DateField({
  id,
  value,
  onChange,
  min,
  label,
  allowEmpty = false,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  label?: string;
  allowEmpty?: boolean;
}) {
  const picker = (
    <DatePicker
      id={id}
      selected={toDate(value)}
      onChange={(d: Date | null) => (d || allowEmpty) && onChange(toPlain(d))}
      minDate={(min && toDate(min)) || undefined}
      dateFormat="dd/MM/yyyy"
      locale="es"
      placeholderText={DATE_PLACEHOLDER}
      className="form-control"
      autoComplete="off"
    />
  );
  if (label === undefined) return picker;
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      {picker}
    </Form.Group>
  );
}
