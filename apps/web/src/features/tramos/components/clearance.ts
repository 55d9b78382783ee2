/**
 * Space below the last control of a worker screen so the fixed bottom bar never covers it. The shell's
 * `py-3` (!important) overrides its own 5rem bottom padding; remove this once the shell keeps it.
 */
export const BOTTOM_BAR_CLEARANCE = { marginBottom: '4.5rem' } as const;
