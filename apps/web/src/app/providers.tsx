import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api';

// TanStack Query assumes it is online until an 'offline' event: a page opened or reloaded offline
// (from the service worker) would otherwise fire its queries and drop what the screens show.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // A 4xx will not change on retry; a network blip on factory Wi-Fi might.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
    // A write offline fails at once with its network text instead of waiting, paused, for the network
    // (the writes worth keeping go through the offline queue, lib/offline-queue.ts).
    mutations: { retry: false, networkMode: 'always' },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
