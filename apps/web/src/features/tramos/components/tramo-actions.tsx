import type { Tramo } from '@portal/contract/tramos';
import { tramoScreenTexts } from '@portal/contract/tramos';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';

/** 'Ver detalles': the circular's detail page. */
export function TramoDetailsLink({ tramo }: { tramo: Tramo }) {
  return (
    <Link to={`/dashboard/tramo/${tramo.id}`} className="btn btn-outline-secondary btn-sm">
      {tramoScreenTexts.details}
    </Link>
  );
}

/** 'Editar' on a circular's card, named after its ID Tramo for screen readers. */
export function EditTramoButton({ tramo, onClick }: { tramo: Tramo; onClick: () => void }) {
  return (
    <Button variant="primary" size="sm" onClick={onClick} aria-label={tramoScreenTexts.editLabel(tramo.id_tramo)}>
      {tramoScreenTexts.edit}
    </Button>
  );
}

/** 'Eliminar' on a circular's card or row, named after its ID Tramo for screen readers. */
export function DeleteTramoButton({ tramo, onClick }: { tramo: Tramo; onClick: () => void }) {
  return (
    <Button variant="danger" size="sm" onClick={onClick} aria-label={tramoScreenTexts.removeLabel(tramo.id_tramo)}>
      {tramoScreenTexts.remove}
    </Button>
  );
}
