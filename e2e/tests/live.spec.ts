import type { Page } from '@playwright/test';
import { openDevice as device, expect, markDocument, openLive, sameDocument, signIn, test, unique, type Worker } from '../fixtures';

/**
 * Records, inside the page, the text of every post that gets the live highlight. The highlight lasts
 * only FRESH_MS (2 s): on a loaded machine an assertion polling from outside can start after it is
 * gone, so the page itself notes it when it appears.
 */
const watchFresh = (page: Page) =>
  page.evaluate(() => {
    const seen: string[] = [];
    const note = (el: Element) => {
      if (el.classList.contains('post-fresh')) seen.push(el.textContent ?? '');
      for (const inner of el.querySelectorAll('.post-fresh')) seen.push(inner.textContent ?? '');
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') note(record.target as Element);
        else for (const node of record.addedNodes) if (node instanceof Element) note(node);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    Object.assign(window, { __fresh: seen });
  });
const highlighted = (page: Page, text: string) =>
  page.evaluate((t) => (window as unknown as { __fresh: string[] }).__fresh.some((seen) => seen.includes(t)), text);

test('a post and a like reach a co-worker on the same station live, and never a worker of another station', async ({
  page,
  browser,
  baseURL,
  seed,
}) => {
  const station = await seed.station('Nave 1');
  const otherArco = await seed.station('Nave 2');
  const ana = await seed.worker(station, 'Ana Directo');
  const beto = await seed.worker(station, 'Beto Directo');
  const carla = await seed.worker(otherArco, 'Carla Lejos');
  const text = unique('Aviso en directo ');

  const betoDevice = await device(browser, baseURL);
  const carlaDevice = await device(browser, baseURL);
  const betoPage = betoDevice.page;
  const carlaPage = carlaDevice.page;
  try {
    await openLive(betoPage, beto.token, '/dashboard');
    await openLive(carlaPage, carla.token, '/dashboard');
    await expect(betoPage.getByText('No hay publicaciones en este muro todavía.')).toBeVisible();
    await expect(carlaPage.getByText('No hay publicaciones en este muro todavía.')).toBeVisible();
    await markDocument(betoPage);
    await watchFresh(betoPage);

    // Ana posts from her own phone.
    await signIn(page, ana.token, '/dashboard');
    await page.getByPlaceholder('¿Qué estás pensando?').fill(text);
    await page.getByRole('button', { name: 'Publicar' }).click();
    const anaCard = page.getByTestId('post').filter({ hasText: text });
    await expect(anaCard).toBeVisible();

    // Beto sees it on top, highlighted for a moment, without reloading.
    const betoCard = betoPage.getByTestId('post').filter({ hasText: text });
    await expect(betoCard).toBeVisible();
    await expect(betoCard).toContainText('Ana Directo');
    await expect(betoPage.getByTestId('post').first()).toContainText(text);
    await expect.poll(() => highlighted(betoPage, text)).toBe(true);
    await expect(betoCard).not.toHaveClass(/post-fresh/);
    await expect(betoCard.getByRole('button', { name: /Me gusta \(0\)/ })).toBeVisible();

    // Ana likes it: Beto's count follows, his own like stays not pressed.
    await anaCard.getByRole('button', { name: /Me gusta \(0\)/ }).click();
    await expect(anaCard.getByRole('button', { name: /Me gusta \(1\)/ })).toHaveAttribute('aria-pressed', 'true');
    const betoLike = betoCard.getByRole('button', { name: /Me gusta \(1\)/ });
    await expect(betoLike).toBeVisible();
    await expect(betoLike).toHaveAttribute('aria-pressed', 'false');
    expect(await sameDocument(betoPage)).toBe(true);

    // Carla's stream was open all along (answered before the post), yet her wall stays empty.
    await expect(carlaPage.getByTestId('post')).toHaveCount(0);
    await expect(carlaPage.getByText('No hay publicaciones en este muro todavía.')).toBeVisible();
  } finally {
    await betoDevice.context.close();
    await carlaDevice.context.close();
  }
});

test('the plant board turns a station red when its worker stops it and green when the stop ends', async ({
  page,
  browser,
  baseURL,
  seed,
}) => {
  const station = await seed.station('Nave 1');
  const worker: Worker = await seed.worker(station, unique('Operaria '));
  const admin = await seed.adminToken();

  await openLive(page, admin, '/admin/planta');
  await expect(page.getByRole('heading', { name: 'Estado de planta' })).toBeVisible();
  await expect(page.getByTestId('planta-live')).toHaveText(/En directo/);
  const card = page.getByTestId('planta-arco').filter({ has: page.getByRole('heading', { name: station.name, exact: true }) });
  await expect(card.getByTestId('planta-status')).toHaveText('En marcha');
  await expect(card).toHaveAttribute('data-status', 'running');
  await expect(card.getByTestId('planta-clock')).toHaveCount(0);
  await markDocument(page);

  // The worker starts a stop from the stops screen on their own phone.
  const phone = await device(browser, baseURL);
  try {
    await signIn(phone.page, worker.token, '/dashboard/paradas-kaiser');
    await phone.page.getByRole('button', { name: 'Iniciar Parada' }).click();
    await expect(phone.page.getByText('Parada iniciada!')).toBeVisible();

    await expect(card.getByTestId('planta-status')).toHaveText('Parada');
    await expect(card).toHaveAttribute('data-status', 'stopped');
    await expect(card).toContainText(`Parada por ${worker.name} desde`);
    const clock = card.getByTestId('planta-clock');
    await expect(clock).toHaveText(/^\d{2}:\d{2}$/);
    const first = await clock.textContent();
    await expect(clock).not.toHaveText(first ?? '');

    await phone.page.getByRole('button', { name: 'Finalizar Parada' }).click();
    await expect(phone.page.getByText(/Parada finalizada!/)).toBeVisible();

    await expect(card.getByTestId('planta-status')).toHaveText('En marcha');
    await expect(card).not.toContainText(worker.name);
    await expect(card.getByTestId('planta-clock')).toHaveCount(0);
    await expect(card).toContainText('Minutos de parada hoy');
    expect(await sameDocument(page)).toBe(true);
  } finally {
    await phone.context.close();
  }

  // The board fits a 360 px phone.
  const box = await card.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(360);
});
