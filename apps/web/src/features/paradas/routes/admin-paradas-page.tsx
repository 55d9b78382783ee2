import { paradaMessages } from '@portal/contract/paradas';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { ExportCsvForm } from '@/components/export-csv-form';
import { ListStatus } from '@/components/list-status';
import { useExportParadas } from '../api/export-paradas';
import { useParadas } from '../api/get-paradas';
import { ParadaCard } from '../components/parada-card';
import { useParadaDialogs } from '../components/use-parada-dialogs';

/** Admin 'Paradas Kaiser': every user's paradas (the newest 200) with edit and delete, and the CSV export. */
export default function AdminParadasPage() {
  const paradas = useParadas({});
  const actions = useParadaDialogs();
  const exporting = useExportParadas();

  return (
    <div>
      <h1 className="h4 mb-3">Paradas Kaiser</h1>
      <ExportCsvForm onExport={exporting.mutateAsync} busy={exporting.isPending} />
      {actions.banner}
      <ListStatus
        query={paradas}
        items={paradas.data}
        loading={paradaMessages.loading}
        fallback={paradaMessages.adminLoadFallback}
        network={paradaMessages.adminLoadNetwork}
        empty={paradaMessages.adminEmpty}
      >
        {(items) => (
          <Row xs={1} sm={2} lg={3} xl={4} className="g-3">
            {items.map((p) => (
              <Col key={p.id}>
                <ParadaCard parada={p} tz={actions.tz} showUser onEdit={() => actions.edit(p)} onDelete={() => actions.remove(p)} />
              </Col>
            ))}
          </Row>
        )}
      </ListStatus>
      {actions.dialogs}
    </div>
  );
}
