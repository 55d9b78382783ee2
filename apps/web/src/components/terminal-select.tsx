/**
 * A terminal's large select under its label: a first blank choice (`blank`), then `options` as
 * [value, text] pairs; `onChange` gets the chosen value ('' for the blank one).
 */
export function TerminalSelect({
  id,
  label,
  labelClassName = 'form-label',
  value,
  onChange,
  blank,
  options,
}: {
  id: string;
  label: string;
  labelClassName?: string;
  value: string;
  onChange: (value: string) => void;
  blank: string;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select id={id} className="form-select form-select-lg" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{blank}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </>
  );
}
