import type { TramoCreateFields, TramoMessageResponse } from '@portal/contract/tramos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { tramoFormData } from './form-data';
import { invalidateTramos } from './keys';

export interface CreateTramoInput {
  fields: TramoCreateFields;
  imagen: File | null;
}

export const createTramo = ({ fields, imagen }: CreateTramoInput) =>
  api<TramoMessageResponse>('/api/tramos', { method: 'POST', body: tramoFormData({ ...fields }, imagen) });

export function useCreateTramo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTramo, onSuccess: () => invalidateTramos(queryClient) });
}
