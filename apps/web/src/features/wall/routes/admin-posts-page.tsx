import { wallAdminTexts as t } from '@portal/contract/wall-admin-messages';
import { wallMessages } from '@portal/contract/wall-messages';
import { useListParams } from '@/components/admin-list-params';
import { useDeletePost } from '../api/delete-post';
import { useAdminPosts } from '../api/get-admin-posts';
import { useUpdatePost } from '../api/update-post';
import { AdminWallList, WALL_FILTERS } from '../components/admin-wall-list';

/** /admin/posts: every post of every wall, filtered, sorted and paged, with edit and delete. */
export default function AdminPostsPage() {
  const list = useListParams(WALL_FILTERS, { sort: 'created', dir: 'desc' });
  const posts = useAdminPosts(list.query);
  const remove = useDeletePost();
  const update = useUpdatePost();
  return (
    <AdminWallList
      kind="post"
      texts={t.posts}
      query={posts}
      list={list}
      remove={{ mutation: remove, variables: (post) => post.id }}
      update={{
        mutation: update,
        variables: (post, edit) => ({ ...edit, id: post.id, wall_name: edit.wall_name ?? post.wall_name }),
      }}
      subtitle={(post) => `${post.arco_sumergido_name ?? t.noArco} · ${post.wall_name}`}
      imageAlt={(post) => wallMessages.postImage(post.user_name)}
      imageClassName="rounded border mb-2"
      details={(post) => (
        <p className="small text-muted mb-0">
          {t.likesCount(post.like_count)} · {t.commentsCount(post.comment_count)}
        </p>
      )}
      columns={[
        // Labelled in the cell too, as the card reads.
        { id: 'likes', header: t.likes, sort: 'likes', cell: (post) => t.likesCount(post.like_count) },
        { id: 'comments', header: t.commentsColumn, sort: 'comments', cell: (post) => t.commentsCount(post.comment_count) },
      ]}
    />
  );
}
