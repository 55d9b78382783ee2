import { shiftMessages } from '@portal/contract/shifts';
import { es } from 'date-fns/locale';
import DatePicker, { registerLocale } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';

registerLocale('es', es);

const pad = (n: number) => String(n).padStart(2, '0');
/** A plain 'YYYY-MM-DD' as the picker's local date, and back. */
const toDate = (value: string) => (value ? new Date(`${value}T12:00:00`) : null);
const toPlain = (d: Date | null) => (d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '');

/** A factory date field in Spanish (react-datepicker, dd/mm/aaaa), holding 'YYYY-MM-DD'. */
export default function DateField({
  id,
  value,
  onChange,
  min,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
}) {
  return (
    <DatePicker
      id={id}
      selected={toDate(value)}
      onChange={(d: Date | null) => onChange(toPlain(d))}
      minDate={(min && toDate(min)) || undefined}
      dateFormat="dd/MM/yyyy"
      locale="es"
      placeholderText={shiftMessages.datePlaceholder}
      className="form-control"
      autoComplete="off"
    />
  );
}
