import { type Arco, arcoMessages, arcoScreenTexts } from '@portal/contract/arcos';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { AdminListPage } from '@/components/admin-list';
import { CardActions } from '@/components/card-actions';
import { useNaves } from '@/lib/catalog';
import { useDeleteArco } from '../api/delete-arco';
import { useAdminArcos } from '../api/get-admin-arcos';
import { AddArcoForm } from '../components/add-arco-form';
import { EditArcoModal } from '../components/edit-arco-modal';

const texts = { ...arcoMessages, ...arcoScreenTexts, title: 'Arcos Sumergidos' };

/** Admin 'Arcos Sumergidos': card grid, inline add form, edit and delete modals. */
export default function AdminArcosPage() {
  const arcos = useAdminArcos();
  const naves = useNaves().data ?? [];
  const remove = useDeleteArco();
  return (
    <AdminListPage<Arco>
      texts={texts}
      query={arcos}
      remove={remove}
      addForm={(report) => <AddArcoForm naves={naves} onResult={report} />}
      list={(items, actions) => (
        <Row xs={1} sm={2} lg={3} xl={4} className="g-3">
          {items.map((arco) => (
            <Col key={arco.id}>
              <Card className="h-100" data-testid="arco-card">
                <Card.Body>
                  <Card.Title className="h6">{arco.name}</Card.Title>
                  <Card.Text className="text-muted small">{arco.nave}</Card.Text>
                </Card.Body>
                <CardActions onEdit={() => actions.edit(arco)} onDelete={() => actions.remove(arco)} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      editor={(arco, close) => <EditArcoModal arco={arco} naves={naves} {...close} />}
      describe={(arco) => `${arco.name} (${arco.nave})`}
    />
  );
}
