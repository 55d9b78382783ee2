import type { ShiftCalendar } from '@portal/contract/shifts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { shiftKeys } from './keys';

export const getShiftCalendar = () => api<ShiftCalendar>('/api/admin/shifts');

export function useShiftCalendar() {
  return useQuery({ queryKey: shiftKeys.calendar, queryFn: getShiftCalendar });
}
