import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';

/** The Editar / Eliminar footer of the cards in the admin grids and the paradas history. */
export function CardActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <Card.Footer className="d-flex gap-2 justify-content-end bg-transparent">
      <Button size="sm" variant="outline-primary" onClick={onEdit}>
        Editar
      </Button>
      <Button size="sm" variant="outline-danger" onClick={onDelete}>
        Eliminar
      </Button>
    </Card.Footer>
  );
}
