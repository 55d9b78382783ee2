import { exportMessages, exportQuery } from '@portal/contract/planta';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { errorText } from '@/lib/api';
import { useNaves } from '@/lib/catalog';
import type { ExportParams } from '@/lib/download';
import { useFactoryTz } from '@/lib/factory';
import { currentMonthRange, StopExportChecks } from './export-csv-form';
import { Feedback } from './feedback';

/**
 * 'Exportar CSV' under an admin list's filter bar, so the list has one set of filters: the export takes
 * the applied dates (the current month without them), nave and arco. `motivoColumns` (the stops
 * export) offers the motivo columns (docs/decisions/017-downtime-records.md), the andon's times and
 * 'Por turno' (`StopExportChecks`).
 */
export function ExportFiltered({
  filters,
  onExport,
  busy,
  motivoColumns = false,
}: {
  filters: { from: string; to: string; nave_id: string; arco_sumergido_id: string };
  onExport: (query: ExportParams) => Promise<unknown>;
  busy: boolean;
  motivoColumns?: boolean;
}) {
  const tz = useFactoryTz();
  const naves = useNaves();
  const [columns, setColumns] = useState<string | undefined>(undefined);
  const [by, setBy] = useState<'shift' | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    setFailure(null);
    const month = currentMonthRange(tz);
    const parsed = exportQuery.safeParse({
      startDate: filters.from || month.startDate,
      endDate: filters.to || month.endDate,
      nave: naves.data?.find((n) => String(n.id) === filters.nave_id)?.name ?? '',
      arco_sumergido_id: filters.arco_sumergido_id,
      columns,
      by,
    });
    if (!parsed.success) return setFailure(parsed.error.issues[0]?.message ?? exportMessages.fallback);
    try {
      await onExport(parsed.data);
    } catch (error) {
      setFailure(errorText(error, exportMessages.fallback, exportMessages.fallback));
    }
  };
  return (
    // On the card's white, as the filter bar: the outline button's blue is too light on the page's grey.
    <Card className="mb-3">
      <Card.Body className="py-2">
        {failure && <Feedback className="py-2">{failure}</Feedback>}
        <div className="d-flex flex-wrap align-items-center gap-2">
          {motivoColumns && <StopExportChecks columns={columns} by={by} onColumns={setColumns} onBy={setBy} />}
          <Button variant="outline-primary" size="sm" disabled={busy} onClick={run}>
            {busy ? exportMessages.exporting : exportMessages.button}
          </Button>
        </div>
        <p className="small text-muted mb-0 mt-1">{exportMessages.fromFilters}</p>
      </Card.Body>
    </Card>
  );
}
