import { offlineMessages } from '@portal/contract/offline-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Banner } from '@/components/banner';
import { clearSent, dismiss, flushQueue, startOfflineQueue, useOfflineQueue } from '@/lib/offline-queue';
import { useServerReachable } from '@/lib/online';
import { useCurrentUser } from '@/lib/token';

/**
 * The top bar's badge: 'Sin conexión' while the server does not answer (lib/online.ts), and how many
 * of the signed-in worker's writes wait to be sent; they go as soon as it answers, or this worker signs in.
 */
export function OfflineBadge() {
  const online = useServerReachable();
  const user = useCurrentUser();
  const { items } = useOfflineQueue();
  useEffect(startOfflineQueue, []);
  useEffect(() => {
    if (user?.id !== undefined) void flushQueue();
  }, [user?.id]);
  const pending = items.filter((i) => i.state === 'pending' && i.userId === user?.id).length;
  if (online && pending === 0) return null;
  return (
    <span className="badge text-bg-warning text-wrap text-start me-1" role="status" data-testid="offline-badge">
      {online ? '' : offlineMessages.offline}
      {!online && pending > 0 ? ' · ' : ''}
      {pending > 0 ? offlineMessages.pending(pending) : ''}
    </span>
  );
}

/**
 * Below the top bar: a banner when writes saved offline have been sent, and each write the server
 * refused, with its message, until the worker dismisses it. Sent writes refresh every list.
 */
export function OfflineAlerts() {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const { items, sent } = useOfflineQueue();
  useEffect(() => {
    if (sent > 0) void queryClient.invalidateQueries();
  }, [sent, queryClient]);
  const failed = items.filter((i) => i.state === 'failed' && i.userId === user?.id);
  return (
    <>
      <Banner message={sent > 0 ? { variant: 'success', text: offlineMessages.sent(sent) } : null} onClose={clearSent} autoHideMs={6000} />
      {failed.map((item) => (
        <div key={item.key} className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
          <span className="me-auto">
            {offlineMessages.failed} {offlineMessages.kinds[item.kind] ?? item.kind}. {item.error}
          </span>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void dismiss(item.key)}>
            {offlineMessages.dismiss}
          </button>
        </div>
      ))}
    </>
  );
}
