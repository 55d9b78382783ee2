import type { WallPost } from '@portal/contract/wall';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { applyLiveEvent, applyWallEvent, inList, type PostPages } from './live-posts';

const post = (id: number, over: Partial<WallPost> = {}): WallPost => ({
  id,
  user_id: 1,
  user_name: 'Ana',
  arco_sumergido_id: 5,
  arco_sumergido_name: 'Arco 5',
  wall_name: 'Main',
  timestamp: '2026-11-21T10:00:00.000Z',
  content: `post ${id}`,
  image_path: null,
  image_thumb: null,
  like_count: 0,
  comment_count: 0,
  is_liked_by_current_user: false,
  ...over,
});

const pages = (...p: WallPost[][]): PostPages => ({ pages: p, pageParams: p.map((_, i) => (i === 0 ? undefined : 100 - i)) });
const ids = (data: PostPages | undefined) => data?.pages.map((p) => p.map((x) => x.id));
const arco5 = { arco_sumergido_id: 5 };

describe('inList', () => {
  it('matches the arco and the wall name (Main by default)', () => {
    expect(inList(post(1), arco5)).toBe(true);
    expect(inList(post(1, { arco_sumergido_id: 6 }), arco5)).toBe(false);
    expect(inList(post(1, { wall_name: 'Turno B' }), arco5)).toBe(false);
    expect(inList(post(1, { wall_name: 'Turno B' }), { arco_sumergido_id: '5', wall_name: 'Turno B' })).toBe(true);
  });

  it("lets everything into an admin's unfiltered list", () => {
    expect(inList(post(1, { arco_sumergido_id: null, wall_name: 'Otro' }), {})).toBe(true);
  });
});

describe('applyWallEvent', () => {
  it('puts a new post of this wall on top of the first page, without the sender-neutral like flag leaking', () => {
    const data = pages([post(3), post(2)], [post(1)]);
    const next = applyWallEvent(data, { type: 'post.created', payload: { post: post(4, { like_count: 2 }) } }, arco5);
    expect(ids(next)).toEqual([[4, 3, 2], [1]]);
    expect(next?.pages[0][0]).toMatchObject({ id: 4, like_count: 2, is_liked_by_current_user: false });
    expect(next?.pageParams).toBe(data.pageParams);
  });

  it('ignores a new post of another arco or another wall, and one already shown', () => {
    const data = pages([post(3)]);
    expect(applyWallEvent(data, { type: 'post.created', payload: { post: post(4, { arco_sumergido_id: 9 }) } }, arco5)).toBe(data);
    expect(applyWallEvent(data, { type: 'post.created', payload: { post: post(4, { wall_name: 'Turno B' }) } }, arco5)).toBe(data);
    expect(applyWallEvent(data, { type: 'post.created', payload: { post: post(3) } }, arco5)).toBe(data);
  });

  it('updates like counts in place and keeps the caller’s own liked flag', () => {
    const data = pages([post(3, { like_count: 1, is_liked_by_current_user: true }), post(2)]);
    const next = applyWallEvent(data, { type: 'like.changed', payload: { post_id: 3, like_count: 5, arco_sumergido_id: 5 } }, arco5);
    expect(next?.pages[0][0]).toMatchObject({ like_count: 5, is_liked_by_current_user: true });
    expect(next?.pages[0][1]).toBe(data.pages[0][1]);
  });

  it('updates comment counts from comment events', () => {
    const data = pages([post(3, { comment_count: 1 })]);
    const comment = {
      id: 9,
      post_id: 3,
      user_id: 2,
      user_name: 'Luis',
      content: 'hola',
      image_path: null,
      image_thumb: null,
      timestamp: 'x',
    };
    const added = applyWallEvent(data, { type: 'comment.created', payload: { comment, comment_count: 2, arco_sumergido_id: 5 } }, arco5);
    expect(added?.pages[0][0].comment_count).toBe(2);
    const removed = applyWallEvent(
      added,
      { type: 'comment.deleted', payload: { id: 9, post_id: 3, comment_count: 1, arco_sumergido_id: 5 } },
      arco5,
    );
    expect(removed?.pages[0][0].comment_count).toBe(1);
  });

  it('removes a deleted post from whichever page holds it', () => {
    const data = pages([post(3)], [post(2), post(1)]);
    const next = applyWallEvent(data, { type: 'post.deleted', payload: { id: 2, arco_sumergido_id: 5, wall_name: 'Main' } }, arco5);
    expect(ids(next)).toEqual([[3], [1]]);
  });

  it('replaces an edited post but keeps the liked flag, and drops it when moved to another wall', () => {
    const data = pages([post(3, { is_liked_by_current_user: true })]);
    const edited = applyWallEvent(data, { type: 'post.updated', payload: { post: post(3, { content: 'nuevo' }) } }, arco5);
    expect(edited?.pages[0][0]).toMatchObject({ content: 'nuevo', is_liked_by_current_user: true });
    const moved = applyWallEvent(data, { type: 'post.updated', payload: { post: post(3, { wall_name: 'Turno B' }) } }, arco5);
    expect(ids(moved)).toEqual([[]]);
  });

  it('leaves the cache alone for posts it does not hold and before the first load', () => {
    const data = pages([post(3)]);
    expect(applyWallEvent(data, { type: 'like.changed', payload: { post_id: 77, like_count: 1, arco_sumergido_id: 5 } }, arco5)).toBe(data);
    expect(applyWallEvent(undefined, { type: 'post.created', payload: { post: post(4) } }, arco5)).toBeUndefined();
  });
});

describe('applyLiveEvent', () => {
  it('a fetch under way when a post arrives live is replaced, so its older answer cannot drop the post', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ['wall', 'posts', arco5];
    // The server's list: the post is there from the moment its event is published.
    let server: WallPost[] = [post(3)];
    const answers: ((list: WallPost[]) => void)[] = [];
    const toPages = (list: WallPost[]): PostPages => ({ pages: [list], pageParams: [undefined] });
    queryClient.setQueryData<PostPages>(key, toPages([post(3)]));
    // The wall's list, on screen (an observer, as useInfiniteQuery is): the refetches go to the server.
    const observer = new QueryObserver<PostPages>(queryClient, {
      queryKey: key,
      queryFn: () => new Promise<PostPages>((resolve) => answers.push((list) => resolve(toPages(list)))),
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = observer.subscribe(() => {});
    // A refetch (after a reconnect) starts; the server answers it before the post exists …
    const stale = observer.refetch();
    const staleAnswer = [...server];
    // … and the post's event arrives while that answer is on its way.
    server = [post(4), ...server];
    expect(applyLiveEvent(queryClient, key, arco5, { type: 'post.created', payload: { post: post(4) } })).toBe(true);
    answers[0](staleAnswer);
    // The stale fetch was cancelled and a new one asked for.
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1](server);
    await stale;
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('idle');
    expect(ids(queryClient.getQueryData<PostPages>(key))).toEqual([[4, 3]]);
    unsubscribe();
  });
});
