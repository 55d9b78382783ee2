export function Loading({ text = 'Cargando...' }: { text?: string }) {
  return (
    <div className="d-flex align-items-center gap-2 my-3" role="status" aria-live="polite">
      {/* react-bootstrap's Spinner written out: the entry chunk carries this component. */}
      <div className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
