import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import type { WallPost } from '@portal/contract/wall';
import { imageUrl } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';

/** The arco's wall on the terminal, to be read from the station: the newest posts with their photo. */
export function TerminalWall({ posts, tz }: { posts: readonly WallPost[]; tz: string }) {
  return (
    <section className="card mb-3" aria-labelledby="terminal-wall">
      <div className="card-body">
        <h2 id="terminal-wall" className="h4">
          {t.wall}
        </h2>
        {posts.length === 0 ? (
          <p className="mb-0">{t.noPosts}</p>
        ) : (
          <ul className="list-unstyled mb-0 terminal-list" data-testid="terminal-wall">
            {posts.map((post) => {
              const src = imageUrl(post.image_thumb ?? post.image_path);
              return (
                <li key={post.id} className="d-flex gap-3 py-2 border-bottom">
                  {src && (
                    <img src={src} alt="" width={64} height={64} loading="lazy" className="rounded border flex-shrink-0 photo-whole" />
                  )}
                  <div style={{ minWidth: 0 }}>
                    <p className="mb-1 text-body-secondary">
                      {post.user_name} · {formatDateTime(post.timestamp, tz)}
                    </p>
                    <p className="mb-0 text-break">{post.content}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
