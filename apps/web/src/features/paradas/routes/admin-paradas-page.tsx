import { motivoMessages } from '@portal/contract/motivos';
import { pagingMessages } from '@portal/contract/paging';
import { type Parada, paradaMessages } from '@portal/contract/paradas';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { FilterBar } from '@/components/admin-list-filters';
import { deleteEach, PagedAdminList } from '@/components/admin-list-paged';
import { useListParams } from '@/components/admin-list-params';
import { useStationFields } from '@/components/admin-list-stations';
import { useWorkerField } from '@/components/admin-list-workers';
import { ExportFiltered } from '@/components/export-filtered';
import { formatPlainDate, formatTime } from '@/lib/dates';
import { useMotivos } from '@/lib/motivos';
import { deleteParada } from '../api/delete-parada';
import { useExportParadas } from '../api/export-paradas';
import { useAdminParadas } from '../api/get-admin-paradas';
import { invalidateParadas } from '../api/invalidate';
import { ParadaCard } from '../components/parada-card';
import { paradaEndText } from '../components/parada-end';
import { useParadaDialogs } from '../components/use-parada-dialogs';

const FILTERS = ['from', 'to', 'nave_id', 'arco_sumergido_id', 'user_id', 'motivo_id', 'active'] as const;

/** Admin 'Paradas Kaiser': every user's stops, filtered, sorted and paged by the server, with edit, delete and the CSV export. */
export default function AdminParadasPage() {
  const list = useListParams(FILTERS, { sort: 'date', dir: 'desc' });
  const paradas = useAdminParadas(list.query);
  const actions = useParadaDialogs();
  const exporting = useExportParadas();
  const stationFields = useStationFields();
  const workerField = useWorkerField();
  const motivos = useMotivos();
  const queryClient = useQueryClient();
  const { tz } = actions;
  const rowActions = (p: Parada) => (
    <div className="d-flex gap-1">
      <Button size="sm" variant="outline-primary" onClick={() => actions.edit(p)}>
        Editar
      </Button>
      <Button size="sm" variant="outline-danger" onClick={() => actions.remove(p)}>
        Eliminar
      </Button>
    </div>
  );

  return (
    <div>
      <h1 className="h4 mb-3">Paradas Kaiser</h1>
      <FilterBar
        values={list.filters}
        onApply={list.setFilters}
        fields={[
          { name: 'from', label: pagingMessages.from, type: 'date' },
          { name: 'to', label: pagingMessages.to, type: 'date' },
          ...stationFields,
          workerField,
          {
            name: 'motivo_id',
            label: pagingMessages.motivo,
            type: 'select',
            // Retired motivos too: older stops keep them.
            options: () => (motivos.data ?? []).map((m) => ({ value: String(m.id), label: m.name })),
          },
          { name: 'active', label: pagingMessages.activeOnly, type: 'checkbox' },
        ]}
      />
      <ExportFiltered filters={list.filters} onExport={exporting.mutateAsync} busy={exporting.isPending} motivoColumns />
      {actions.banner}
      <PagedAdminList
        query={paradas}
        params={list}
        testId="parada"
        rowTestId="parada-row"
        texts={{
          caption: 'Paradas Kaiser',
          loading: paradaMessages.loading,
          fallback: paradaMessages.adminLoadFallback,
          network: paradaMessages.adminLoadNetwork,
          empty: paradaMessages.adminEmpty,
          one: 'parada Kaiser',
          many: 'paradas Kaiser',
        }}
        label={(p) => `parada de ${p.user_name} del ${formatPlainDate(p.date)} a las ${formatTime(p.start_time, tz)}`}
        columns={[
          { id: 'date', header: 'Fecha', sort: 'date', cell: (p) => formatPlainDate(p.date) },
          { id: 'user', header: 'Trabajador', cell: (p) => p.user_name },
          { id: 'arco', header: 'Arco Sumergido', cell: (p) => p.arco_sumergido_name || paradaMessages.noArcoName },
          { id: 'start', header: 'Inicio', cell: (p) => formatTime(p.start_time, tz) },
          { id: 'end', header: 'Fin', cell: (p) => paradaEndText(p, tz) },
          {
            id: 'duration',
            header: 'Duración',
            sort: 'duration',
            cell: (p) => (p.duration_minutes === null ? paradaMessages.noDuration : `${p.duration_minutes} min`),
          },
          { id: 'motivo', header: motivoMessages.label, cell: (p) => p.motivo_name || motivoMessages.none },
          { id: 'description', header: 'Descripción', cell: (p) => p.description || paradaMessages.noDescription },
          { id: 'actions', header: pagingMessages.actions, cell: rowActions },
        ]}
        card={(p, select) => (
          <div>
            {select}
            <ParadaCard parada={p} tz={tz} showUser onEdit={() => actions.edit(p)} onDelete={() => actions.remove(p)} />
          </div>
        )}
        onDeleteMany={async (items) => {
          const done = await deleteEach(items, (p) => deleteParada(p.id));
          await invalidateParadas(queryClient);
          return done;
        }}
      />
      {actions.dialogs}
    </div>
  );
}
