import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api';
import { followConnection } from '@/lib/online';

// Queries wait while the server does not answer and resume when it does, as lib/online.ts decides from
// the requests themselves (a page opened offline may never hear the browser's 'online' event).
onlineManager.setEventListener(followConnection);

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
