import type { BadgeBody } from '@portal/contract/terminal';
import { api } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { userKeys } from './keys';

/** A worker's badge for the terminal's reader (204, no body). */
export const setUserBadge = ({ id, ...body }: BadgeBody & { id: number }) =>
  api<null>(`/api/admin/users/${id}/badge`, { method: 'PUT', body });

export const useSetBadge = () => useInvalidatingMutation(setUserBadge, userKeys.admin);
