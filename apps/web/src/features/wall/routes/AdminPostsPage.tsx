import { type WallPost, wallMessages } from '@portal/contract/wall-messages';
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
import { useDeletePost } from '../api/delete-post';
import { usePosts } from '../api/get-posts';
import { PostEditModal } from '../components/PostEditModal';

/** /admin/posts: every post of every wall, with edit and delete. */
export default function AdminPostsPage() {
  const tz = useFactoryTz();
  const posts = usePosts({});
  const remove = useDeletePost();
  const [editing, setEditing] = useState<WallPost | null>(null);
  const [deleting, setDeleting] = useState<WallPost | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const list = posts.data?.pages.flat() ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    setDeleteError(null);
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        setBanner({ variant: 'success', text: wallMessages.postDeleted });
      },
      onError: (error) => setDeleteError(errorText(error, wallMessages.deletePostFallback, wallMessages.network)),
    });
  };

  return (
    <div>
      <h1 className="h4 mb-3">Publicaciones del Muro</h1>
      <Banner message={banner} onClose={() => setBanner(null)} autoHideMs={3000} />
      {posts.isPending ? (
        <Loading text="Cargando publicaciones..." />
      ) : posts.isError ? (
        <Alert variant="danger">{errorText(posts.error, wallMessages.loadPostsFallback, wallMessages.network)}</Alert>
      ) : list.length === 0 ? (
        <p className="text-muted">{wallMessages.adminEmptyPosts}</p>
      ) : (
        <>
          <Row xs={1} md={2} xl={3} className="g-3">
            {list.map((post) => (
              <Col key={post.id}>
                <Card className="h-100 shadow-sm" data-testid="admin-post">
                  <Card.Body>
                    <Card.Title className="h6 mb-1">{post.user_name}</Card.Title>
                    <Card.Subtitle className="text-muted small mb-2">
                      {post.arco_sumergido_name ?? 'Sin arco'} · {post.wall_name} · {formatDateTime(post.timestamp, tz)}
                    </Card.Subtitle>
                    {post.content && (
                      <Card.Text className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
                        {post.content}
                      </Card.Text>
                    )}
                    {post.image_path && (
                      <a href={imageUrl(post.image_path)} target="_blank" rel="noopener noreferrer">
                        <img
                          src={imageUrl(post.image_thumb ?? post.image_path)}
                          alt={`Imagen publicada por ${post.user_name}`}
                          width={100}
                          height={100}
                          loading="lazy"
                          className="rounded border mb-2"
                          style={{ objectFit: 'cover' }}
                        />
                      </a>
                    )}
                    <p className="small text-muted mb-0">
                      Me gusta: {post.like_count} · Comentarios: {post.comment_count}
                    </p>
                  </Card.Body>
                  <CardActions
                    onEdit={() => setEditing(post)}
                    onDelete={() => {
                      setDeleteError(null);
                      setDeleting(post);
                    }}
                  />
                </Card>
              </Col>
            ))}
          </Row>
          {posts.hasNextPage && (
            <div className="text-center my-3">
              <Button variant="outline-secondary" onClick={() => posts.fetchNextPage()} disabled={posts.isFetchingNextPage}>
                {posts.isFetchingNextPage ? wallMessages.loadingMore : wallMessages.loadMore}
              </Button>
            </div>
          )}
        </>
      )}
      <PostEditModal
        post={editing}
        onHide={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setBanner({ variant: 'success', text: wallMessages.postUpdated });
        }}
      />
      <ConfirmModal
        show={!!deleting}
        busy={remove.isPending}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {wallMessages.confirmDeletePost}
      </ConfirmModal>
    </div>
  );
}
