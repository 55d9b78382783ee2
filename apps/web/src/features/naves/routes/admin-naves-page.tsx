import { arcosCountText, type NaveWithCount, naveMessages, naveScreenTexts } from '@portal/contract/naves';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { AdminListPage } from '@/components/admin-list';
import { useDeleteNave } from '../api/delete-nave';
import { useAdminNaves } from '../api/get-admin-naves';
import { AddNaveForm } from '../components/add-nave-form';
import { RenameNaveModal } from '../components/rename-nave-modal';

const texts = { ...naveMessages, ...naveScreenTexts };

/** Admin 'Naves': the sites with their arco counts; add, rename, delete (a nave with arcos or records answers 409). */
export default function AdminNavesPage() {
  const naves = useAdminNaves();
  const remove = useDeleteNave();
  return (
    <AdminListPage<NaveWithCount>
      texts={texts}
      style={{ maxWidth: 720 }}
      query={naves}
      remove={remove}
      addForm={(report) => <AddNaveForm onResult={report} />}
      list={(items, actions) => (
        <ListGroup>
          {items.map((nave) => (
            <ListGroup.Item key={nave.id} className="d-flex flex-wrap align-items-center gap-2" data-testid="nave-item">
              <span className="fw-semibold me-auto">{nave.name}</span>
              <Badge bg="secondary" pill>
                {arcosCountText(nave.arcos_count)}
              </Badge>
              <Button size="sm" variant="outline-primary" onClick={() => actions.edit(nave)}>
                {naveScreenTexts.edit}
              </Button>
              <Button size="sm" variant="outline-danger" onClick={() => actions.remove(nave)}>
                {naveScreenTexts.remove}
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      editor={(nave, close) => <RenameNaveModal nave={nave} {...close} />}
      describe={(nave) => nave.name}
    />
  );
}
