import { type WallComment, wallMessages } from '@portal/contract/wall-messages';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Banner, type BannerMessage } from '@/components/Banner';
import { CardActions } from '@/components/CardActions';
import { ConfirmModal } from '@/components/ConfirmModal';
import { Loading } from '@/components/Loading';
import { errorText, imageUrl } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { useFactoryTz } from '@/lib/factory';
import { useDeleteComment } from '../api/delete-comment';
import { useAllComments } from '../api/get-all-comments';
import { CommentEditModal } from '../components/CommentEditModal';

/** /admin/comments: every comment of every wall, with edit and delete. */
export default function AdminCommentsPage() {
  const tz = useFactoryTz();
  const comments = useAllComments();
  const remove = useDeleteComment();
  const [editing, setEditing] = useState<WallComment | null>(null);
  const [deleting, setDeleting] = useState<WallComment | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const list = comments.data?.pages.flat() ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    setDeleteError(null);
    remove.mutate(
      { postId: deleting.post_id, id: deleting.id },
      {
        onSuccess: () => {
          setDeleting(null);
          setBanner({ variant: 'success', text: wallMessages.commentDeleted });
        },
        onError: (error) => setDeleteError(errorText(error, wallMessages.deleteCommentFallback, wallMessages.network)),
      },
    );
  };

  return (
    <div>
      <h1 className="h4 mb-3">Comentarios del Muro</h1>
      <Banner message={banner} onClose={() => setBanner(null)} autoHideMs={3000} />
      {comments.isPending ? (
        <Loading text={wallMessages.loadingComments} />
      ) : comments.isError ? (
        <Alert variant="danger">{errorText(comments.error, wallMessages.loadCommentsFallback, wallMessages.network)}</Alert>
      ) : list.length === 0 ? (
        <p className="text-muted">{wallMessages.adminEmptyComments}</p>
      ) : (
        <>
          <Row xs={1} md={2} xl={3} className="g-3">
            {list.map((c) => (
              <Col key={c.id}>
                <Card className="h-100 shadow-sm" data-testid="admin-comment">
                  <Card.Body>
                    <Card.Title className="h6 mb-1">{c.user_name}</Card.Title>
                    <Card.Subtitle className="text-muted small mb-2">
                      Publicación #{c.post_id} · {formatDateTime(c.timestamp, tz)}
                    </Card.Subtitle>
                    {c.content && (
                      <Card.Text className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
                        {c.content}
                      </Card.Text>
                    )}
                    {c.image_path && (
                      <a href={imageUrl(c.image_path)} target="_blank" rel="noopener noreferrer">
                        <img
                          src={imageUrl(c.image_thumb ?? c.image_path)}
                          alt={`Imagen del comentario de ${c.user_name}`}
                          width={100}
                          height={100}
                          loading="lazy"
                          className="rounded border"
                          style={{ objectFit: 'cover' }}
                        />
                      </a>
                    )}
                  </Card.Body>
                  <CardActions
                    onEdit={() => setEditing(c)}
                    onDelete={() => {
                      setDeleteError(null);
                      setDeleting(c);
                    }}
                  />
                </Card>
              </Col>
            ))}
          </Row>
          {comments.hasNextPage && (
            <div className="text-center my-3">
              <Button variant="outline-secondary" onClick={() => comments.fetchNextPage()} disabled={comments.isFetchingNextPage}>
                {comments.isFetchingNextPage ? wallMessages.loadingMore : wallMessages.loadMore}
              </Button>
            </div>
          )}
        </>
      )}
      <CommentEditModal
        comment={editing}
        onHide={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setBanner({ variant: 'success', text: wallMessages.commentUpdated });
        }}
      />
      <ConfirmModal
        show={!!deleting}
        busy={remove.isPending}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {wallMessages.confirmDeleteComment}
      </ConfirmModal>
    </div>
  );
}
