import type { EnrolBody, EnrolResponse } from '@portal/contract/terminal';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { enrolled } from './credential';
import { createDeviceKey } from './device-key';

/** Enrols this device with a new device key (its public half; none without WebCrypto). */
export const enrolTerminal = async (body: EnrolBody) => {
  const device_key = await createDeviceKey();
  return api<EnrolResponse>('/api/terminal/enrol', {
    method: 'POST',
    body: { ...body, ...(device_key ? { device_key } : {}) },
    auth: false,
  });
};

export function useEnrol() {
  return useMutation({ mutationFn: enrolTerminal, onSuccess: (res) => enrolled(res.credential) });
}
