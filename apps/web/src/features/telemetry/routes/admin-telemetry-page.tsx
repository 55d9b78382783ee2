import type { FiguresResponse } from '@portal/contract/telemetry';
import { telemetryScreenMessages as t } from '@portal/contract/telemetry-messages';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { CatalogSelect } from '@/components/catalog-select';
import { ColumnHeads } from '@/components/column-heads';
import { DateField as PeriodEnd } from '@/components/date-field';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { ScrollTable } from '@/components/scroll-table';
import { errorText } from '@/lib/api';
import { useNaves } from '@/lib/catalog';
import { formatPlainDate } from '@/lib/dates';
import { useFactoryToday, useFactoryTz } from '@/lib/factory';
import { useTelemetryFigures } from '../api/telemetry';
import { LiveArcos } from '../components/live-arcos';

type ArcoRow = FiguresResponse['arcos'][number];
const rowKey = (r: { date: string; shift: string }, id: number) => `${id}|${r.date}|${r.shift}`;

/**
 * 'Arco y OEE' (/admin/soldadura/oee, docs/decisions/085-telemetry-screens.md): per arco and worked
 * shift, the arc-on share, metres, kilos and OEE with each of its factors, how each is computed; per
 * operator, the arc-on share; and which arcos have the arc burning now.
 */
export default function AdminTelemetryPage() {
  const tz = useFactoryTz();
  const today = useFactoryToday();
  const naves = useNaves();
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [nave, setNave] = useState('');
  const figures = useTelemetryFigures(from, to, nave);
  const arcos = figures.data?.arcos ?? [];
  const operators = figures.data?.operators ?? [];
  return (
    <div>
      <h1 className="h4 mb-2">{t.title}</h1>
      <p className="text-muted">{t.intro}</p>
      <Form className="d-flex flex-wrap gap-3 mb-3" onSubmit={(e) => e.preventDefault()}>
        <PeriodEnd id="oee-from" label={t.from} value={from} onChange={setFrom} />
        <PeriodEnd id="oee-to" label={t.to} value={to} onChange={setTo} />
        <CatalogSelect
          id="oee-nave"
          label={t.nave}
          by="name"
          first={t.allNaves}
          items={naves.data}
          value={nave}
          onChange={(e) => setNave(e.target.value)}
        />
      </Form>
      {figures.isError && <Feedback>{errorText(figures.error, t.loadFallback, t.loadFallback)}</Feedback>}
      {figures.isPending ? (
        <Loading text={t.loading} />
      ) : arcos.length === 0 ? (
        <p className="text-muted">{t.empty}</p>
      ) : (
        <ScrollTable label={t.tableCaption} size="sm" className="align-middle" data-testid="oee-table">
          <caption className="caption-top">{t.tableCaption}</caption>
          <ColumnHeads
            labels={[
              t.col.arco,
              t.col.date,
              t.col.shift,
              t.col.arcTime,
              t.col.arcOn,
              t.col.metres,
              t.col.kilos,
              t.col.availability,
              t.col.performance,
              t.col.quality,
              t.col.oee,
            ]}
          />
          <tbody>
            {arcos.map((r: ArcoRow) => (
              <tr key={rowKey(r, r.arco_sumergido_id)} data-testid="oee-row">
                <th scope="row">{r.arco}</th>
                <td>{formatPlainDate(r.date)}</td>
                <td>{r.shift}</td>
                <td>{t.duration(r.arc_seconds)}</td>
                <td>{t.pct(r.arc_on_share)}</td>
                <td>{t.metres(r.length_m)}</td>
                <td>{t.kilos(r.deposited_kg)}</td>
                <td>{t.pct(r.availability)}</td>
                <td>{t.pct(r.performance)}</td>
                <td>{t.pct(r.quality)}</td>
                <td className="fw-bold">{t.pct(r.oee)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <ul className="small text-muted mb-4" data-testid="oee-explained">
        {Object.values(t.explain).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {operators.length > 0 && (
        <>
          <h2 className="h5">{t.operatorsTitle}</h2>
          <ScrollTable label={t.operatorsCaption} size="sm" className="align-middle mb-4" data-testid="oee-operators">
            <caption className="caption-top">{t.operatorsCaption}</caption>
            <ColumnHeads labels={[t.col.operator, t.col.date, t.col.shift, t.col.arcTime, t.col.arcOn]} />
            <tbody>
              {operators.map((o) => (
                <tr key={rowKey(o, o.operator_id)}>
                  <th scope="row">{o.operator}</th>
                  <td>{formatPlainDate(o.date)}</td>
                  <td>{o.shift}</td>
                  <td>{t.duration(o.arc_seconds)}</td>
                  <td>{t.pct(o.arc_on_share)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </>
      )}
      <LiveArcos tz={tz} nave={nave} />
    </div>
  );
}
