import type { FormEventHandler, ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';

/** The frame of both circular edit modals: title, first error, body, 'Cerrar' and 'Guardar cambios'. */
export function EditModalFrame({
  id,
  show,
  message,
  busy,
  onHide,
  onSubmit,
  children,
}: {
  id: string;
  show: boolean;
  message: string | null | undefined;
  busy: boolean;
  onHide: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Modal show={show} onHide={onHide} centered scrollable aria-labelledby={`${id}-title`}>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id={`${id}-title`}>Editar Circular</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {message && (
            <Alert variant="danger" role="alert">
              {message}
            </Alert>
          )}
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
