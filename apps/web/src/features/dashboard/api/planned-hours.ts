import type { PlannedHoursBody } from '@portal/contract/downtime';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dashboardKeys } from './keys';

export function usePlannedHours() {
  return useQuery({ queryKey: dashboardKeys.plannedHours(), queryFn: () => api<{ hours: number[] }>('/api/admin/downtime/planned-hours') });
}

/** Saving changes every station's availability: the analysis is fetched again. */
export function useSavePlannedHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlannedHoursBody) => api<{ hours: number[] }>('/api/admin/downtime/planned-hours', { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  });
}
