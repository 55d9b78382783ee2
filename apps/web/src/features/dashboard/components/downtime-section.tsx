import { downtimeMessages } from '@portal/contract/downtime';
import { percentText } from '@portal/contract/format';
import { shiftMessages } from '@portal/contract/shifts';
import { factoryMonth } from '@portal/contract/time';
import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CatalogSelect } from '@/components/catalog-select';
import { Feedback } from '@/components/feedback';
import { useNaves } from '@/lib/catalog';
import { useChosenNave } from '@/lib/catalog-admin';
import { useFactoryTz } from '@/lib/factory';
import { useDowntime } from '../api/get-downtime';
import { AndonFiguresCard } from './andon-figures';
import { ChartCard } from './chart-card';
import { FiguresCard, FiguresTable } from './figures-table';

const percent = (v: number | null) => (v === null ? downtimeMessages.notApplicable : percentText(v * 100));

/**
 * The downtime analysis of the statistics (a chunk of its own): for a month and nave, the Pareto of
 * minutes by motivo (bars and the cumulative %), minutes by arco and each arco's availability, and
 * apart the machine micro-stops per arco; the andon's waits per arco and motivo.
 */
export default function DowntimeSection() {
  const tz = useFactoryTz();
  const naves = useNaves();
  const [month, setMonth] = useState(() => factoryMonth(new Date(), tz));
  const [chosenNave, setNave] = useChosenNave();
  const [shift, setShift] = useState('');
  const analysis = useDowntime(month, chosenNave, shift);
  const data = analysis.data;
  // The Turno select offers every shift of the month, whichever is chosen: the figures of all shifts
  // list them (the same query as with no shift chosen, usually in the cache already).
  const allShifts = useDowntime(month, chosenNave, '').data?.shifts ?? data?.shifts ?? [];

  return (
    <section className="mt-4" aria-labelledby="downtime-title">
      <h2 id="downtime-title" className="h5">
        {downtimeMessages.title}
      </h2>
      <Row className="g-2 mb-3" xs={1} sm={2} md={4}>
        <Col>
          <Form.Group controlId="downtime-month">
            <Form.Label className="small mb-1">{downtimeMessages.month}</Form.Label>
            <Form.Control type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
          </Form.Group>
        </Col>
        <Col>
          <CatalogSelect
            id="downtime-nave"
            label={downtimeMessages.nave}
            labelClassName="small mb-1"
            by="name"
            items={naves.data}
            value={chosenNave}
            onChange={(e) => setNave(e.target.value)}
          />
        </Col>
        <Col>
          <Form.Group controlId="downtime-shift">
            <Form.Label className="small mb-1">{downtimeMessages.shift}</Form.Label>
            <Form.Select value={shift} onChange={(e) => setShift(e.target.value)}>
              <option value="">{downtimeMessages.allShifts}</option>
              {allShifts.map((s) => (
                <option key={s.shift_id} value={s.shift_id}>
                  {s.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>
      <p className="small text-body-secondary">
        {downtimeMessages.calendarNote}{' '}
        <Link to="/admin/turnos" className="link-body-emphasis">
          {shiftMessages.title}
        </Link>
      </p>
      {analysis.isError && <Feedback>{downtimeMessages.loadFailed}</Feedback>}
      {data && data.total_minutes === 0 && <p className="text-muted">{downtimeMessages.empty}</p>}
      {data && data.total_minutes > 0 && (
        <p data-testid="downtime-no-motivo">
          {downtimeMessages.noMotivoShare}: <strong>{percentText(data.no_motivo_percent)}</strong>
        </p>
      )}
      {data && (
        // Side by side only on a wide screen: the availability table's seven columns need the whole width below it.
        <Row xs={1} xxl={2} className="g-3">
          <Col>
            <ChartCard
              title={downtimeMessages.pareto}
              description={downtimeMessages.pareto}
              rows={data.motivos}
              columns={[
                { header: downtimeMessages.motivo, value: (r) => r.name },
                { header: downtimeMessages.minutes, value: (r) => r.minutes },
                { header: downtimeMessages.cumulative, value: (r) => percentText(r.cumulative_percent) },
              ]}
            >
              <ResponsiveContainer width="100%" height="100%">
                <ComposedChart data={data.motivos} margin={{ top: 8, right: 0, left: -12, bottom: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="name" tick={{ fontSize: 11 }} />
                  <YAxis yAxisId="minutes" allowDecimals={false} tick={{ fontSize: 11 }} />
                  <YAxis yAxisId="percent" orientation="right" domain={[0, 100]} tick={{ fontSize: 11 }} />
                  <Tooltip
                    formatter={(value, _name, item) => (item.dataKey === 'cumulative_percent' ? percentText(Number(value)) : String(value))}
                  />
                  <Bar yAxisId="minutes" dataKey="minutes" name={downtimeMessages.minutes} fill="#dc3545" />
                  <Line
                    yAxisId="percent"
                    type="monotone"
                    dataKey="cumulative_percent"
                    name={downtimeMessages.cumulative}
                    stroke="#0d6efd"
                  />
                </ComposedChart>
              </ResponsiveContainer>
            </ChartCard>
          </Col>
          <Col>
            <Card as="section" className="h-100 shadow-sm" aria-labelledby="downtime-arcos-title">
              <Card.Body>
                <Card.Title as="h3" id="downtime-arcos-title" className="h6">
                  {downtimeMessages.availability}
                </Card.Title>
                <FiguresTable
                  label={downtimeMessages.availabilityTable}
                  rows={data.arcos}
                  rowKey={(a) => a.arco_id}
                  columns={[
                    { header: downtimeMessages.arco, value: (a) => a.name },
                    { header: downtimeMessages.downtime, value: (a) => a.minutes },
                    { header: downtimeMessages.planned, value: (a) => a.planned_minutes },
                    { header: downtimeMessages.availability, value: (a) => percent(a.availability) },
                    { header: downtimeMessages.plannedStops, value: (a) => a.planned_stop_minutes },
                    { header: downtimeMessages.breaks, value: (a) => a.break_minutes },
                    { header: downtimeMessages.outside, value: (a) => a.outside_minutes },
                  ]}
                />
              </Card.Body>
            </Card>
          </Col>
        </Row>
      )}
      {data && data.shifts.length > 0 && (
        <FiguresCard title={downtimeMessages.byShift} testId="downtime-shifts">
          <FiguresTable
            label={downtimeMessages.byShiftTable}
            rows={data.shifts}
            rowKey={(s) => s.shift_id}
            columns={[
              { header: downtimeMessages.shift, value: (s) => s.name },
              { header: downtimeMessages.downtime, value: (s) => s.minutes },
              { header: downtimeMessages.plannedStops, value: (s) => s.planned_stop_minutes },
              { header: downtimeMessages.breaks, value: (s) => s.break_minutes },
              { header: downtimeMessages.planned, value: (s) => s.planned_minutes },
              { header: downtimeMessages.availabilityShort, value: (s) => percent(s.availability) },
            ]}
          />
        </FiguresCard>
      )}
      {data && data.planned_stops.minutes > 0 && (
        <FiguresCard title={downtimeMessages.plannedStopsTitle} help={downtimeMessages.plannedStopsHelp} testId="downtime-planned">
          <ul className="mb-0">
            {data.planned_stops.motivos.map((m) => (
              <li key={m.motivo_id ?? 0}>
                {m.name}: {m.minutes} min
              </li>
            ))}
          </ul>
        </FiguresCard>
      )}
      {data && data.micro_stops.stops > 0 && (
        <FiguresCard title={downtimeMessages.microTitle} help={downtimeMessages.microHelp} testId="downtime-micro">
          <FiguresTable
            label={downtimeMessages.microTable}
            rows={data.micro_stops.arcos}
            rowKey={(a) => a.arco_id}
            columns={[
              { header: downtimeMessages.arco, value: (a) => a.name },
              { header: downtimeMessages.microStops, value: (a) => a.stops },
              { header: downtimeMessages.minutes, value: (a) => a.minutes },
            ]}
          />
        </FiguresCard>
      )}
      {data?.andon && <AndonFiguresCard figures={data.andon} />}
    </section>
  );
}
