import FormControl from 'react-bootstrap/FormControl';
import FormGroup from 'react-bootstrap/FormGroup';
import FormLabel from 'react-bootstrap/FormLabel';
import type { FieldErrors, FieldValues, Path, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';
import { fieldError } from '@/lib/field-error';

/** A labelled input of a react-hook-form form; `textarea` for a description or a post's content. */
export function TextField({
  id,
  label,
  registration,
  invalid = false,
  type = 'text',
  textarea = false,
  rows = 3,
  className = 'mb-3',
  errorId,
  autoComplete,
  autoFocus,
  inputMode,
  markInvalid = true,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  invalid?: boolean;
  type?: 'text' | 'password' | 'date' | 'time';
  textarea?: boolean;
  rows?: number;
  className?: string;
  /** The id of the form's error message: an invalid field points to it (aria-describedby). */
  errorId?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  /** The on-screen keyboard a phone opens ('numeric' for a PIN). */
  inputMode?: 'numeric' | 'text';
  /** Whether an invalid field also takes Bootstrap's red border (`is-invalid`); the ARIA is there either way. */
  markInvalid?: boolean;
}) {
  const a11y = fieldError(invalid, errorId);
  return (
    <FormGroup className={className} controlId={id}>
      <FormLabel>{label}</FormLabel>
      {textarea ? (
        <FormControl as="textarea" rows={rows} isInvalid={invalid} {...a11y} {...registration} />
      ) : (
        <FormControl
          type={type}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          inputMode={inputMode}
          isInvalid={markInvalid && invalid}
          {...a11y}
          {...registration}
        />
      )}
    </FormGroup>
  );
}

/** One field of a TextFields list. */
export interface TextFieldSpec<T extends FieldValues> {
  name: Path<T>;
  id: string;
  label: string;
  type?: 'text' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: 'numeric' | 'text';
  className?: string;
}

/**
 * The text fields of a form, one TextField each, all pointing to the form's one error alert
 * (`errorId`) when invalid; `markInvalid` as in TextField.
 */
export function TextFields<T extends FieldValues>({
  fields,
  register,
  errors,
  errorId,
  markInvalid = true,
}: {
  fields: readonly TextFieldSpec<T>[];
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  errorId: string;
  markInvalid?: boolean;
}) {
  return fields.map(({ name, ...field }) => (
    <TextField key={name} {...field} markInvalid={markInvalid} invalid={!!errors[name]} errorId={errorId} registration={register(name)} />
  ));
}
