import type { ClosureBody, ClosureSavedResponse } from '@portal/contract/shifts';
import { api } from '@/lib/api';

/** A day, or one shift of it, not worked. */
export const createClosure = (body: ClosureBody) => api<ClosureSavedResponse>('/api/admin/shifts/closures', { method: 'POST', body });
