import type { Parada } from '@portal/contract/paradas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { paradaKeys } from './keys';

/** The arco's ended paradas of the last days without a motivo (the machine's and colleagues' too). */
export const getParadasSinMotivo = () => api<Parada[]>('/api/paradas-kaiser/sin-motivo');

export function useParadasSinMotivo(enabled: boolean) {
  return useQuery({ queryKey: paradaKeys.sinMotivo(), queryFn: getParadasSinMotivo, enabled });
}
