import type { CreateMotivoBody, MotivoSavedResponse } from '@portal/contract/motivos';
import { api } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { motivoKeys } from '@/lib/motivos';

export const createMotivo = (body: CreateMotivoBody) => api<MotivoSavedResponse>('/api/admin/motivos', { method: 'POST', body });

/** The stops screens' selects share the motivos' key, so they follow at once. */
export const useCreateMotivo = () => useInvalidatingMutation(createMotivo, motivoKeys.all, 'settled');
