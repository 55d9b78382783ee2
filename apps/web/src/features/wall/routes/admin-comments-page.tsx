import { wallMessages } from '@portal/contract/wall-messages';
import { useDeleteComment } from '../api/delete-comment';
import { useAllComments } from '../api/get-all-comments';
import { useUpdateComment } from '../api/update-comment';
import { AdminWallList } from '../components/admin-wall-list';

/** /admin/comments: every comment of every wall, with edit and delete. */
export default function AdminCommentsPage() {
  const comments = useAllComments();
  const remove = useDeleteComment();
  const update = useUpdateComment();
  const address = (c: { id: number; post_id: number }) => ({ postId: c.post_id, id: c.id });
  return (
    <AdminWallList
      kind="comment"
      texts={{
        title: 'Comentarios del Muro',
        loading: wallMessages.loadingComments,
        loadFallback: wallMessages.loadCommentsFallback,
        empty: wallMessages.adminEmptyComments,
        confirmDelete: wallMessages.confirmDeleteComment,
        deleted: wallMessages.commentDeleted,
        deleteFallback: wallMessages.deleteCommentFallback,
        updated: wallMessages.commentUpdated,
      }}
      pages={comments}
      remove={{ mutation: remove, variables: address }}
      update={{ mutation: update, variables: (c, edit) => ({ ...address(c), content: edit.content, image: edit.image }) }}
      subtitle={(c) => `Publicación #${c.post_id}`}
      imageAlt={(c) => `Imagen del comentario de ${c.user_name}`}
    />
  );
}
