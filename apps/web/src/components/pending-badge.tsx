import { offlineMessages } from '@portal/contract/offline-messages';
import { formatDateTime } from '@/lib/dates';

/** Marks a write shown in its list while it waits in the offline queue (lib/offline-queue.ts usePendingWrites). */
export function PendingBadge() {
  return <span className="badge text-bg-warning">{offlineMessages.pendingItem}</span>;
}

/** When a queued write was tapped, and that it waits: '26/11/2026 08:15 · Pendiente de enviar'. */
export function PendingStamp({ tappedAt, tz }: { tappedAt: number; tz: string }) {
  const iso = new Date(tappedAt).toISOString();
  return (
    <span className="text-muted small">
      <time dateTime={iso}>{formatDateTime(iso, tz)}</time>
      {' · '}
      <PendingBadge />
    </span>
  );
}
