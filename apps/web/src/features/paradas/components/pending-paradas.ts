import type { Parada } from '@portal/contract/paradas';
import { durationMinutes } from '@portal/contract/paradas-messages';
import { factoryDate } from '@portal/contract/time';
import { useQueryClient } from '@tanstack/react-query';
import { type QueuedItem, usePendingWrites } from '@/lib/offline-queue';
import type { useCurrentUser } from '@/lib/token';
import { invalidateParadas } from '../api/invalidate';

type User = NonNullable<ReturnType<typeof useCurrentUser>>;
interface Body {
  description?: string;
  motivo_id?: number | '' | null;
}

const bodyOf = (item: QueuedItem) => (item.json ?? {}) as Body;
const motivoOf = (body: Body) => (typeof body.motivo_id === 'number' ? body.motivo_id : null);

/** A parada as it will be once its queued end is sent. */
function ended(p: Parada, end: QueuedItem, motivoName: (id: number) => string | null): Parada {
  const endTime = new Date(end.tappedAt).toISOString();
  const body = bodyOf(end);
  const motivo = motivoOf(body) ?? p.motivo_id ?? null;
  return {
    ...p,
    end_time: endTime,
    duration_minutes: Math.max(0, durationMinutes(p.start_time, endTime)),
    description: body.description || p.description,
    motivo_id: motivo,
    motivo_name: motivo === null ? null : (p.motivo_name ?? motivoName(motivo)),
  };
}

/**
 * The worker's parada starts and ends waiting in the offline queue, as the history shows them
 * (marked 'Pendiente de enviar'): `added`, the paradas whose start waits (with their end when it waits
 * too), and `ending`, the stored paradas whose end waits, by id. When one is sent the history is read
 * again and shows the server's version in its place.
 */
export function usePendingParadas(user: User, tz: string, motivoName: (id: number) => string | null) {
  const queryClient = useQueryClient();
  const refresh = () => void invalidateParadas(queryClient);
  const starts = usePendingWrites('parada-start', user.id, refresh);
  const ends = usePendingWrites('parada-end', user.id, refresh);
  const added = starts.map((start): Parada => {
    const startTime = new Date(start.tappedAt).toISOString();
    const body = bodyOf(start);
    const motivo = motivoOf(body);
    const running: Parada = {
      id: -start.seq,
      user_id: user.id,
      user_name: user.name,
      arco_sumergido_id: user.arco_sumergido_id ?? 0,
      arco_sumergido_name: user.arco_sumergido_name,
      date: factoryDate(startTime, tz),
      start_time: startTime,
      end_time: null,
      duration_minutes: null,
      description: body.description || null,
      motivo_id: motivo,
      motivo_name: motivo === null ? null : motivoName(motivo),
      source: 'worker',
    };
    const end = ends.find((e) => e.after?.key === start.key);
    return end ? ended(running, end, motivoName) : running;
  });
  const ending = (p: Parada): Parada | null => {
    const end = ends.find((e) => !e.after && e.path.endsWith(`/end/${p.id}`));
    return end ? ended(p, end, motivoName) : null;
  };
  return { added, ending };
}
