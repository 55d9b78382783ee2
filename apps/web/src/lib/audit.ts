import type { AuditPage, AuditQuery } from '@portal/contract/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export function useAudit(query: AuditQuery, enabled = true) {
  return useQuery({
    queryKey: ['audit', query],
    queryFn: () => api<AuditPage>('/api/admin/audit', { query: { ...query } }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}
