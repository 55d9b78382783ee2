/** The handovers' query keys: the caller's arco now, and an admin's nave and day. */
export const handoverKeys = {
  all: ['handovers'] as const,
  arco: () => [...handoverKeys.all, 'arco'] as const,
  /** At a station terminal: the arco as one signed-in worker sees it (which note is theirs to read). */
  arcoOf: (userId: number) => [...handoverKeys.arco(), userId] as const,
  naveDay: (nave: string, date: string) => [...handoverKeys.all, 'nave', nave, date] as const,
};
