import type { Tramo } from '@portal/contract/tramos';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_SUCCESS_MS, Banner, type BannerMessage } from '@/components/banner';
import { ExportCsvForm } from '@/components/export-csv-form';
import { useExportTramos } from '../api/export-tramos';
import { EditTramoButton } from '../components/tramo-actions';
import { TramoEditModal } from '../components/tramo-edit-modal';
import { TramoGrid } from '../components/tramo-grid';

/** Admin circulares: card grid with edit and delete, and the CSV export. */
export default function AdminCircularesPage() {
  const [editing, setEditing] = useState<Tramo | null>(null);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const showSuccess = (text: string) => setBanner({ variant: 'success', text });
  const exporting = useExportTramos();

  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0">Circulares</h1>
        <Link to="/dashboard/add-circular" className="btn btn-success">
          Añadir nueva circular
        </Link>
      </div>
      <ExportCsvForm onExport={exporting.mutateAsync} busy={exporting.isPending} />
      <Banner message={banner} onClose={() => setBanner(null)} autoHideMs={ADMIN_SUCCESS_MS} successOnly />
      <TramoGrid area="admin-area" actions={(t) => <EditTramoButton tramo={t} onClick={() => setEditing(t)} />} onDeleted={showSuccess} />
      <TramoEditModal
        area="admin"
        tramo={editing}
        onHide={() => setEditing(null)}
        onSaved={(text) => {
          setEditing(null);
          showSuccess(text);
        }}
      />
    </div>
  );
}
