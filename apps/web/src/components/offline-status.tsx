import { offlineMessages } from '@portal/contract/offline-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Banner } from '@/components/banner';
import {
  clearSent,
  coveredByDraft,
  dismiss,
  flushQueue,
  hasSessionFor,
  manualParadaDraft,
  type QueuedItem,
  startOfflineQueue,
  useOfflineQueue,
} from '@/lib/offline-queue';
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
 * Other workers' writes waiting on this device (a shared phone, a station terminal), by worker: they go
 * with that worker's session, at once on reconnecting where the device still holds it.
 */
function othersWaiting(items: readonly QueuedItem[], userId: number | undefined): [id: number, name: string, count: number][] {
  const byWorker = new Map<number, [number, string, number]>();
  for (const i of items) {
    if (i.state !== 'pending' || i.userId === userId) continue;
    const [, name, count] = byWorker.get(i.userId) ?? [i.userId, i.userName ?? `#${i.userId}`, 0];
    byWorker.set(i.userId, [i.userId, name, count + 1]);
  }
  return [...byWorker.values()];
}

/**
 * Below the top bar: a banner when writes saved offline have been sent, each write the server refused,
 * with its message, until the worker dismisses it (a parada refused as too old offers the manual
 * parada screen, filled in), and what other workers left waiting on this phone. Sent writes refresh
 * every list.
 */
export function OfflineAlerts() {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const { items, sent } = useOfflineQueue();
  useEffect(() => {
    if (sent > 0) void queryClient.invalidateQueries();
  }, [sent, queryClient]);
  const failed = items.filter((i) => i.state === 'failed' && i.userId === user?.id && !coveredByDraft(i));
  return (
    <>
      <Banner message={sent > 0 ? { variant: 'success', text: offlineMessages.sent(sent) } : null} onClose={clearSent} autoHideMs={6000} />
      {failed.map((item) => {
        const draft = manualParadaDraft(item);
        return (
          <div key={item.key} className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
            <span className="me-auto">
              {offlineMessages.failed} {offlineMessages.kinds[item.kind] ?? item.kind}. {item.error}
            </span>
            {draft && (
              <Link to="/dashboard/add-manual-parada" state={{ draft }} className="btn btn-primary btn-sm">
                {offlineMessages.recordManual}
              </Link>
            )}
            <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void dismiss(item.key)}>
              {offlineMessages.dismiss}
            </button>
          </div>
        );
      })}
      {othersWaiting(items, user?.id).map(([id, name, count]) => (
        <div key={id} className="alert alert-info" role="status" data-testid="others-pending">
          {hasSessionFor(id) ? offlineMessages.othersPendingOnReconnect(name, count) : offlineMessages.othersPending(name, count)}
        </div>
      ))}
    </>
  );
}
