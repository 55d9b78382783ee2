import type { Tramo } from '@portal/contract/tramos';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';

/** 'Ver detalles': the circular's detail page. */
export function TramoDetailsLink({ tramo }: { tramo: Tramo }) {
  return (
    <Link to={`/dashboard/tramo/${tramo.id}`} className="btn btn-outline-secondary btn-sm">
      Ver detalles
    </Link>
  );
}

/** 'Editar' on a circular's card, named after its ID Tramo for screen readers. */
export function EditTramoButton({ tramo, onClick }: { tramo: Tramo; onClick: () => void }) {
  return (
    <Button variant="primary" size="sm" onClick={onClick} aria-label={`Editar tramo ${tramo.id_tramo}`}>
      Editar
    </Button>
  );
}
