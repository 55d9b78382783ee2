import { api } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { userKeys } from './keys';

/** Clears a worker's PIN (204, no body): they set a new one on their profile. */
export const resetUserPin = (id: number) => api<null>(`/api/admin/users/${id}/pin`, { method: 'DELETE' });

export const useResetPin = () => useInvalidatingMutation(resetUserPin, userKeys.admin);
