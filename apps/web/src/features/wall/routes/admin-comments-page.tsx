import { wallAdminTexts as t } from '@portal/contract/wall-admin-messages';
import { wallMessages } from '@portal/contract/wall-messages';
import { useListParams } from '@/components/admin-list-params';
import { useDeleteComment } from '../api/delete-comment';
import { useAdminComments } from '../api/get-admin-comments';
import { useUpdateComment } from '../api/update-comment';
import { AdminWallList, WALL_FILTERS } from '../components/admin-wall-list';

/** /admin/comments: every comment of every wall, filtered and paged, with edit and delete. */
export default function AdminCommentsPage() {
  const list = useListParams(WALL_FILTERS, { sort: 'created', dir: 'desc' });
  const comments = useAdminComments(list.query);
  const remove = useDeleteComment();
  const update = useUpdateComment();
  const address = (c: { id: number; post_id: number }) => ({ postId: c.post_id, id: c.id });
  return (
    <AdminWallList
      kind="comment"
      texts={t.comments}
      query={comments}
      list={list}
      remove={{ mutation: remove, variables: address }}
      update={{ mutation: update, variables: (c, edit) => ({ ...address(c), content: edit.content, image: edit.image }) }}
      subtitle={(c) => t.ofPost(c.post_id)}
      imageAlt={(c) => wallMessages.commentImage(c.user_name)}
    />
  );
}
