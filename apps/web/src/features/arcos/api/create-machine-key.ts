import type { MachineKeyCreated } from '@portal/contract/machines';
import { api } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { machineKeys } from './keys';

/** A new device key for the arco's board, shown once (it replaces the previous one). */
export const createMachineKey = (id: number) => api<MachineKeyCreated>(`/api/admin/arcos-sumergidos/${id}/machine/key`, { method: 'POST' });

export const useCreateMachineKey = () => useInvalidatingMutation(createMachineKey, machineKeys.all);
