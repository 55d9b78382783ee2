import type { TramoMessageResponse, TramoUpdateFields } from '@portal/contract/tramos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { tramoFormData } from './form-data';
import { invalidateTramos } from './keys';

export interface UpdateTramoInput {
  id: number;
  /** The user form also sends `nave` (derived by the server from the station) and the existing image path. */
  fields: TramoUpdateFields & { nave?: string; imagen?: string | null };
  imagen: File | null;
}

export const updateTramo = ({ id, fields, imagen }: UpdateTramoInput, endSessionOnAuthError = true) => {
  // A new file replaces the image; otherwise the existing path is sent back and the image is kept.
  const { imagen: existing, ...rest } = fields;
  const body = tramoFormData(imagen ? rest : { ...rest, imagen: existing }, imagen);
  return api<TramoMessageResponse>(`/api/tramos/${id}`, { method: 'PUT', body, endSessionOnAuthError });
};

/** `adminArea`: a 401/403 only shows the message on the admin circulares screen. */
export function useUpdateTramo({ adminArea = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateTramoInput) => updateTramo(input, !adminArea),
    onSuccess: () => invalidateTramos(queryClient),
  });
}
