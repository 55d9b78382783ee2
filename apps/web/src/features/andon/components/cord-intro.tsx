import { andonScreenMessages as t } from '@portal/contract/andon-screen-messages';

/**
 * The andon card's heading and help text: the live card (andon-cord.tsx) and the stops screen's first
 * paint from index.html (stops-first-paint.tsx) render the same markup, so the largest paint of the
 * screen, this help text, is the HTML's and the live card that replaces it is no larger
 * (docs/decisions/069-stops-screen-from-the-html.md).
 */
export function CordIntro({ headingId, copy = false }: { headingId?: string; copy?: boolean }) {
  // The first paint's copy has no heading element: the screen's headings are the live ones.
  const Title = copy ? 'div' : 'h2';
  return (
    <>
      <Title id={headingId} className="h5">
        {t.cordTitle}
      </Title>
      <p className="small text-body-secondary">{t.cordHelp}</p>
    </>
  );
}
