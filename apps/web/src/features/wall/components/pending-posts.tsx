import { offlineMessages } from '@portal/contract/offline-messages';
import { PendingStamp } from '@/components/pending-badge';
import { queuedField as fieldOf, usePendingWrites } from '@/lib/offline-queue';

/**
 * The signed-in worker's posts to this wall still in the offline queue, on top of the wall and marked
 * 'Pendiente de enviar' until the server has them (then the wall's own list shows them).
 */
export function PendingPosts({ userId, userName, wallName, tz }: { userId: number; userName: string; wallName: string; tz: string }) {
  const mine = usePendingWrites('post', userId).filter((i) => fieldOf(i, 'wall_name') === wallName);
  return mine.reverse().map((item) => {
    const content = fieldOf(item, 'content');
    const image = fieldOf(item, 'image');
    return (
      <article
        key={item.key}
        className="mb-3 shadow-sm card border-warning"
        aria-label={`${userName}: ${offlineMessages.pendingItem}`}
        data-testid="pending-post"
      >
        <div className="card-body">
          <div className="d-flex justify-content-between flex-wrap gap-1 mb-2">
            <strong>{userName}</strong>
            <PendingStamp tappedAt={item.tappedAt} tz={tz} />
          </div>
          {typeof content === 'string' && content && (
            <p className="mb-0 text-break" style={{ whiteSpace: 'pre-wrap' }}>
              {content}
            </p>
          )}
          {image instanceof Blob && <p className="small text-muted mb-0 mt-1">{offlineMessages.pendingImage}</p>}
        </div>
      </article>
    );
  });
}
