import type { ShiftSavedResponse } from '@portal/contract/shifts';
import { api } from '@/lib/api';

/** Ends a shift from a date on (its earlier days keep it). */
export const retireShift = (id: number, from: string) =>
  api<ShiftSavedResponse>(`/api/admin/shifts/${id}?from=${from}`, { method: 'DELETE' });
