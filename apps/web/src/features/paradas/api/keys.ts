import type { ParadasQuery } from '@portal/contract/paradas';

/** Query keys of the stops; everything under ['paradas'] refreshes together after a stop change. */
export const paradaKeys = {
  all: ['paradas'] as const,
  active: () => [...paradaKeys.all, 'active'] as const,
  activeOf: (userId: number) => [...paradaKeys.active(), userId] as const,
  arcoActive: () => [...paradaKeys.all, 'arco-active'] as const,
  sinMotivo: () => [...paradaKeys.all, 'sin-motivo'] as const,
  list: (query: ParadasQuery) =>
    [...paradaKeys.all, 'list', query.startDate ?? null, query.endDate ?? null, query.motivo_id ?? null] as const,
  adminPage: (query: Record<string, string | number>) => [...paradaKeys.all, 'admin-list', query] as const,
};
