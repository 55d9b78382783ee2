import { percentText } from '@portal/contract/format';
import { factoryMonth } from '@portal/contract/time';
import type { RepairRateGroup } from '@portal/contract/welds';
import { weldFiguresMessages as t } from '@portal/contract/welds-figures';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { ScrollTable } from '@/components/scroll-table';
import { errorText } from '@/lib/api';
import { useFactoryTz } from '@/lib/factory';
import { type FiguresRequest, useDefectPareto, useFirstPassYield, useRepairRate } from '../api/figures';
import { FiguresForm } from '../components/figures-form';

const percent = (ratio: number) => percentText(ratio * 100);
const mm = (n: number) => n.toLocaleString('es-ES');

/** A figure's section: its title, and its table once loaded (or the error, or the empty text). */
function Section<T>({
  id,
  title,
  query,
  isEmpty,
  empty,
  children,
}: {
  id: string;
  title: string;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <section className="mb-4" aria-labelledby={id}>
      <h2 id={id} className="h6">
        {title}
      </h2>
      {query.isError && <Feedback>{errorText(query.error, t.figuresLoadFailed, t.network)}</Feedback>}
      {query.isPending && <Loading text={t.figuresLoading} />}
      {query.data !== undefined && (isEmpty(query.data) ? <p>{empty}</p> : children(query.data))}
    </section>
  );
}

/**
 * 'Indicadores de soldadura' (/admin/soldadura/indicadores, /dashboard/soldadura/indicadores): for a
 * month, the repair rate by arco, operator, procedure, project or month (by length and by seams), the
 * Pareto of defect types with the cumulative share, and first-pass yield per shift
 * (docs/decisions/087-weld-figures-screens.md). Administrators and Calidad; the server refuses anyone else.
 */
export default function FiguresPage() {
  const tz = useFactoryTz();
  const [request, setRequest] = useState<FiguresRequest>(() => ({ month: factoryMonth(new Date(), tz), by: 'arco' as RepairRateGroup }));
  const rate = useRepairRate(request);
  const pareto = useDefectPareto(request.month);
  const firstPass = useFirstPassYield(request.month);
  return (
    <div style={{ maxWidth: 1080 }}>
      <h1 className="h4 mb-3">{t.figuresTitle}</h1>
      <p className="text-body-secondary">{t.figuresHelp}</p>
      <FiguresForm initial={request} onPick={setRequest} />
      <Section id="figures-rate" title={t.repairRate} query={rate} isEmpty={(d) => d.rows.length === 0} empty={t.noInspected}>
        {(d) => (
          <ScrollTable label={t.repairRate} size="sm" className="align-middle" data-testid="repair-rate">
            <thead>
              <tr>
                <th scope="col">{t.groupName[request.by]}</th>
                <th scope="col" className="text-end">
                  {t.inspectedSeams}
                </th>
                <th scope="col" className="text-end">
                  {t.repairedSeams}
                </th>
                <th scope="col" className="text-end">
                  {t.seamRate}
                </th>
                <th scope="col" className="text-end">
                  {t.inspectedLength}
                </th>
                <th scope="col" className="text-end">
                  {t.repairedLength}
                </th>
                <th scope="col" className="text-end">
                  {t.lengthRate}
                </th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.label}</th>
                  <td className="text-end">{r.inspected_seams}</td>
                  <td className="text-end">{r.repaired_seams}</td>
                  <td className="text-end">{percent(r.seam_rate)}</td>
                  <td className="text-end">{mm(r.inspected_length_mm)}</td>
                  <td className="text-end">{mm(r.repaired_length_mm)}</td>
                  <td className="text-end">{percent(r.length_rate)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </Section>
      <Section id="figures-pareto" title={t.pareto} query={pareto} isEmpty={(d) => d.rows.length === 0} empty={t.noDefects}>
        {(d) => (
          <ScrollTable label={t.pareto} size="sm" className="align-middle" data-testid="defect-pareto">
            <thead>
              <tr>
                <th scope="col">{t.defectType}</th>
                <th scope="col" className="text-end">
                  {t.defects}
                </th>
                <th scope="col" className="text-end">
                  {t.defectLength}
                </th>
                <th scope="col" className="text-end">
                  {t.share}
                </th>
                <th scope="col" className="text-end">
                  {t.cumulative}
                </th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.code}>
                  <th scope="row">
                    {r.code} · {r.name}
                  </th>
                  <td className="text-end">{r.defects}</td>
                  <td className="text-end">{mm(r.length_mm)}</td>
                  <td className="text-end">{percent(r.share)}</td>
                  <td className="text-end">{percent(r.cumulative_share)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </Section>
      <Section id="figures-first-pass" title={t.firstPass} query={firstPass} isEmpty={(d) => d.rows.length === 0} empty={t.noInspected}>
        {(d) => (
          <ScrollTable label={t.firstPass} size="sm" className="align-middle" data-testid="first-pass">
            <thead>
              <tr>
                <th scope="col">{t.shift}</th>
                <th scope="col" className="text-end">
                  {t.inspectedSeams}
                </th>
                <th scope="col" className="text-end">
                  {t.firstPassSeams}
                </th>
                <th scope="col" className="text-end">
                  {t.yield}
                </th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.shift}>
                  <th scope="row">{r.shift}</th>
                  <td className="text-end">{r.inspected_seams}</td>
                  <td className="text-end">{r.first_pass_seams}</td>
                  <td className="text-end">{percent(r.yield)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </Section>
    </div>
  );
}
