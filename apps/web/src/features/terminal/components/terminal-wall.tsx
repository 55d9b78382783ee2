import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import type { WallPost } from '@portal/contract/wall';
import { imageUrl } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { TerminalListCard } from './terminal-list-card';

/** The arco's wall on the terminal, to be read from the station: the newest posts with their photo. */
export function TerminalWall({ posts, tz }: { posts: readonly WallPost[]; tz: string }) {
  return (
    <TerminalListCard id="terminal-wall" title={t.wall} empty={t.noPosts} items={posts}>
      {(post) => {
        const src = imageUrl(post.image_thumb ?? post.image_path);
        return (
          <li key={post.id} className="d-flex gap-3 py-2 border-bottom">
            {src && <img src={src} alt="" width={64} height={64} loading="lazy" className="rounded border flex-shrink-0 photo-whole" />}
            <div style={{ minWidth: 0 }}>
              <p className="mb-1 text-body-secondary">
                {post.user_name} · {formatDateTime(post.timestamp, tz)}
              </p>
              <p className="mb-0 text-break">{post.content}</p>
            </div>
          </li>
        );
      }}
    </TerminalListCard>
  );
}
