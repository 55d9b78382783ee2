import type { MessageResponse } from '@portal/contract/common';
import { api } from '@/lib/api';
import { useCatalogMutation } from '@/lib/catalog-admin';

export const deleteArco = (id: number) => api<MessageResponse>(`/api/admin/arcos-sumergidos/${id}`, { method: 'DELETE' });

export const useDeleteArco = () => useCatalogMutation(deleteArco);
