/** Query keys of the admin's user list; every change refreshes everything under `admin`. */
export const userKeys = {
  admin: ['users', 'admin'] as const,
  page: (query: Record<string, string | number>) => [...userKeys.admin, 'page', query] as const,
};
