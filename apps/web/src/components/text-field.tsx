import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
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
  /** Whether an invalid field also takes Bootstrap's red border (`is-invalid`); the ARIA is there either way. */
  markInvalid?: boolean;
}) {
  const a11y = fieldError(invalid, errorId);
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {textarea ? (
        <Form.Control as="textarea" rows={rows} isInvalid={invalid} {...a11y} {...registration} />
      ) : (
        <Form.Control
          type={type}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          isInvalid={markInvalid && invalid}
          {...a11y}
          {...registration}
        />
      )}
    </Form.Group>
  );
}
