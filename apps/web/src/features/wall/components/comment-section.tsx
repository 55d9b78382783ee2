import { offlineMessages } from '@portal/contract/offline-messages';
import { wallMessages } from '@portal/contract/wall-messages';
import ListGroup from 'react-bootstrap/ListGroup';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { PendingStamp } from '@/components/pending-badge';
import { PhotoViewer } from '@/components/photo-viewer';
import { errorText, imageUrl } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { queuedField, usePendingWrites } from '@/lib/offline-queue';
import { useCurrentUser } from '@/lib/token';
import { useCreateComment } from '../api/create-comment';
import { useComments } from '../api/get-comments';
import { DraftForm } from './draft-form';
import { commentDraftValidation } from './validation';

/** One post's comments, oldest first, and the box to add one (inside PostCard's comments section). */
export default function CommentSection({ postId, tz }: { postId: number; tz: string }) {
  const comments = useComments(postId);
  const create = useCreateComment();
  const user = useCurrentUser();
  // The worker's comments on this post waiting in the offline queue, below the others until sent.
  const pending = usePendingWrites('comment', user?.id).filter((i) => i.path === `/api/wall/posts/${postId}/comments`);
  return (
    <>
      {comments.isPending ? (
        <Loading text={wallMessages.loadingComments} />
      ) : comments.isError ? (
        <Feedback>{errorText(comments.error, wallMessages.loadCommentsFallback, wallMessages.network)}</Feedback>
      ) : comments.data.length === 0 ? (
        <p className="text-muted small mb-2">{wallMessages.noComments}</p>
      ) : (
        <ListGroup variant="flush" className="mb-2">
          {comments.data.map((c) => (
            <ListGroup.Item key={c.id} className="px-0" data-testid="comment">
              <div className="d-flex justify-content-between flex-wrap gap-1">
                <strong className="small">{c.user_name}</strong>
                <time className="text-muted small" dateTime={c.timestamp}>
                  {formatDateTime(c.timestamp, tz)}
                </time>
              </div>
              {c.content && (
                <p className="mb-1 small text-break" style={{ whiteSpace: 'pre-wrap' }}>
                  {c.content}
                </p>
              )}
              {c.image_path && (
                <PhotoViewer
                  className="d-block"
                  thumb={imageUrl(c.image_thumb ?? c.image_path)}
                  full={imageUrl(c.image_path)}
                  alt={wallMessages.commentImage(c.user_name)}
                  title={wallMessages.commentImage(c.user_name)}
                  size={80}
                />
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {pending.length > 0 && (
        <ListGroup variant="flush" className="mb-2">
          {pending.map((item) => {
            const content = queuedField(item, 'content');
            return (
              <ListGroup.Item key={item.key} className="px-0" data-testid="pending-comment">
                <div className="d-flex justify-content-between flex-wrap gap-1">
                  <strong className="small">{item.userName ?? user?.name}</strong>
                  <PendingStamp tappedAt={item.tappedAt} tz={tz} />
                </div>
                {typeof content === 'string' && content && (
                  <p className="mb-1 small text-break" style={{ whiteSpace: 'pre-wrap' }}>
                    {content}
                  </p>
                )}
                {queuedField(item, 'image') instanceof Blob && <p className="small text-muted mb-1">{offlineMessages.pendingImage}</p>}
              </ListGroup.Item>
            );
          })}
        </ListGroup>
      )}
      <DraftForm
        id={`comment-content-${postId}`}
        errorId={`comment-content-${postId}-error`}
        formLabel={wallMessages.addComment}
        fieldLabel={wallMessages.commentLabel}
        validation={commentDraftValidation}
        send={(draft, callbacks) => create.mutate({ ...draft, postId }, callbacks)}
        busy={create.isPending}
        texts={{
          fallback: wallMessages.addCommentFallback,
          network: wallMessages.addCommentNetwork,
          send: wallMessages.comment,
          sending: wallMessages.commenting,
        }}
        compact
        rows={2}
        placeholder={wallMessages.commentPlaceholder}
        imageLabel="Imagen del comentario (opcional)"
        previewMaxWidth={80}
        previewMinWidth={80}
      />
    </>
  );
}
