import type { ShiftBody, ShiftSavedResponse } from '@portal/contract/shifts';
import { api } from '@/lib/api';

/** Adds a shift, or changes one (`id`) from the date its body names on. */
export const saveShift = (id: number | undefined, body: ShiftBody) =>
  api<ShiftSavedResponse>(id ? `/api/admin/shifts/${id}` : '/api/admin/shifts', { method: id ? 'PUT' : 'POST', body });
