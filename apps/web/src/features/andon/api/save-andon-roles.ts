import type { AndonRolesBody, AndonRolesSaved } from '@portal/contract/andon';
import { andonKeys } from '@/lib/andon';
import { api } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';

export const saveAndonRoles = ({ id, ...body }: AndonRolesBody & { id: number }) =>
  api<AndonRolesSaved>(`/api/admin/users/${id}/andon-roles`, { method: 'PUT', body });

/** Saving changes who is called: the open calls and 'me' follow (an admin may have marked themself). */
export const useSaveAndonRoles = () => useInvalidatingMutation(saveAndonRoles, andonKeys.all);
