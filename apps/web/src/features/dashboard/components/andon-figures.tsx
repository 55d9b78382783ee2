import { type AndonFigure, type AndonFigures, andonMessages } from '@portal/contract/andon';
import { downtimeMessages } from '@portal/contract/downtime';
import { motivoMessages } from '@portal/contract/motivos';
import { ScrollTable } from '@/components/scroll-table';
import { formatWait } from '@/lib/clock';
import { FiguresCard } from './figures-table';

const SPREADS = [
  ['acknowledge', andonMessages.toAcknowledge],
  ['arrive', andonMessages.toArrive],
  ['repair', andonMessages.repair],
] as const;

/** A wait in seconds with its unit ('33 s', '2 min 05 s'), or '—' without data. */
const wait = (seconds: number | null) => (seconds === null ? downtimeMessages.notApplicable : formatWait(seconds));

/**
 * The andon's waits of the month (docs/decisions/043-andon.md): per arco and per motivo, the median
 * and the 90th percentile of the time to 'Voy', to 'En el arco' and of the repair after arrival.
 */
export function AndonFiguresCard({ figures }: { figures: AndonFigures }) {
  if (figures.arcos.length === 0 && figures.motivos.length === 0) return null;
  return (
    <FiguresCard title={andonMessages.figuresTitle} testId="downtime-andon">
      <FigureTable
        label={`${andonMessages.figuresTitle}: ${downtimeMessages.arco}`}
        first={downtimeMessages.arco}
        rows={figures.arcos}
        name={(r) => r.arco_name}
      />
      <FigureTable
        label={`${andonMessages.figuresTitle}: ${motivoMessages.label}`}
        first={motivoMessages.label}
        rows={figures.motivos}
        name={(r) => r.motivo_name ?? downtimeMessages.noMotivo}
      />
    </FiguresCard>
  );
}

function FigureTable({
  label,
  first,
  rows,
  name,
}: {
  label: string;
  first: string;
  rows: AndonFigure[];
  name: (r: AndonFigure) => string | null;
}) {
  if (rows.length === 0) return null;
  return (
    <ScrollTable size="sm" className="mb-3" label={label}>
      <thead>
        <tr>
          <th scope="col" rowSpan={2}>
            {first}
          </th>
          <th scope="col" rowSpan={2} className="text-end">
            {andonMessages.calls}
          </th>
          {SPREADS.map(([key, title]) => (
            <th key={key} scope="colgroup" colSpan={2} className="text-center">
              {title}
            </th>
          ))}
        </tr>
        <tr>
          {SPREADS.flatMap(([key]) => [
            <th key={`${key}-median`} scope="col" className="text-end">
              {andonMessages.median}
            </th>,
            <th key={`${key}-p90`} scope="col" className="text-end">
              {andonMessages.p90}
            </th>,
          ])}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.arco_id ?? ''}-${r.motivo_id ?? ''}`}>
            <th scope="row" className="fw-normal">
              {name(r)}
            </th>
            <td className="text-end">{r.paradas}</td>
            {SPREADS.flatMap(([key]) => [
              <td key={`${key}-median`} className="text-end text-nowrap">
                {wait(r[key].median_seconds)}
              </td>,
              <td key={`${key}-p90`} className="text-end text-nowrap">
                {wait(r[key].p90_seconds)}
              </td>,
            ])}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
