import type { AuditPage, AuditQuery } from '@portal/contract/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Query keys of the change history. */
export const auditKeys = { page: (query: AuditQuery) => ['audit', query] as const };

export function useAudit(query: AuditQuery, enabled = true) {
  return useQuery({
    queryKey: auditKeys.page(query),
    queryFn: () => api<AuditPage>('/api/admin/audit', { query: { ...query } }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}
