import type { ArcoSaved } from '@portal/contract/arcos';
import { api } from '@/lib/api';
import { useCatalogMutation } from '@/lib/catalog-admin';
import type { ArcoInput } from './create-arco';

export const updateArco = ({ id, ...body }: ArcoInput & { id: number }) =>
  api<ArcoSaved>(`/api/admin/arcos-sumergidos/${id}`, { method: 'PUT', body });

export const useUpdateArco = () => useCatalogMutation(updateArco);
