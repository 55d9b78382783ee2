import type { DefectParetoResponse, FirstPassResponse, RecallResponse, RepairRateGroup, RepairRateResponse } from '@portal/contract/welds';
import type { RecallKind } from '@portal/contract/welds-figures';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { weldKeys } from './lots';

// A user who is neither Calidad nor an administrator is refused (403) with the server's message; the
// session is kept, as on the other screens that read what the server may refuse.

/** A recall the screen runs: its kind and its target (a lot's or qualification's id, or `procedure:revision`). */
export interface RecallTarget {
  kind: RecallKind;
  target: string;
}

/** The recall's route (decision 067): `.csv` appended gives every row as CSV. */
export function recallPath({ kind, target }: RecallTarget): string {
  if (kind === 'lot') return `/api/welds/lots/${target}/seams`;
  if (kind === 'qualification') return `/api/welds/qualifications/${target}/seams`;
  const [procedure, revision] = target.split(':');
  return `/api/welds/procedures/${procedure}/revisions/${revision}/seams`;
}

/** One page of a recall (the API's limit and offset); null until one is chosen. */
export function useRecall(recall: RecallTarget | null, limit: number, offset: number) {
  return useQuery({
    queryKey: [...weldKeys.all, 'recall', recall?.kind, recall?.target, limit, offset] as const,
    queryFn: () => api<RecallResponse>(recallPath(recall as RecallTarget), { query: { limit, offset }, endSessionOnAuthError: false }),
    enabled: recall !== null,
    placeholderData: keepPreviousData,
  });
}

/** A month's figures (from = to = month): the repair rate by the grouping, the defect types' Pareto and first-pass yield per shift. */
export interface FiguresRequest {
  month: string;
  by: RepairRateGroup;
}

export function useRepairRate(q: FiguresRequest | null) {
  return useQuery({
    queryKey: [...weldKeys.all, 'figures', 'repair-rate', q?.month, q?.by] as const,
    queryFn: () => {
      const { month, by } = q as FiguresRequest;
      return api<RepairRateResponse>('/api/welds/figures/repair-rate', {
        query: { by, from: month, to: month },
        endSessionOnAuthError: false,
      });
    },
    enabled: q !== null,
  });
}

/** One month's figure from /api/welds/figures/<name> (from = to = month); null until a month is chosen. */
function useMonthFigure<T>(name: 'defect-types' | 'first-pass-yield', month: string | null) {
  return useQuery({
    queryKey: [...weldKeys.all, 'figures', name, month] as const,
    queryFn: () => api<T>(`/api/welds/figures/${name}`, { query: { from: month, to: month }, endSessionOnAuthError: false }),
    enabled: month !== null,
  });
}

export const useDefectPareto = (month: string | null) => useMonthFigure<DefectParetoResponse>('defect-types', month);

export const useFirstPassYield = (month: string | null) => useMonthFigure<FirstPassResponse>('first-pass-yield', month);
