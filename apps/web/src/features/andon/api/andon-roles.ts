import type { AndonRoles, AndonRolesBody, AndonRolesSaved } from '@portal/contract/andon';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { andonKeys } from '@/lib/andon';
import { api } from '@/lib/api';

const path = (id: number) => `/api/admin/users/${id}/andon-roles`;

/** The naves where a user is called as supervisor and as maintenance (read when the dialog opens). */
export function useAndonRoles(userId: number | null) {
  return useQuery({
    queryKey: andonKeys.roles(userId ?? 0),
    queryFn: () => api<AndonRoles>(path(userId ?? 0)),
    enabled: userId !== null,
  });
}

/** Saving changes who is called: the open calls and 'me' follow (an admin may have marked themself). */
export function useSaveAndonRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AndonRolesBody & { id: number }) => api<AndonRolesSaved>(path(id), { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: andonKeys.all }),
  });
}
