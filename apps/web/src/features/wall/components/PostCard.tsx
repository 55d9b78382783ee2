import type { WallPost } from '@portal/contract/wall-messages';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { imageUrl } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { CommentSection } from './CommentSection';
import './post-fresh.css';

/** A post on the wall: author, time, content, image, like button and the comments toggle. */
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
    <Card
      as="article"
      className={`mb-3 shadow-sm${fresh ? ' post-fresh' : ''}`}
      aria-labelledby={`post-${post.id}-author`}
      data-testid="post"
      data-post-id={post.id}
    >
      <Card.Body>
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
          <a href={imageUrl(post.image_path)} target="_blank" rel="noopener noreferrer" className="d-inline-block mb-2">
            <img
              src={imageUrl(post.image_thumb ?? post.image_path)}
              alt={`Imagen publicada por ${post.user_name}`}
              width={150}
              height={150}
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : 'auto'}
              className="rounded border"
              style={{ objectFit: 'cover' }}
            />
          </a>
        )}
        <div className="d-flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={post.is_liked_by_current_user ? 'primary' : 'outline-primary'}
            aria-pressed={post.is_liked_by_current_user}
            onClick={onToggleLike}
          >
            {post.is_liked_by_current_user ? '♥' : '♡'} Me gusta ({post.like_count})
          </Button>
          <Button size="sm" variant="outline-secondary" aria-expanded={commentsOpen} aria-controls={commentsId} onClick={onToggleComments}>
            Comentarios ({post.comment_count})
          </Button>
        </div>
        {commentsOpen && (
          <div id={commentsId}>
            <CommentSection postId={post.id} tz={tz} />
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
