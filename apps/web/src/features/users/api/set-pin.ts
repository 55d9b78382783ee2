import type { SetPinBody } from '@portal/contract/terminal';
import { api } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { pinKey } from './get-pin-status';

/** The signed-in worker's own station-terminal PIN (204, no body). */
export const setPin = (body: SetPinBody) => api<null>('/api/users/me/pin', { method: 'PUT', body });

export const useSetPin = () => useInvalidatingMutation(setPin, pinKey);
