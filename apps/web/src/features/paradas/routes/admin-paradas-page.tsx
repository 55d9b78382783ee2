import { motivoMessages } from '@portal/contract/motivos';
import { pagingMessages } from '@portal/contract/paging';
import { paradaAdminTexts, paradaMessages } from '@portal/contract/paradas';
import { paradaScreenTexts } from '@portal/contract/paradas-screen-messages';
import { useQueryClient } from '@tanstack/react-query';
import { DATE_RANGE_FIELDS, FilterBar } from '@/components/admin-list-filters';
import { deleteEach, PagedAdminList } from '@/components/admin-list-paged';
import { useListParams } from '@/components/admin-list-params';
import { useStationFields } from '@/components/admin-list-stations';
import { RowActions } from '@/components/admin-list-table';
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

  return (
    <div>
      <h1 className="h4 mb-3">{paradaAdminTexts.list.caption}</h1>
      <FilterBar
        values={list.filters}
        onApply={list.setFilters}
        fields={[
          ...DATE_RANGE_FIELDS,
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
        texts={paradaAdminTexts.list}
        label={(p) => paradaAdminTexts.rowLabel(p.user_name, formatPlainDate(p.date), formatTime(p.start_time, tz))}
        columns={[
          { id: 'date', header: paradaMessages.dateLabel, sort: 'date', cell: (p) => formatPlainDate(p.date) },
          { id: 'user', header: paradaScreenTexts.workerLabel, cell: (p) => p.user_name },
          { id: 'arco', header: paradaScreenTexts.arcoLabel, cell: (p) => p.arco_sumergido_name || paradaMessages.noArcoName },
          { id: 'start', header: paradaScreenTexts.startLabel, cell: (p) => formatTime(p.start_time, tz) },
          { id: 'end', header: paradaScreenTexts.endLabel, cell: (p) => paradaEndText(p, tz) },
          {
            id: 'duration',
            header: paradaScreenTexts.durationLabel,
            sort: 'duration',
            cell: (p) => (p.duration_minutes === null ? paradaMessages.noDuration : paradaAdminTexts.duration(p.duration_minutes)),
          },
          { id: 'motivo', header: motivoMessages.label, cell: (p) => p.motivo_name || motivoMessages.none },
          { id: 'description', header: paradaScreenTexts.descriptionLabel, cell: (p) => p.description || paradaMessages.noDescription },
          {
            id: 'actions',
            header: pagingMessages.actions,
            cell: (p) => <RowActions onEdit={() => actions.edit(p)} onDelete={() => actions.remove(p)} />,
          },
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
