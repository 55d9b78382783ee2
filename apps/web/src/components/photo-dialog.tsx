import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

/** The full-screen dialog of a photo: its title, the photo whole, and 'Cerrar' (Escape closes it too). */
export default function PhotoDialog({
  show,
  src,
  alt,
  title,
  onHide,
}: {
  show: boolean;
  src: string;
  alt: string;
  title: ReactNode;
  onHide: () => void;
}) {
  return (
    <Modal show={show} onHide={onHide} fullscreen className="photo-viewer" aria-labelledby="photo-dialog-title">
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title as="h2" className="h5" id="photo-dialog-title">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <img src={src} alt={alt} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          Cerrar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
