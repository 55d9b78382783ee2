import type { TramoCreateFields, TramoMessageResponse } from '@portal/contract/tramos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formFields, submit, tapNow } from '@/lib/offline-queue';
import { tramoFormData } from './form-data';
import { invalidateTramos } from './keys';

export interface CreateTramoInput {
  fields: TramoCreateFields;
  imagen: File | null;
}

/** Through the offline queue: without network the circular is saved and sent on reconnecting. */
export const createTramo = ({ fields, imagen }: CreateTramoInput) =>
  submit<TramoMessageResponse>({
    kind: 'tramo',
    method: 'POST',
    path: '/api/tramos',
    form: formFields(tramoFormData({ ...fields }, imagen)),
    tappedAt: tapNow(),
  });

export function useCreateTramo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTramo, onSuccess: () => invalidateTramos(queryClient) });
}
