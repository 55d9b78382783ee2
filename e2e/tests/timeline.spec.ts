import type { Page } from '@playwright/test';
import { expectNoViolations } from '../a11y';
import { boundStation, openDevice as device, expect, openLive, test } from '../fixtures';

/** Prints the page to PDF and finds one A4 landscape page. */
async function expectOnePage(page: Page) {
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page[^s]/g) ?? []).toHaveLength(1);
  const size = pdf.match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/);
  // A4 landscape in points: 842 x 595.
  expect(size && [Math.round(Number(size[1])), Math.round(Number(size[2]))]).toEqual([842, 595]);
}

/** A flag on the window that a reload would wipe: proves an update arrived without one. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test('the timeline shows a running machine stop live, opens it, and shows it ended without a reload', async ({
  seed,
  browser,
  baseURL,
}) => {
  // Two axe-core checks and a dialog: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  // A nave of its own: its rows are this test's, not every arco other tests made in Nave 1.
  const nave = await seed.nave();
  const { arco, admin, report } = await boundStation(seed, baseURL, nave);
  expect((await report('running')).status()).toBe(200);
  const laptop = await device(browser, baseURL, 1280, 800);
  try {
    const page = laptop.page;
    await openLive(page, admin, '/admin/linea-de-tiempo');
    await page.getByLabel('Nave', { exact: true }).selectOption(nave);
    await expect(page.getByRole('heading', { name: new RegExp(`Línea de tiempo · ${nave}`) })).toBeVisible();
    await expect(page.getByRole('group', { name: arco.name, exact: true })).toBeVisible();
    await markDocument(page);

    // The machine stops: a striped bar of a parada still running appears in the arco's row.
    expect((await report('stopped')).status()).toBe(200);
    const row = page.getByRole('group', { name: arco.name, exact: true });
    const running = row.getByRole('button', { name: /Parada, Sin motivo, .* \(en curso\)$/ });
    await expect(running).toBeVisible();
    await expect(running).toHaveAttribute('data-open', '1');
    expect(await sameDocument(page)).toBe(true);
    await expectNoViolations(page, 'admin timeline with a running machine stop');

    // Keyboard: the bar opens its parada.
    await running.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /Detalle de la parada/ });
    await expect(dialog.getByText('Máquina')).toBeVisible();
    await expect(dialog.getByText('en curso').first()).toBeVisible();
    await expectNoViolations(page, 'timeline parada dialog', '.modal');
    await dialog.getByRole('button', { name: 'Cerrar' }).first().click();

    // It runs again: the bar is no longer open, still without a reload.
    expect((await report('running')).status()).toBe(200);
    await expect(row.getByRole('button', { name: /\(en curso\)$/ })).toHaveCount(0);
    // Ended (a stop this short is a micro-stop: MACHINE_MICRO_STOP_SECONDS).
    await expect(row.locator('[data-kind][data-open="0"]')).toHaveCount(1);
    expect(await sameDocument(page)).toBe(true);
  } finally {
    await laptop.context.close();
  }
});

test('a worker reads the timeline of their nave from the menu; it prints on one A4 landscape page', async ({ seed, browser, baseURL }) => {
  // A nave of its own: the page's rows are this test's, not every arco other tests made in Nave 1.
  const nave = await seed.nave();
  const { arco, report } = await boundStation(seed, baseURL, nave);
  expect((await report('stopped')).status()).toBe(200);
  const worker = await seed.worker(arco, 'Olga Línea');
  const phone = await device(browser, baseURL, 360, 740);
  try {
    const page = phone.page;
    await openLive(page, worker.token, '/dashboard');
    await page.getByRole('button', { name: 'Olga Línea' }).click();
    await page.getByRole('link', { name: 'Línea de tiempo' }).click();
    await expect(page.getByRole('heading', { name: `Línea de tiempo · ${nave}`, exact: false })).toBeVisible();
    const row = page.getByRole('group', { name: arco.name, exact: true });
    await expect(row.getByRole('button', { name: /\(en curso\)$/ })).toBeVisible();
    await expectNoViolations(page, 'worker timeline');

    // Print: the bars and the legend, without the bars of the shell, on one page.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeHidden();
    await expectOnePage(page);

    // Fifty arcos in the nave: the rows scale down and the print still takes one page.
    for (let i = 0; i < 7; i++) await Promise.all(Array.from({ length: 7 }, () => seed.station(nave)));
    await page.reload();
    await expect(page.locator('.timeline-chart [role="group"]')).toHaveCount(50);
    await expectOnePage(page);
  } finally {
    await phone.context.close();
  }
});
