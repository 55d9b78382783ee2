import { zodResolver } from '@hookform/resolvers/zod';
import { type ExportQuery, exportMessages, exportQuery } from '@portal/contract/planta';
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

/** The checks in the order they are reported: the fields', then the range order (which belongs to no field). */
const ORDER = ['startDate', 'endDate', ''] as const;

/**
 * 'Exportar CSV': a date range (the current month by default), optionally one nave or arco, and
 * the download. `onExport` rejects with the server's error, shown here. `motivoColumns` (the stops
 * export) offers the motivo columns (`columns=motivo`, docs/decisions/017-downtime-records.md).
 */
export function ExportCsvForm({
  onExport,
  busy,
  motivoColumns = false,
}: {
  onExport: (query: ExportQuery) => Promise<unknown>;
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
  } = useForm<ExportQuery>({
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
            <Col xs={6} md>
              <Form.Group controlId="export-start">
                <Form.Label className="mb-1">{exportMessages.from}</Form.Label>
                <Form.Control
                  type="date"
                  isInvalid={!!errors.startDate}
                  {...fieldError(!!errors.startDate, 'export-error')}
                  {...register('startDate')}
                />
              </Form.Group>
            </Col>
            <Col xs={6} md>
              <Form.Group controlId="export-end">
                <Form.Label className="mb-1">{exportMessages.to}</Form.Label>
                <Form.Control
                  type="date"
                  isInvalid={!!errors.endDate}
                  {...fieldError(!!errors.endDate, 'export-error')}
                  {...register('endDate')}
                />
              </Form.Group>
            </Col>
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
              <Col xs={12} md="auto">
                <Form.Check
                  id="export-motivo"
                  className="mb-md-2"
                  label={exportMessages.motivoColumns}
                  checked={watch('columns') === 'motivo'}
                  onChange={(e) => setValue('columns', e.target.checked ? 'motivo' : undefined)}
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
