/** Query keys of the terminal's own calls (the device credential's, not a worker's). */
export const terminalKeys = {
  all: ['terminal'] as const,
  me: () => [...terminalKeys.all, 'me'] as const,
  home: () => [...terminalKeys.all, 'home'] as const,
};
