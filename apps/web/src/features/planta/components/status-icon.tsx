/** Shapes as well as colours, so the state never depends on colour alone: a circle with a tick, a stop octagon. */
export function StatusIcon({ stopped }: { stopped: boolean }) {
  return (
    <svg width={22} height={22} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="flex-shrink-0">
      {stopped ? (
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
