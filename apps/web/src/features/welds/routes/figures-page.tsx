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

/** One row of a figures table: its key, what names it, then its figures. */
interface FiguresRow {
  key: string;
  head: ReactNode;
  cells: ReactNode[];
}

/**
 * A figure's section: its title, and once loaded its table (or the error, or the empty text): a first
 * column naming each row, then the figures right-aligned.
 */
function FiguresSection<R>({
  id,
  title,
  query,
  empty,
  testId,
  rowHeader,
  columns,
  row,
}: {
  id: string;
  title: string;
  query: UseQueryResult<{ rows: R[] }>;
  empty: string;
  testId: string;
  rowHeader: string;
  columns: string[];
  row: (r: R) => FiguresRow;
}) {
  return (
    <section className="mb-4" aria-labelledby={id}>
      <h2 id={id} className="h6">
        {title}
      </h2>
      {query.isError && <Feedback>{errorText(query.error, t.figuresLoadFailed, t.network)}</Feedback>}
      {query.isPending && <Loading text={t.figuresLoading} />}
      {query.data !== undefined &&
        (query.data.rows.length === 0 ? (
          <p>{empty}</p>
        ) : (
          <ScrollTable label={title} size="sm" className="align-middle" data-testid={testId}>
            <thead>
              <tr>
                <th scope="col">{rowHeader}</th>
                {columns.map((c) => (
                  <th key={c} scope="col" className="text-end">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {query.data.rows.map(row).map(({ key, head, cells }) => (
                <tr key={key}>
                  <th scope="row">{head}</th>
                  {cells.map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's figures stand in the columns' fixed order
                    <td key={i} className="text-end">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        ))}
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
      <FiguresSection
        id="figures-rate"
        title={t.repairRate}
        query={rate}
        empty={t.noInspected}
        testId="repair-rate"
        rowHeader={t.groupName[request.by]}
        columns={[t.inspectedSeams, t.repairedSeams, t.seamRate, t.inspectedLength, t.repairedLength, t.lengthRate]}
        row={(r) => ({
          key: r.key,
          head: r.label,
          cells: [
            r.inspected_seams,
            r.repaired_seams,
            percent(r.seam_rate),
            mm(r.inspected_length_mm),
            mm(r.repaired_length_mm),
            percent(r.length_rate),
          ],
        })}
      />
      <FiguresSection
        id="figures-pareto"
        title={t.pareto}
        query={pareto}
        empty={t.noDefects}
        testId="defect-pareto"
        rowHeader={t.defectType}
        columns={[t.defects, t.defectLength, t.share, t.cumulative]}
        row={(r) => ({
          key: r.code,
          head: `${r.code} · ${r.name}`,
          cells: [r.defects, mm(r.length_mm), percent(r.share), percent(r.cumulative_share)],
        })}
      />
      <FiguresSection
        id="figures-first-pass"
        title={t.firstPass}
        query={firstPass}
        empty={t.noInspected}
        testId="first-pass"
        rowHeader={t.shift}
        columns={[t.inspectedSeams, t.firstPassSeams, t.yield]}
        row={(r) => ({ key: r.shift, head: r.shift, cells: [r.inspected_seams, r.first_pass_seams, percent(r.yield)] })}
      />
    </div>
  );
}
