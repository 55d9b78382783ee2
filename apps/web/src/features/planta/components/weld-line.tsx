import { PLANTA_WELD_WINDOW_SECONDS, type PlantaWeld, plantaMessages } from '@portal/contract/planta';
import { telemetryScreenMessages as t } from '@portal/contract/telemetry-messages';
import { useServerNow } from '@/lib/use-server-now';

const passName = (passType: string | null) => t.passes.find(([id]) => id === passType)?.[1] ?? t.dash;

/** A spark for an arc burning, an empty ring for one that is not: the state is also in the words. */
function ArcIcon({ on }: { on: boolean }) {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="flex-shrink-0">
      {on ? (
        <path d="M13 1 4 14h6l-2 9 10-13h-6z" fill="currentColor" />
      ) : (
        <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth={2.5} />
      )}
    </svg>
  );
}

/**
 * An arco's weld telemetry on its card (docs/decisions/090-arc-on-board-and-timeline.md): 'Arco
 * encendido' or 'Arco apagado' from its latest sample, the pass being welded and, while the arc
 * burns, its current, voltage and travel speed. Hidden once the latest sample is older than
 * PLANTA_WELD_WINDOW_SECONDS on the server's clock (a silent device says nothing of the arc). Not a
 * live region: the values change every second.
 */
export function WeldLine({ weld }: { weld: PlantaWeld }) {
  const now = useServerNow(2000);
  if (now - Date.parse(weld.at) >= PLANTA_WELD_WINDOW_SECONDS * 1000) return null;
  const { arc, run } = weld;
  return (
    <div className="small" data-testid="planta-weld" data-arc={arc ? 'on' : 'off'}>
      <p className="mb-0">
        <span className={`badge d-inline-flex align-items-center gap-1 ${arc ? 'text-bg-warning' : 'text-bg-light border'}`}>
          <ArcIcon on={arc} />
          {arc ? plantaMessages.arcOn : plantaMessages.arcOff}
        </span>
      </p>
      {run?.circular ? (
        <p className="mb-0" data-testid="planta-weld-pass">
          {t.welding(run.circular, passName(run.pass_type))}
        </p>
      ) : arc ? (
        <p className="mb-0" data-testid="planta-weld-pass">
          {plantaMessages.arcNoPass}
        </p>
      ) : null}
      {arc && (
        <p className="mb-0 text-body-secondary" data-testid="planta-weld-values">
          {t.amps(weld.current)} · {t.volts(weld.voltage)} · {t.cmMin(weld.speed)}
        </p>
      )}
    </div>
  );
}
