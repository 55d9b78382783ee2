import type { MotivoSavedResponse, UpdateMotivoBody } from '@portal/contract/motivos';
import { api } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { motivoKeys } from '@/lib/motivos';

/** A rename, a retirement or reactivation, or the planned mark. */
export const updateMotivo = ({ id, ...body }: UpdateMotivoBody & { id: number }) =>
  api<MotivoSavedResponse>(`/api/admin/motivos/${id}`, { method: 'PUT', body });

export const useUpdateMotivo = () => useInvalidatingMutation(updateMotivo, motivoKeys.all, 'settled');
