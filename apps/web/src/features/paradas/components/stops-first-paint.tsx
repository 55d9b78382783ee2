import type { ReactNode } from 'react';

/** The stops screen's heading (routes/paradas-kaiser-page.tsx and its first paint). */
export const STOPS_TITLE = 'Paradas Kaiser';

/**
 * The stops screen's static parts for index.html's worker frame (src/prerender.tsx): the title and
 * the andon card's title and help text (`cordIntro`, from features/andon: as text, not headings) in the left column, laid out as the live page does (its Row
 * and Col written out), beside `loading`. The parts marked `prerender-stops` show only at the stops
 * screen's path (src/prerender-gate.ts, styles.css); `loading` shows at every /dashboard path. So a
 * phone paints the screen's largest text from the HTML and the CSS alone, and the live card, no
 * larger, is not a later largest paint (docs/decisions/069-stops-screen-from-the-html.md).
 */
export function StopsFirstPaint({ loading, cordIntro }: { loading: ReactNode; cordIntro: ReactNode }) {
  return (
    <>
      {/* Styled as the live page's h1, not one: until the live screen replaces it, a heading here would
          be a second 'main h1' beside the static login's. */}
      <div className="h4 mb-3 prerender-stops">{STOPS_TITLE}</div>
      <div className="g-3 row">
        <div className="col-12 col-md-5 col-lg-4">
          {loading}
          <section className="card mb-3 prerender-stops">
            <div className="card-body">{cordIntro}</div>
          </section>
        </div>
      </div>
    </>
  );
}
