import type { AndonRoles } from '@portal/contract/andon';
import { useQuery } from '@tanstack/react-query';
import { andonKeys } from '@/lib/andon';
import { api } from '@/lib/api';

export const getAndonRoles = (userId: number) => api<AndonRoles>(`/api/admin/users/${userId}/andon-roles`);

/** The naves where a user is called as supervisor and as maintenance (read when the dialog opens). */
export function useAndonRoles(userId: number | null) {
  return useQuery({
    queryKey: andonKeys.roles(userId ?? 0),
    queryFn: () => getAndonRoles(userId ?? 0),
    enabled: userId !== null,
  });
}
