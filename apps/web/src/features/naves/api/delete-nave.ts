import { api } from '@/lib/api';
import { useCatalogMutation } from '@/lib/catalog-admin';

export const deleteNave = (id: number) => api<{ message: string }>(`/api/admin/naves/${id}`, { method: 'DELETE' });

export const useDeleteNave = () => useCatalogMutation(deleteNave);
