import type { FormEventHandler, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Feedback } from './feedback';

/**
 * The frame every edit dialog shares: a centered modal holding one form, the title (labelled by `${id}-title`),
 * the first error in a danger alert (id `${id}-error`, which invalid fields point to), the body, and 'Cerrar' plus the submit button, both disabled while busy.
 * `scrollable` lets a long form scroll inside the dialog (the circular editors).
 */
export function EditModalFrame({
  id,
  title,
  show,
  message,
  busy,
  onHide,
  onSubmit,
  scrollable = false,
  children,
}: {
  id: string;
  title: ReactNode;
  show: boolean;
  message: string | null | undefined;
  busy: boolean;
  onHide: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  scrollable?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal show={show} onHide={onHide} centered scrollable={scrollable} aria-labelledby={`${id}-title`}>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id={`${id}-title`}>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {message && <Feedback id={`${id}-error`}>{message}</Feedback>}
          {children}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide} disabled={busy}>
            Cerrar
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Guardando...' : 'Guardar cambios'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
