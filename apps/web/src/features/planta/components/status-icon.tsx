/**
 * Shapes as well as colours, so the state never depends on colour alone: a circle with a tick, a stop
 * octagon, a circle with a question mark for a machine that is silent.
 */
export function StatusIcon({ stopped, unknown = false }: { stopped: boolean; unknown?: boolean }) {
  return (
    <svg width={22} height={22} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="flex-shrink-0">
      {unknown ? (
        <>
          <circle cx="12" cy="12" r="10" fill="currentColor" />
          <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5V14" fill="none" stroke="#fff" strokeWidth={2.2} strokeLinecap="round" />
          <circle cx="12" cy="17.2" r="1.3" fill="#fff" />
        </>
      ) : stopped ? (
        <>
          <path d="M8 2h8l6 6v8l-6 6H8l-6-6V8z" fill="currentColor" />
          <rect x="8" y="8" width="8" height="8" fill="#fff" />
        </>
      ) : (
        <>
          <circle cx="12" cy="12" r="10" fill="currentColor" />
          <path d="M7 12.5l3.5 3.5L17 9" fill="none" stroke="#fff" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" />
        </>
      )}
    </svg>
  );
}
