import { zodResolver } from '@hookform/resolvers/zod';
import { capitalize, MONTHS } from '@portal/contract/format';
import { REPAIR_RATE_GROUPS } from '@portal/contract/welds';
import { type FiguresPick, figuresPick, weldFiguresMessages as t } from '@portal/contract/welds-figures';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Feedback } from '@/components/feedback';
import { useServerForm } from '@/components/use-server-form';
import type { FiguresRequest } from '../api/figures';
import { WeldField, weldFields } from './form-actions';

const ERROR_ID = 'figures-error';
/** The years offered: this one and the five before it. */
const YEARS = 6;

/** The month (its name and year, in Spanish) and the repair rate's grouping, checked with the contract's schema. */
export function FiguresForm({ initial, onPick }: { initial: FiguresRequest; onPick: (request: FiguresRequest) => void }) {
  const [year, month] = initial.month.split('-');
  const { register, submit, errors, message } = useServerForm({
    resolver: zodResolver(figuresPick),
    defaultValues: { year, month, by: initial.by } satisfies FiguresPick,
    order: ['month', 'year', 'by'],
    texts: { fallback: t.figuresLoadFailed, network: t.network },
  });
  const field = weldFields(register, errors, ERROR_ID);
  const years = Array.from({ length: YEARS }, (_, i) => String(Number(year) - i));
  return (
    <Form
      noValidate
      className="card card-body mb-4"
      aria-label={t.figuresTitle}
      onSubmit={submit((v) => onPick({ month: `${v.year}-${v.month}`, by: v.by }))}
    >
      {message && <Feedback id={ERROR_ID}>{message}</Feedback>}
      <Row className="g-2 align-items-end" xs={1} sm={2} md={4}>
        <Col>
          <WeldField id="figures-month" label={t.month} {...field('month')}>
            {MONTHS.map((name, i) => (
              <option key={name} value={String(i + 1).padStart(2, '0')}>
                {capitalize(name)}
              </option>
            ))}
          </WeldField>
        </Col>
        <Col>
          <WeldField id="figures-year" label={t.year} {...field('year')}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </WeldField>
        </Col>
        <Col>
          <WeldField id="figures-by" label={t.group} {...field('by')}>
            {REPAIR_RATE_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t.groupName[g]}
              </option>
            ))}
          </WeldField>
        </Col>
        <Col>
          <Button type="submit">{t.show}</Button>
        </Col>
      </Row>
    </Form>
  );
}
