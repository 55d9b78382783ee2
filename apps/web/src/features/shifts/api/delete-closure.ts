import type { MessageResponse } from '@portal/contract/common';
import { api } from '@/lib/api';

export const deleteClosure = (id: number) => api<MessageResponse>(`/api/admin/shifts/closures/${id}`, { method: 'DELETE' });
