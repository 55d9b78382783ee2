import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import type { Tramo } from '@portal/contract/tramos';
import { lazy, Suspense, useState } from 'react';
import { formatPlainDate } from '@/lib/dates';
import type { CircularExtra } from './terminal-add-circular';
import { TramoThumb } from './tramo-thumb';

// The form (react-hook-form, the contract's schemas, the photo picker) loads when it is opened.
const TerminalAddCircular = lazy(() => import('./terminal-add-circular'));

/**
 * The arco's latest circulares on the terminal, and 'Añadir circular' for the selected worker: the form
 * is that worker's, gone when another acts or nobody does.
 */
export function TerminalCirculares({
  tramos,
  arcoId,
  actorId,
  onNeedWorker,
  onAdded,
  extra,
}: {
  tramos: readonly Tramo[];
  arcoId: number;
  /** The worker who acts, null with nobody signed in. */
  actorId: number | null;
  /** Nobody signed in: the form opens for the worker who then signs in (the tap waits for the sign-in). */
  onNeedWorker: (then: (worker: { id: number }) => void) => void;
  onAdded: () => void;
  /** What another area adds to the circular's form (CircularExtra). */
  extra?: CircularExtra;
}) {
  // The worker the open form is for.
  const [addingFor, setAddingFor] = useState<number | null>(null);
  const adding = addingFor !== null && addingFor === actorId;
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
            onClick={() => (actorId !== null ? setAddingFor(actorId) : onNeedWorker((worker) => setAddingFor(worker.id)))}
          >
            {t.addCircular}
          </button>
        </div>
        {adding && (
          <Suspense fallback={<p role="status">{t.loadingPart}</p>}>
            <TerminalAddCircular
              arcoId={arcoId}
              extra={extra}
              onDone={(added) => {
                setAddingFor(null);
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
