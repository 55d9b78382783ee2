import { WELD_PROCESS_NUMBERS, WELD_PROCESSES } from '@portal/contract/welds';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { type FieldErrors, type FieldValues, get, type Path, type RegisterOptions, type UseFormRegister } from 'react-hook-form';
import { fieldError } from '@/lib/field-error';

/** A weld form's submit button (its `saving` text while the save runs) and, where the form can be closed, its cancel link. */
export function SaveAndCancel({
  pending,
  disabled = false,
  save,
  saving,
  cancel,
  onCancel,
}: {
  pending: boolean;
  disabled?: boolean;
  save: string;
  saving: string;
  /** The cancel link's text, where the form can be closed (`onCancel`). */
  cancel?: string;
  onCancel?: () => void;
}) {
  return (
    <>
      <Button type="submit" disabled={pending || disabled}>
        {pending ? saving : save}
      </Button>
      {onCancel && (
        <Button variant="link" onClick={onCancel}>
          {cancel}
        </Button>
      )}
    </>
  );
}

/** The weld processes as a select's options: their ISO 4063 number and name. */
export function WeldProcessOptions() {
  return WELD_PROCESS_NUMBERS.map((n) => (
    <option key={n} value={n}>
      {n} · {WELD_PROCESSES[n]}
    </option>
  ));
}

/**
 * How a field is typed: an input of a whole number or a decimal one, or a select of ids (all three read
 * as numbers), or a date; else text or a select's text value.
 */
const KINDS = {
  number: { type: 'number', inputMode: 'numeric' },
  decimal: { type: 'number', inputMode: 'decimal', step: 'any' },
  id: {},
  date: { type: 'date' },
} as const;

/**
 * The props of a weld form's control (useServerForm's `register` and `errors`, checked with the
 * contract's schema): its registration and type, and when invalid Bootstrap's red border,
 * `aria-invalid`, and `aria-describedby` to the form's one error message (`errorId`). A name may reach
 * into a list (`defects.0.code`).
 */
export function weldFields<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>, errorId: string) {
  return (name: Path<T>, kind?: keyof typeof KINDS) => {
    const invalid = !!get(errors, name);
    return {
      isInvalid: invalid,
      ...fieldError(invalid, errorId),
      ...(kind && KINDS[kind]),
      ...register(name, { valueAsNumber: !!kind && kind !== 'date' } as RegisterOptions<T, Path<T>>),
    };
  };
}

/** One labelled field of a weld form (its control's props from weldFields): a select of `children` (its options) when given, else an input. */
export function WeldField({
  id,
  label,
  className,
  children,
  ...control
}: ReturnType<ReturnType<typeof weldFields>> & { id: string; label: string; className?: string; children?: ReactNode }) {
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {children ? <Form.Select {...control}>{children}</Form.Select> : <Form.Control {...control} />}
    </Form.Group>
  );
}
