import { pagingMessages } from '@portal/contract/paging';
import { adminListFallback, type Tramo, tramoAdminTexts, tramoMessages, tramoScreenTexts } from '@portal/contract/tramos';
import { useState } from 'react';
import { Link } from 'react-router';
import { DATE_RANGE_FIELDS, FilterBar } from '@/components/admin-list-filters';
import { deleteEach, PagedAdminList } from '@/components/admin-list-paged';
import { useListParams } from '@/components/admin-list-params';
import { useStationFields } from '@/components/admin-list-stations';
import { ADMIN_SUCCESS_MS, Banner, type BannerMessage } from '@/components/banner';
import { ConfirmModal } from '@/components/confirm-modal';
import { ExportCsvForm } from '@/components/export-csv-form';
import { useConfirmDelete } from '@/components/use-confirm-delete';
import { ApiError } from '@/lib/api';
import { formatPlainDate } from '@/lib/dates';
import { useDeleteTramo } from '../api/delete-tramo';
import { useExportTramos } from '../api/export-tramos';
import { useTramoPage } from '../api/get-tramo-page';
import { DeleteTramoButton, EditTramoButton } from '../components/tramo-actions';
import { TramoCard } from '../components/tramo-card';
import { TramoEditModal } from '../components/tramo-edit-modal';

const FILTERS = ['q', 'from', 'to', 'nave_id', 'arco_sumergido_id'] as const;

/** Admin circulares: filtered, sorted and paged by the server, with edit, delete (one or several) and the CSV export. */
export default function AdminCircularesPage() {
  const list = useListParams(FILTERS, { sort: 'circular_fecha', dir: 'desc' });
  const page = useTramoPage(list.query);
  const stationFields = useStationFields();
  const [editing, setEditing] = useState<Tramo | null>(null);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const showSuccess = (text: string) => setBanner({ variant: 'success', text });
  const exporting = useExportTramos();
  const remove = useDeleteTramo({ adminArea: true });
  const deletion = useConfirmDelete({
    mutation: remove,
    variables: (t: Tramo) => t.id,
    fallback: tramoMessages.adminDeleteFallback,
    network: tramoMessages.adminDeleteNetwork,
    onDeleted: () => showSuccess(tramoMessages.adminDeleted),
  });
  const actions = (t: Tramo) => (
    <>
      <EditTramoButton tramo={t} onClick={() => setEditing(t)} />
      <DeleteTramoButton tramo={t} onClick={() => deletion.ask(t)} />
    </>
  );
  const failure = page.error instanceof ApiError ? adminListFallback(page.error.status) : tramoMessages.adminListNetwork;

  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0">{tramoAdminTexts.title}</h1>
        <Link to="/dashboard/add-circular" className="btn btn-success">
          {tramoAdminTexts.addNew}
        </Link>
      </div>
      <ExportCsvForm onExport={exporting.mutateAsync} busy={exporting.isPending} />
      <FilterBar
        values={list.filters}
        onApply={list.setFilters}
        fields={[{ name: 'q', label: pagingMessages.search, type: 'text' }, ...DATE_RANGE_FIELDS, ...stationFields]}
      />
      <Banner message={banner} onClose={() => setBanner(null)} autoHideMs={ADMIN_SUCCESS_MS} successOnly />
      <PagedAdminList
        query={page}
        params={list}
        testId="tramo"
        rowTestId="tramo-row"
        texts={{
          caption: tramoAdminTexts.title,
          loading: tramoMessages.loading,
          fallback: failure,
          network: tramoMessages.adminListNetwork,
          empty: tramoMessages.empty,
          one: tramoAdminTexts.one,
          many: tramoAdminTexts.many,
        }}
        label={(t) => tramoAdminTexts.rowLabel(t.id_tramo)}
        columns={[
          { id: 'id_tramo', header: tramoScreenTexts.idTramoLabel, sort: 'id_tramo', cell: (t) => t.id_tramo },
          { id: 'id_proyecto', header: tramoScreenTexts.idProyectoLabel, cell: (t) => t.id_proyecto },
          { id: 'id_circular', header: tramoScreenTexts.idCircularLabel, cell: (t) => t.id_circular },
          {
            id: 'circular_fecha',
            header: tramoScreenTexts.dateLabel,
            sort: 'circular_fecha',
            cell: (t) => formatPlainDate(t.circular_fecha),
          },
          { id: 'where', header: tramoScreenTexts.arcoLabel, cell: (t) => `${t.arco_sumergido_name} (${t.nave})` },
          { id: 'user', header: tramoAdminTexts.worker, cell: (t) => t.user_name },
          { id: 'actions', header: pagingMessages.actions, cell: (t) => <div className="d-flex gap-1">{actions(t)}</div> },
        ]}
        card={(t, select) => (
          <div>
            {select}
            <TramoCard tramo={t} actions={actions(t)} />
          </div>
        )}
        onDeleteMany={(items) => deleteEach(items, (t) => remove.mutateAsync(t.id))}
      />
      <TramoEditModal
        area="admin"
        tramo={editing}
        onHide={() => setEditing(null)}
        onSaved={(text) => {
          setEditing(null);
          showSuccess(text);
        }}
      />
      <ConfirmModal {...deletion.dialog}>
        <p className="mb-0">{tramoMessages.confirmDelete}</p>
        {deletion.pending && <p className="mb-0 fw-semibold">{deletion.pending.id_tramo}</p>}
      </ConfirmModal>
    </div>
  );
}
