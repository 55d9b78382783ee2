import type { FiguresResponse, LiveArco, WeldRun } from '@portal/contract/telemetry';
import type { PassType } from '@portal/contract/welds-messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The weld telemetry screens' query keys. */
export const telemetryKeys = {
  all: ['telemetry'] as const,
  figures: (from: string, to: string, nave: string) => [...telemetryKeys.all, 'figures', from, to, nave] as const,
  live: () => [...telemetryKeys.all, 'live'] as const,
  current: (actorId: number | null) => [...telemetryKeys.all, 'current', actorId] as const,
};

/** GET /api/telemetry/figures: per arco and shift, and per operator and shift, of a factory-date range. */
export function useTelemetryFigures(from: string, to: string, nave: string) {
  return useQuery({
    queryKey: telemetryKeys.figures(from, to, nave),
    queryFn: () => api<FiguresResponse>('/api/telemetry/figures', { query: { from, to, nave } }),
    enabled: from !== '' && to !== '',
  });
}

/** GET /api/telemetry/live: each arco's latest sample (arc burning or not). */
export function useLiveArcos() {
  return useQuery({ queryKey: telemetryKeys.live(), queryFn: async () => (await api<{ arcos: LiveArco[] }>('/api/telemetry/live')).arcos });
}

/** The pass running at the signed-in worker's arco (null: none); nothing is asked with nobody signed in. */
export function useCurrentRun(actorId: number | null) {
  return useQuery({
    queryKey: telemetryKeys.current(actorId),
    queryFn: async () => (await api<{ run: WeldRun | null }>('/api/telemetry/runs/current')).run,
    enabled: actorId !== null,
  });
}

type Saved = { run: WeldRun; message: string };

/** 'Iniciar soldadura' and 'Finalizar soldadura' at the signed-in worker's arco. */
export function useRunActions(actorId: number | null) {
  const queryClient = useQueryClient();
  const settle = (saved: Saved) =>
    queryClient.setQueryData(telemetryKeys.current(actorId), saved.run.state === 'cerrada' ? null : saved.run);
  const start = useMutation({
    mutationFn: (body: { tramo_id: number; pass_type: PassType }) => api<Saved>('/api/telemetry/runs', { method: 'POST', body }),
    onSuccess: settle,
  });
  const end = useMutation({
    mutationFn: () => api<Saved>('/api/telemetry/runs/current/end', { method: 'POST' }),
    onSuccess: settle,
  });
  return { start, end };
}
