import { api } from '@/lib/api';
import { useCatalogMutation } from '@/lib/catalog-admin';

export const deleteArco = (id: number) => api<{ message: string }>(`/api/admin/arcos-sumergidos/${id}`, { method: 'DELETE' });

export const useDeleteArco = () => useCatalogMutation(deleteArco);
