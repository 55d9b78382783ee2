import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import { removeWorker, selectWorker, useTerminalWorkers } from '../api/terminal-session';

/**
 * The workers signed in at the terminal: one tap on a chip makes that worker the one who acts; its ×
 * (sign out) stands 8 px apart, so a gloved tap on the chip never signs its worker out.
 */
export function WorkerChips({ onSignIn }: { onSignIn: () => void }) {
  const { workers, selected } = useTerminalWorkers();
  return (
    <nav aria-label={t.workers} className="terminal-chips">
      <ul className="list-unstyled d-flex flex-nowrap gap-3 mb-0">
        {workers.map((w) => (
          <li key={w.id} className="d-flex flex-nowrap gap-2" data-testid="worker-chip">
            <button
              type="button"
              className={`btn btn-lg terminal-target text-nowrap ${w.id === selected ? 'btn-light' : 'btn-outline-light'}`}
              aria-pressed={w.id === selected}
              aria-label={t.selectWorker(w.name)}
              onClick={() => selectWorker(w.id)}
            >
              {w.name}
            </button>
            <button
              type="button"
              className={`btn btn-lg terminal-target ${w.id === selected ? 'btn-light' : 'btn-outline-light'}`}
              aria-label={t.signOut(w.name)}
              onClick={() => removeWorker(w.id)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
        <li>
          <button type="button" className="btn btn-lg btn-success terminal-target text-nowrap" onClick={onSignIn}>
            {t.signIn}
          </button>
        </li>
      </ul>
    </nav>
  );
}
