import type { MachineBindingBody, MachineBindingSaved } from '@portal/contract/machines';
import { api } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { machineKeys } from './keys';

/** Binds the arco to a machine's topic ('' unbinds it). */
export const saveMachineTopic = ({ id, ...body }: MachineBindingBody & { id: number }) =>
  api<MachineBindingSaved>(`/api/admin/arcos-sumergidos/${id}/machine`, { method: 'PUT', body });

export const useSaveMachineTopic = () => useInvalidatingMutation(saveMachineTopic, machineKeys.all);
