import type { ReactNode } from 'react';

/** How many posts the wall's first render shows before the rest of the first page (a phone screen shows two or three). */
export const FIRST_PAINT_POSTS = 4;

/** The ids of the worker frame's elements that take the wall's first posts and its title (app/route-preload.ts). */
export const WALL_FIRST_POSTS_ID = 'wall-first-posts';
export const WALL_FIRST_TITLE_ID = 'wall-first-title';

/** The wall's heading: the arco's wall, or the named wall's name. */
export const wallTitle = (arcoName: string | null | undefined, wallName: string) => (arcoName ? `Muro de ${arcoName}` : wallName);

/**
 * The wall's part of index.html's worker frame (src/prerender.tsx): the wall page's column, its title
 * and `composer` as the page first renders them, and an empty place for the first posts. Hidden until
 * the route-preload script has painted the posts into it and marked <html> (styles.css), then shown in
 * place of the frame's 'Cargando...': the live wall's first commit replaces it with the same posts at
 * the same places (docs/decisions/117-wall-first-posts-before-the-app.md).
 */
export function WallFirstPaint({ composer }: { composer: ReactNode }) {
  return (
    <div className="mx-auto prerender-wall" style={{ maxWidth: 720 }}>
      {/* Styled as the live page's h1, not one, as the stops screen's (stops-first-paint.tsx). */}
      <div className="h4 mb-3" id={WALL_FIRST_TITLE_ID} />
      {composer}
      <div id={WALL_FIRST_POSTS_ID} />
    </div>
  );
}
