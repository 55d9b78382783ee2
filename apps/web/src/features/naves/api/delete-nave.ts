import type { MessageResponse } from '@portal/contract/common';
import { api } from '@/lib/api';
import { useCatalogMutation } from '@/lib/catalog-admin';

export const deleteNave = (id: number) => api<MessageResponse>(`/api/admin/naves/${id}`, { method: 'DELETE' });

export const useDeleteNave = () => useCatalogMutation(deleteNave);
