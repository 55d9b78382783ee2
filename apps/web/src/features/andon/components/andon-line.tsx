import { andonMessages, type PlantaAndon } from '@portal/contract/andon';
import { andonScreenMessages as t } from '@portal/contract/andon-screen-messages';

/**
 * The arco's open andon call on the plant board: its level (supervisor, or maintenance above it) and
 * who is coming or already there. A change is announced; the board's own refetch brings it.
 */
export function AndonLine({ andon }: { andon: PlantaAndon }) {
  const tone = andon.level === 'maintenance' ? 'danger' : 'warning';
  return (
    <div
      className={`border-start border-4 border-${tone} ps-2`}
      aria-live="polite"
      aria-atomic="true"
      data-testid="planta-andon"
      data-level={andon.level}
    >
      <p className="mb-0 small fw-semibold">
        {t.boardLevel}: {andonMessages.lightName[andon.level]}
      </p>
      {andon.coming.length === 0 ? (
        <p className="mb-0 small">{t.boardWaiting}</p>
      ) : (
        <ul className="list-unstyled mb-0 small" data-testid="planta-andon-coming">
          {andon.coming.map((c) => (
            <li key={c.call_id}>
              {c.arrived ? andonMessages.enElArco : andonMessages.voy}: <strong>{c.name}</strong> ({andonMessages.levelName[c.level]})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
