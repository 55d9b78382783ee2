import type { LiveArco } from '@portal/contract/telemetry';
import { telemetryScreenMessages as t } from '@portal/contract/telemetry-messages';
import { useQueryClient } from '@tanstack/react-query';
import { Feedback } from '@/components/feedback';
import { errorText } from '@/lib/api';
import { useAllArcos, useArcos } from '@/lib/catalog';
import { formatTime } from '@/lib/dates';
import { useEventStream } from '@/lib/use-event-stream';
import { telemetryKeys, useLiveArcos } from '../api/telemetry';

/**
 * 'Arco encendido ahora': each arco's latest sample, kept live by the `weld.live` events (at most one a
 * second per arco), of the chosen nave or all of them.
 */
export function LiveArcos({ tz, nave }: { tz: string; nave: string }) {
  const queryClient = useQueryClient();
  const live = useLiveArcos();
  const arcos = useAllArcos();
  const ofNave = useArcos(nave);
  useEventStream({
    'weld.live': (payload) =>
      queryClient.setQueryData<LiveArco[]>(telemetryKeys.live(), (old) => [
        ...(old ?? []).filter((a) => a.arco_sumergido_id !== payload.arco_sumergido_id),
        payload,
      ]),
    reconnected: () => void queryClient.invalidateQueries({ queryKey: telemetryKeys.live() }),
  });
  const byId = new Map((arcos.data ?? []).map((a) => [a.id, a.name]));
  const inNave = new Set((ofNave.data ?? []).map((a) => a.id));
  const shown = (live.data ?? [])
    .filter((l) => byId.has(l.arco_sumergido_id) && (nave === '' || inNave.has(l.arco_sumergido_id)))
    .map((l) => ({ live: l, name: byId.get(l.arco_sumergido_id) ?? '' }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <section aria-labelledby="oee-live-title">
      <h2 className="h5" id="oee-live-title">
        {t.liveTitle}
      </h2>
      {live.isError && <Feedback>{errorText(live.error, t.liveLoadFallback, t.liveLoadFallback)}</Feedback>}
      {live.isSuccess && shown.length === 0 && <p className="text-muted">{t.liveEmpty}</p>}
      <ul className="list-unstyled d-flex flex-wrap gap-2" data-testid="oee-live">
        {shown.map(({ live: l, name }) => (
          <li
            key={l.arco_sumergido_id}
            className={`border rounded p-2 ${l.arc ? 'border-success border-2' : ''}`}
            data-testid="oee-live-arco"
          >
            <strong>{name}</strong>
            <span className={`d-block fw-bold ${l.arc ? 'text-success-emphasis' : 'text-body-secondary'}`}>
              {l.arc ? t.liveOn : t.liveOff}
            </span>
            {l.arc && (
              <span className="d-block small">
                {t.amps(l.current)} · {t.volts(l.voltage)} · {t.cmMin(l.speed)}
              </span>
            )}
            <span className="d-block small text-body-secondary">{t.liveSince(formatTime(l.at, tz))}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
