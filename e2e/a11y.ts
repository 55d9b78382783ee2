import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules of axe-core: any violation of them fails a test. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core on the page as it is now (an open dialog included) and fails listing every violation
 * with its elements. `include` narrows it to a part of the page (e.g. a dialog). Call it on any screen:
 * `await expectNoViolations(page)`.
 */
export async function expectNoViolations(page: Page, what = page.url(), include?: string): Promise<void> {
  // Legacy mode runs axe once in the page: the default also injects axe into a new blank page to
  // finish each run, twice the work per check for pages without frames like ours (the admin screens'
  // test made some twenty checks and ran past its time limit on a busy machine).
  await settled(page);
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true);
  if (include) builder = builder.include(include);
  // axe-core places a sticky element where it is painted now, as if it scrolled with the page: a
  // checkbox a test has scrolled under the sticky top bar then counts as crowded by the bar's links
  // (target-size). Judged from the top of the page, where the bar sits in its own place; the test
  // goes on where it was.
  const scrolled = await page.evaluate(() => {
    const at = { x: window.scrollX, y: window.scrollY };
    window.scrollTo({ left: 0, top: 0, behavior: 'instant' });
    return at;
  });
  const { violations } = await builder.analyze();
  await page.evaluate(({ x, y }) => window.scrollTo({ left: x, top: y, behavior: 'instant' }), scrolled);
  const report = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary?.split('\n').join(' ')}`).join('\n')}`,
  );
  expect(report, `axe-core violations on ${what}`).toEqual([]);
  await expectReflow(page, what);
}

/**
 * Waits until the page's finite CSS transitions and animations have run (at most 5 s): axe judges
 * colours as painted, so a dialog still fading in (Bootstrap's `.fade`, longer on a busy machine)
 * fails contrast with its half-transparent text. Endless ones (a spinner) are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const running = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    const done = Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 5000))]);
  });
}

/**
 * WCAG 1.4.10 (reflow): at a phone's width nothing but a table's own scrolling region may be wider
 * than the screen. A wider page also widens the emulated phone's layout viewport, which moves the
 * page under a test's clicks. Lists the outermost elements that stick out.
 */
async function expectReflow(page: Page, what: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  if (width > 400) return;
  const outside = await page.evaluate((w) => {
    if (document.documentElement.scrollWidth <= w && window.innerWidth <= w) return [];
    const wide = Array.from(document.querySelectorAll('body *')).filter((el) => el.getBoundingClientRect().right > w + 1);
    return wide
      .filter((el) => !wide.includes(el.parentElement as Element))
      .slice(0, 10)
      .map((el) => `${el.tagName.toLowerCase()}.${(el as HTMLElement).className} (${Math.round(el.getBoundingClientRect().right)} px)`);
  }, width);
  expect(outside, `${what} is wider than the ${width} px screen`).toEqual([]);
}
