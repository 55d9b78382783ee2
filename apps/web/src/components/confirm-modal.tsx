import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Feedback } from './feedback';

/** The delete confirmation of the admin screens: 'Confirmar Eliminación', 'Cancelar', 'Eliminar'. */
export function ConfirmModal({
  show,
  title = 'Confirmar Eliminación',
  children,
  confirmLabel = 'Eliminar',
  busyLabel = 'Eliminando...',
  cancelLabel = 'Cancelar',
  busy = false,
  error,
  onConfirm,
  onCancel,
  onExited,
}: {
  show: boolean;
  title?: string;
  children: ReactNode;
  confirmLabel?: string;
  busyLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** Once the dialog has gone: where focus goes when its opener is no longer usable. */
  onExited?: () => void;
}) {
  return (
    <Modal show={show} onHide={onCancel} onExited={onExited} centered aria-labelledby="confirm-modal-title">
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id="confirm-modal-title">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {error && <Feedback className="mt-3 mb-0">{error}</Feedback>}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
