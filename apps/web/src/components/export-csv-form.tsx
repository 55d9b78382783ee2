import { zodResolver } from '@hookform/resolvers/zod';
import { andonMessages } from '@portal/contract/andon';
import { EXPORT_COLUMN_SETS, type ExportQuery, exportMessages, exportQuery } from '@portal/contract/planta';
import { addDays, addMonths, factoryMonth } from '@portal/contract/time';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { errorText } from '@/lib/api';
import { useArcos, useNaves } from '@/lib/catalog';
import type { ExportParams } from '@/lib/download';
import { useFactoryTz } from '@/lib/factory';
import { fieldError } from '@/lib/field-error';
import { firstError } from '@/lib/first-error';
import { CatalogSelect } from './catalog-select';
import { Feedback } from './feedback';

/** The factory's current month as an inclusive date range. */
export function currentMonthRange(tz: string, now = new Date()): { startDate: string; endDate: string } {
  const month = factoryMonth(now, tz);
  return { startDate: `${month}-01`, endDate: addDays(`${addMonths(month, 1)}-01`, -1) };
}

type ColumnSet = (typeof EXPORT_COLUMN_SETS)[number];

/** The optional column sets of the stops export, each with its check box's label. */
export const COLUMN_LABELS: Record<ColumnSet, string> = { motivo: exportMessages.motivoColumns, andon: andonMessages.csvColumns };

/** The chosen column sets with one ticked or unticked, as the comma list the contract reads (in its order). */
export function withColumnSet(current: string | undefined, set: ColumnSet, on: boolean): string | undefined {
  const chosen = new Set((current ?? '').split(',').filter(Boolean));
  if (on) chosen.add(set);
  else chosen.delete(set);
  return EXPORT_COLUMN_SETS.filter((c) => chosen.has(c)).join(',') || undefined;
}

/**
 * The stops export's choices: its optional column sets and 'Por turno', a row per stop and shift part
 * (`by=shift`, docs/decisions/049-stops-csv-by-shift.md).
 */
export function StopExportChecks({
  columns,
  by,
  onColumns,
  onBy,
  className,
}: {
  columns: string | undefined;
  by: string | undefined;
  onColumns: (columns: string | undefined) => void;
  onBy: (by: 'shift' | undefined) => void;
  className?: string;
}) {
  return (
    <>
      {EXPORT_COLUMN_SETS.map((set) => (
        <Form.Check
          key={set}
          id={`export-${set}`}
          className={className}
          label={COLUMN_LABELS[set]}
          checked={(columns ?? '').split(',').includes(set)}
          onChange={(e) => onColumns(withColumnSet(columns, set, e.target.checked))}
        />
      ))}
      <Form.Check
        id="export-by-shift"
        className={className}
        label={exportMessages.byShift}
        checked={by === 'shift'}
        onChange={(e) => onBy(e.target.checked ? 'shift' : undefined)}
      />
    </>
  );
}

/** The checks in the order they are reported: the fields', then the range order (which belongs to no field). */
const ORDER = ['startDate', 'endDate', ''] as const;
/** The range's two date fields, in that order. */
const RANGE = [
  { name: 'startDate', id: 'export-start', label: exportMessages.from },
  { name: 'endDate', id: 'export-end', label: exportMessages.to },
] as const;

/**
 * 'Exportar CSV': a date range (the current month by default), optionally one nave or arco, and
 * the download. `onExport` rejects with the server's error, shown here. `motivoColumns` (the stops
 * export) offers the motivo columns (`columns=motivo`, docs/decisions/017-downtime-records.md), and
 * with them the andon's times (`andon`, docs/decisions/043-andon.md) and 'Por turno' (`StopExportChecks`).
 */
export function ExportCsvForm({
  onExport,
  busy,
  motivoColumns = false,
}: {
  onExport: (query: ExportParams) => Promise<unknown>;
  busy: boolean;
  motivoColumns?: boolean;
}) {
  const tz = useFactoryTz();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<ExportQuery, unknown, ExportParams>({
    resolver: zodResolver(exportQuery),
    defaultValues: { ...currentMonthRange(tz), nave: '', arco_sumergido_id: '' },
  });
  const nave = watch('nave') ?? '';
  const naves = useNaves();
  const arcos = useArcos(nave);

  const onSubmit = handleSubmit(async (query) => {
    setFailure(null);
    try {
      await onExport(query);
    } catch (error) {
      setFailure(errorText(error, exportMessages.fallback, exportMessages.fallback));
    }
  });

  const message = firstError(errors, ORDER) ?? failure;
  return (
    <Card className="mb-3">
      <Card.Body>
        <Form noValidate onSubmit={onSubmit} aria-label={exportMessages.button}>
          {message && (
            <Feedback className="py-2" id="export-error">
              {message}
            </Feedback>
          )}
          <Row className="g-2 align-items-end">
            {RANGE.map(({ name, id, label }) => (
              <Col key={name} xs={6} md>
                <Form.Group controlId={id}>
                  <Form.Label className="mb-1">{label}</Form.Label>
                  <Form.Control
                    type="date"
                    isInvalid={!!errors[name]}
                    {...fieldError(!!errors[name], 'export-error')}
                    {...register(name)}
                  />
                </Form.Group>
              </Col>
            ))}
            <Col xs={12} sm={6} md>
              <CatalogSelect
                id="export-nave"
                label={exportMessages.nave}
                labelClassName="mb-1"
                by="name"
                items={naves.data}
                first={exportMessages.allNaves}
                {...register('nave', {
                  // Another nave's arco cannot stay chosen.
                  onChange: () => setValue('arco_sumergido_id', ''),
                })}
              />
            </Col>
            <Col xs={12} sm={6} md>
              <CatalogSelect
                id="export-arco"
                label={exportMessages.arco}
                labelClassName="mb-1"
                by="id"
                items={arcos.data}
                first={exportMessages.allArcos}
                disabled={!nave}
                {...register('arco_sumergido_id')}
              />
            </Col>
            {motivoColumns && (
              <Col xs={12} md="auto" className="d-md-flex gap-3">
                <StopExportChecks
                  className="mb-md-2"
                  columns={watch('columns')}
                  by={watch('by')}
                  onColumns={(columns) => setValue('columns', columns)}
                  onBy={(by) => setValue('by', by)}
                />
              </Col>
            )}
            <Col xs={12} md="auto">
              <Button type="submit" variant="outline-primary" className="w-100" disabled={busy}>
                {busy ? exportMessages.exporting : exportMessages.button}
              </Button>
            </Col>
          </Row>
        </Form>
      </Card.Body>
    </Card>
  );
}
