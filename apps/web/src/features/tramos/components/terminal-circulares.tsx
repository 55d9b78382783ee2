import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import type { Tramo } from '@portal/contract/tramos';
import { lazy, Suspense, useState } from 'react';
import { formatPlainDate } from '@/lib/dates';
import { TramoThumb } from './tramo-thumb';

// The form (react-hook-form, the contract's schemas, the photo picker) loads when it is opened.
const TerminalAddCircular = lazy(() => import('./terminal-add-circular'));

/** The arco's latest circulares on the terminal, and 'Añadir circular' for the selected worker. */
export function TerminalCirculares({
  tramos,
  arcoId,
  canAdd,
  onNeedWorker,
  onAdded,
}: {
  tramos: readonly Tramo[];
  arcoId: number;
  canAdd: boolean;
  /** Nobody signed in: the form opens once a worker has (the tap waits for the sign-in). */
  onNeedWorker: (then: () => void) => void;
  onAdded: () => void;
}) {
  const [adding, setAdding] = useState(false);
  return (
    <section className="card mb-3" aria-labelledby="terminal-circulares">
      <div className="card-body">
        <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-2">
          <h2 id="terminal-circulares" className="h4 mb-0">
            {t.circulares}
          </h2>
          <button
            type="button"
            className="btn btn-primary btn-lg terminal-target"
            onClick={() => (canAdd ? setAdding(true) : onNeedWorker(() => setAdding(true)))}
          >
            {t.addCircular}
          </button>
        </div>
        {adding && canAdd && (
          <Suspense fallback={<p role="status">Cargando...</p>}>
            <TerminalAddCircular
              arcoId={arcoId}
              onDone={(added) => {
                setAdding(false);
                if (added) onAdded();
              }}
            />
          </Suspense>
        )}
        {tramos.length === 0 ? (
          <p className="mb-0">{t.noCirculares}</p>
        ) : (
          <ul className="list-unstyled mb-0 terminal-list" data-testid="terminal-circulares">
            {tramos.map((tramo) => (
              <li key={tramo.id} className="d-flex gap-3 align-items-center py-2 border-bottom">
                <TramoThumb tramo={tramo} size={64} />
                <span>
                  <span className="fw-semibold">{tramo.id_tramo}</span> · {tramo.id_circular} · {formatPlainDate(tramo.circular_fecha)} ·{' '}
                  {tramo.user_name}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
