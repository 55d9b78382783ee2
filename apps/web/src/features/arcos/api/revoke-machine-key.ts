import type { MachineBindingSaved } from '@portal/contract/machines';
import { api } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { machineKeys } from './keys';

export const revokeMachineKey = (id: number) =>
  api<MachineBindingSaved>(`/api/admin/arcos-sumergidos/${id}/machine/key`, { method: 'DELETE' });

export const useRevokeMachineKey = () => useInvalidatingMutation(revokeMachineKey, machineKeys.all);
