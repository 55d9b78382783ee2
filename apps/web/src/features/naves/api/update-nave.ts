import type { Nave } from '@portal/contract/naves';
import { api } from '@/lib/api';
import { useCatalogMutation } from '@/lib/catalog-admin';
import type { NaveInput } from './create-nave';

export const updateNave = ({ id, ...body }: NaveInput & { id: number }) => api<Nave>(`/api/admin/naves/${id}`, { method: 'PUT', body });

export const useUpdateNave = () => useCatalogMutation(updateNave);
