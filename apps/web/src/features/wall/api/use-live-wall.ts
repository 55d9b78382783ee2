import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useEventStream } from '@/lib/use-event-stream';
import { wallKeys } from './keys';
import { applyLiveEvent, type PostListQuery, type WallEvent } from './live-posts';

/** How long a post that arrived live stays highlighted (the CSS fade lasts as long). */
export const FRESH_MS = 2_000;

/**
 * Keeps the wall being viewed up to date from the live stream: new posts on top, counts in place,
 * deleted posts gone, and everything refetched after a reconnect. Returns the ids of posts that just
 * arrived (for the highlight) and the stream's state.
 */
export function useLiveWall(query: PostListQuery) {
  const queryClient = useQueryClient();
  const key = wallKeys.postList(query);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const t of pending.values()) clearTimeout(t);
      pending.clear();
    };
  }, []);

  const markFresh = (id: number) => {
    setFresh((s) => new Set(s).add(id));
    clearTimeout(timers.current.get(id));
    timers.current.set(
      id,
      setTimeout(() => {
        timers.current.delete(id);
        setFresh((s) => {
          const next = new Set(s);
          next.delete(id);
          return next;
        });
      }, FRESH_MS),
    );
  };

  const apply = (event: WallEvent) => applyLiveEvent(queryClient, key, query, event);

  const refreshComments = (postId: number) => void queryClient.invalidateQueries({ queryKey: wallKeys.comments(postId) });

  const status = useEventStream({
    'post.created': (payload) => {
      if (apply({ type: 'post.created', payload })) markFresh(payload.post.id);
    },
    'post.updated': (payload) => apply({ type: 'post.updated', payload }),
    'post.deleted': (payload) => apply({ type: 'post.deleted', payload }),
    'comment.created': (payload) => {
      apply({ type: 'comment.created', payload });
      refreshComments(payload.comment.post_id);
    },
    'comment.deleted': (payload) => {
      apply({ type: 'comment.deleted', payload });
      refreshComments(payload.post_id);
    },
    'like.changed': (payload) => apply({ type: 'like.changed', payload }),
    reconnected: () => {
      void queryClient.invalidateQueries({ queryKey: wallKeys.posts });
      void queryClient.invalidateQueries({ queryKey: wallKeys.commentLists });
    },
  });

  return { fresh, status };
}
