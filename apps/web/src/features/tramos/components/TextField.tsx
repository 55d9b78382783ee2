import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A labelled input of the circular forms; `textarea` for the description. */
export function TextField({
  id,
  label,
  registration,
  invalid = false,
  type = 'text',
  textarea = false,
  className = 'mb-3',
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  invalid?: boolean;
  type?: 'text' | 'date';
  textarea?: boolean;
  className?: string;
}) {
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {textarea ? (
        <Form.Control as="textarea" rows={3} isInvalid={invalid} {...registration} />
      ) : (
        <Form.Control type={type} isInvalid={invalid} {...registration} />
      )}
    </Form.Group>
  );
}
