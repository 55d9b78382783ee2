import type { EnrolBody, EnrolResponse } from '@portal/contract/terminal';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { enrolled } from './credential';

export const enrolTerminal = (body: EnrolBody) => api<EnrolResponse>('/api/terminal/enrol', { method: 'POST', body, auth: false });

export function useEnrol() {
  return useMutation({ mutationFn: enrolTerminal, onSuccess: (res) => enrolled(res.credential) });
}
