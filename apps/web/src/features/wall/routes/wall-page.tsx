import type { WallPost } from '@portal/contract/wall';
import { WALL_DEFAULT_NAME, wallMessages } from '@portal/contract/wall-messages';
import { useDeferredValue, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useParams } from 'react-router';
import { Banner, type BannerMessage } from '@/components/banner';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { SavedDataNote } from '@/components/saved-data-note';
import { useFocusAfter } from '@/components/use-focus-after';
import { errorText } from '@/lib/api';
import { useFactoryTz } from '@/lib/factory';
import { useCurrentUser } from '@/lib/token';
import { usePosts } from '../api/get-posts';
import { useLikePost, useUnlikePost } from '../api/like-post';
import { useLiveWall } from '../api/use-live-wall';
import { PendingPosts } from '../components/pending-posts';
import { PostCard } from '../components/post-card';
import { PostComposer } from '../components/post-composer';
import { FIRST_PAINT_POSTS, wallTitle } from '../components/wall-first-paint';

/** The arco's wall (/dashboard and /dashboard/wall/:wallName). */
export default function WallPage() {
  const { wallName = WALL_DEFAULT_NAME } = useParams();
  const user = useCurrentUser();
  const tz = useFactoryTz();
  const [openPostId, setOpenPostId] = useState<number | null>(null);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const arcoId = user?.arco_sumergido_id ?? undefined;
  const query = useMemo(
    () => ({ arco_sumergido_id: arcoId, wall_name: wallName === WALL_DEFAULT_NAME ? undefined : wallName }),
    [arcoId, wallName],
  );
  const posts = usePosts(query);
  const live = useLiveWall(query);
  const like = useLikePost();
  const unlike = useUnlikePost();

  const toggleLike = (post: WallPost) => {
    setBanner(null);
    const mutation = post.is_liked_by_current_user ? unlike : like;
    const fallback = post.is_liked_by_current_user ? wallMessages.unlikeFallback : wallMessages.likeFallback;
    mutation.mutate(post.id, {
      onError: (error) => setBanner({ variant: 'danger', text: errorText(error, fallback, wallMessages.network) }),
    });
  };

  const title = wallTitle(user?.arco_sumergido_name, wallName);
  const list = posts.data?.pages.flat() ?? [];
  // When the posts first arrive, the first few paint at once and the rest of the page renders right
  // after in the background (a deferred render yields to the browser): no long task on a slow phone.
  // Deferred from the first commit as well: the first page may be there at once (usePosts starts from
  // what the route-preload script read), and that commit replaces the first posts it painted.
  const complete = useDeferredValue(list.length > 0, false);
  const shown = complete ? list : list.slice(0, FIRST_PAINT_POSTS);
  // The first photo of the page is likely the largest paint, whichever post carries it.
  const firstPhoto = list.find((post) => post.image_path)?.id;

  const focusAfter = useFocusAfter(!posts.isFetchingNextPage);
  return (
    <div className="mx-auto" style={{ maxWidth: 720 }}>
      <h1 className="h4 mb-3">{title}</h1>
      <Banner message={banner} onClose={() => setBanner(null)} autoHideMs={3000} />
      <PostComposer wallName={wallName} />
      {user && <PendingPosts userId={user.id} userName={user.name} wallName={wallName} tz={tz} />}
      <SavedDataNote query={posts} tz={tz} />
      {posts.isPending ? (
        <Loading text={wallMessages.loading} />
      ) : posts.isError && posts.data === undefined ? (
        <Feedback>{errorText(posts.error, wallMessages.loadPostsFallback, wallMessages.network)}</Feedback>
      ) : list.length === 0 ? (
        <p className="text-muted">{wallMessages.empty}</p>
      ) : (
        <>
          {shown.map((post) => (
            <PostCard
              key={post.id}
              post={post}
              priority={post.id === firstPhoto}
              tz={tz}
              fresh={live.fresh.has(post.id)}
              commentsOpen={openPostId === post.id}
              onToggleComments={() => setOpenPostId((open) => (open === post.id ? null : post.id))}
              onToggleLike={() => toggleLike(post)}
            />
          ))}
          {posts.hasNextPage && (
            <div className="text-center mb-3">
              <Button
                variant="outline-secondary"
                onClick={() => {
                  // Focus moves to the first post of the new page once it is shown.
                  const before = shown.length;
                  void posts
                    .fetchNextPage()
                    .then(() => focusAfter(() => document.querySelectorAll<HTMLElement>('[data-testid="post"]')[before]));
                }}
                disabled={posts.isFetchingNextPage}
              >
                {posts.isFetchingNextPage ? wallMessages.loadingMore : wallMessages.loadMore}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
