import type { WallPost } from '@portal/contract/wall';
import { wallMessages } from '@portal/contract/wall-messages';
import { Suspense } from 'react';
import { Loading } from '@/components/loading';
import { PhotoViewer } from '@/components/photo-viewer';
import { SectionBoundary } from '@/components/section-boundary';
import { imageUrl } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { lazyComponent } from '@/lib/lazy-component';
import './post-fresh.css';

/**
 * The comments (their form, react-hook-form, the list) load when a post's comments are first asked
 * for: the wall's first paint does not need them. Meanwhile the section shows what it shows while the
 * comments themselves load.
 */
const CommentSection = lazyComponent<{ postId: number; tz: string }>(() => import('./comment-section'));
const preloadComments = () => void CommentSection.preload().catch(() => undefined);

/**
 * A post on the wall: author, time, content, image, like button and the comments toggle. Bootstrap's
 * card and button markup written out (what react-bootstrap's Card and Button render): twenty of them
 * render before the wall's first photo paints, on a phone's CPU (docs/performance-history.md).
 */
export function PostCard({
  post,
  tz,
  commentsOpen,
  onToggleComments,
  onToggleLike,
  fresh = false,
  priority = false,
}: {
  post: WallPost;
  tz: string;
  commentsOpen: boolean;
  onToggleComments: () => void;
  onToggleLike: () => void;
  /** Just arrived through the live stream: highlighted for a moment (without motion when the user asks for less). */
  fresh?: boolean;
  /** The page's first post with a photo: that photo is likely the largest paint, so it loads at once. */
  priority?: boolean;
}) {
  const commentsId = `post-${post.id}-comments`;
  return (
    <article
      className={`mb-3 shadow-sm${fresh ? ' post-fresh' : ''} card`}
      aria-labelledby={`post-${post.id}-author`}
      data-testid="post"
      data-post-id={post.id}
    >
      <div className="card-body">
        <div className="d-flex justify-content-between flex-wrap gap-1 mb-2">
          <strong id={`post-${post.id}-author`}>{post.user_name}</strong>
          <time className="text-muted small" dateTime={post.timestamp}>
            {formatDateTime(post.timestamp, tz)}
          </time>
        </div>
        {post.content && (
          <p className="mb-2 text-break" style={{ whiteSpace: 'pre-wrap' }}>
            {post.content}
          </p>
        )}
        {post.image_path && (
          <PhotoViewer
            className="d-inline-block mb-2"
            thumb={imageUrl(post.image_thumb ?? post.image_path)}
            full={imageUrl(post.image_path)}
            alt={wallMessages.postImage(post.user_name)}
            title={wallMessages.postImage(post.user_name)}
            size={150}
            priority={priority}
          />
        )}
        <div className="d-flex flex-wrap gap-2">
          <button
            type="button"
            className={`btn ${post.is_liked_by_current_user ? 'btn-primary' : 'btn-outline-primary'} btn-sm`}
            aria-pressed={post.is_liked_by_current_user}
            onClick={onToggleLike}
          >
            {post.is_liked_by_current_user ? '♥' : '♡'} {wallMessages.likes(post.like_count)}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            aria-expanded={commentsOpen}
            aria-controls={commentsId}
            onClick={onToggleComments}
            onPointerEnter={preloadComments}
            onFocus={preloadComments}
          >
            {wallMessages.comments(post.comment_count)}
          </button>
        </div>
        {commentsOpen && (
          <div id={commentsId}>
            <section className="border-top pt-2 mt-2" aria-label={wallMessages.commentsLabel}>
              <SectionBoundary>
                <Suspense fallback={<Loading text={wallMessages.loadingComments} />}>
                  <CommentSection postId={post.id} tz={tz} />
                </Suspense>
              </SectionBoundary>
            </section>
          </div>
        )}
      </div>
    </article>
  );
}
