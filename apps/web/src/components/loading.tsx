import Spinner from 'react-bootstrap/Spinner';

export function Loading({ text = 'Cargando...' }: { text?: string }) {
  return (
    <div className="d-flex align-items-center gap-2 my-3" role="status" aria-live="polite">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
