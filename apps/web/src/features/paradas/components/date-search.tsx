import { DATE_PLACEHOLDER } from '@portal/contract/format';
import { paradaScreenTexts } from '@portal/contract/paradas-screen-messages';
import { es } from 'date-fns/locale';
import DatePicker, { registerLocale } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';

registerLocale('es', es);

/**
 * The history's date search (react-datepicker and its styles), in its own chunk: the stops screen
 * paints its history first and this field arrives after (paradas-history.tsx holds its place).
 */
export default function DateSearch({ id, date, onChange }: { id: string; date: Date | null; onChange: (value: Date | null) => void }) {
  return (
    <DatePicker
      id={id}
      selected={date}
      onChange={onChange}
      dateFormat="dd/MM/yyyy"
      locale="es"
      placeholderText={DATE_PLACEHOLDER}
      isClearable
      clearButtonTitle={paradaScreenTexts.clearDate}
      className="form-control"
      autoComplete="off"
    />
  );
}
