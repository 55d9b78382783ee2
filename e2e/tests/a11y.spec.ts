import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, factoryToday } from '@portal/contract/time';
import sharp from 'sharp';
import { expectNoViolations } from '../a11y';
import { expect, signIn, type TestArco, test, unique, type Worker } from '../fixtures';

// Accessibility (decision 019): axe-core on every screen and dialog, with data on them; keyboard
// focus after dialogs and actions; nothing focused under the fixed bars; circular cards at 360 px.

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2e86c1' } })
    .jpeg()
    .toBuffer();

const LONG = {
  descripcion: 'Soldadura longitudinal del tramo con revisión ultrasónica completa y Sin descripción adicional',
  id_proyecto: 'PRY-2026-07',
};

async function createTramo(request: APIRequestContext, worker: Worker, idTramo: string, withPhoto = true) {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    id_tramo: idTramo,
    id_proyecto: LONG.id_proyecto,
    id_circular: 'CIR-LONGITUDINAL-01',
    descripcion: LONG.descripcion,
    arco_sumergido_id: String(worker.station.id),
  };
  if (withPhoto) multipart.imagen = { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: await photo(800, 400) };
  const res = await request.post('/api/tramos', { multipart, headers: { Authorization: `Bearer ${worker.token}` } });
  expect(res.status(), await res.text()).toBe(201);
}

async function createPost(request: APIRequestContext, worker: Worker, content: string, withPhoto: boolean) {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = { content, wall_name: 'Main' };
  if (withPhoto) multipart.image = { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: await photo(600, 900) };
  const res = await request.post('/api/wall/posts', { multipart, headers: { Authorization: `Bearer ${worker.token}` } });
  expect(res.status(), await res.text()).toBe(201);
}

async function createParada(request: APIRequestContext, worker: Worker) {
  const res = await request.post('/api/paradas-kaiser/manual', {
    headers: { Authorization: `Bearer ${worker.token}` },
    data: {
      start_time: '2026-11-10T08:00:00.000Z',
      end_time: '2026-11-10T08:01:00.000Z',
      description: 'Cambio de hilo',
      arco_sumergido_id: worker.station.id,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** A station with a worker, circulares, posts (some with photos) and a stop. */
async function seedData(page: Page, seed: import('../fixtures').Seed): Promise<{ station: TestArco; worker: Worker }> {
  const station = await seed.station('Nave 1');
  const worker = await seed.worker(station, 'Operaria Accesible');
  for (let i = 0; i < 3; i++) await createTramo(page.request, worker, unique('TR-'), i !== 1);
  for (let i = 0; i < 12; i++) await createPost(page.request, worker, `Aviso ${i + 1}: revisad la línea antes de arrancar.`, i % 4 === 0);
  await createParada(page.request, worker);
  return { station, worker };
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

// Without motion, axe and the focus checks see dialogs and scrolls at rest, never mid-fade.
test.use({ contextOptions: { reducedMotion: 'reduce' } });
// Each test seeds its own station, worker and data (the seed fixture), as tests of different files
// do beside one another: the file's tests are shared between the workers instead of running one
// after another in one of them (docs/performance.md, 'The test suite').
test.describe.configure({ mode: 'parallel' });

test.describe('worker screens at 360x740', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('no axe-core violation on the sign-in screens', async ({ page }) => {
    for (const path of ['/login', '/register', '/admin/login']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      await expectNoViolations(page, path);
    }
  });

  test('no axe-core violation on any worker screen or dialog, with data', async ({ page, seed }) => {
    test.setTimeout(180_000);
    const { worker } = await seedData(page, seed);

    await signIn(page, worker.token, '/dashboard');
    await expect(page.getByTestId('post').first()).toBeVisible();
    await expectNoViolations(page, 'wall');
    // Comments open, then the photo viewer.
    await page
      .getByTestId('post')
      .first()
      .getByRole('button', { name: /Comentarios/ })
      .click();
    await expect(page.getByText('No hay comentarios todavía.')).toBeVisible();
    await expectNoViolations(page, 'wall with comments');
    await page
      .getByRole('button', { name: /Imagen publicada por/ })
      .first()
      .click();
    const viewer = page.getByRole('dialog', { name: /Imagen publicada por/ });
    await expect(viewer.getByRole('img')).toBeVisible();
    await expectNoViolations(page, 'photo viewer');
    await viewer.getByRole('button', { name: 'Cerrar' }).last().click();
    await expect(viewer).toHaveCount(0);

    await page.goto('/dashboard/add-circular');
    await expect(heading(page, /Circular/)).toBeVisible();
    await expectNoViolations(page, 'add-circular');
    await page
      .getByRole('button', { name: /Guardar|Añadir|Enviar/ })
      .first()
      .click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoViolations(page, 'add-circular with errors');

    await page.goto('/dashboard/consultar-datos');
    await expect(page.getByTestId('tramo-card').first()).toBeVisible();
    await expectNoViolations(page, 'consultar-datos');
    await page.getByLabel('ID Proyecto').fill(LONG.id_proyecto);
    await page.getByRole('button', { name: 'Buscar' }).click();
    const results = page.getByRole('dialog', { name: 'Resultados de la búsqueda' });
    await expect(results.getByTestId('tramo-card').first()).toBeVisible();
    await expectNoViolations(page, 'search results');
    await results
      .getByRole('button', { name: /Editar tramo/ })
      .first()
      .click();
    const edit = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Guardar cambios' }) });
    await expect(edit).toBeVisible();
    await expectNoViolations(page, 'edit circular dialog', '.modal');
    await edit.getByRole('button', { name: 'Cerrar' }).last().click();
    await expect(edit).toHaveCount(0);

    await page.getByTestId('tramo-card').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/dashboard\/tramo\/\d+/);
    await expect(page.getByRole('button', { name: 'Volver' })).toBeVisible();
    await expectNoViolations(page, 'tramo detail');

    await page.goto('/dashboard/paradas-kaiser');
    await page.getByLabel('Buscar por fecha').fill('10/11/2026');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('parada-card').first()).toBeVisible();
    await expectNoViolations(page, 'paradas-kaiser');

    await page.goto('/dashboard/add-manual-parada');
    await expect(page.locator('main h1')).toBeVisible();
    await expectNoViolations(page, 'add-manual-parada');

    await page.goto('/dashboard/profile');
    await expect(page.getByTestId('profile-role')).toHaveText('Trabajador');
    await expectNoViolations(page, 'profile');
    for (const item of ['Editar Perfil', 'Cambiar Contraseña']) {
      await page.locator('#user-menu').click();
      await page.getByRole('button', { name: item }).click();
      const dialog = page.getByRole('dialog', { name: item });
      await expect(dialog).toBeVisible();
      await expectNoViolations(page, item);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  });

  test('focus returns to what opened each dialog, and actions leave focus on their result', async ({ page, seed }) => {
    test.setTimeout(120_000);
    const { worker } = await seedData(page, seed);
    // More than one page of posts (20), so that Cargar más shows.
    for (let i = 0; i < 10; i++) await createPost(page.request, worker, `Más avisos ${i + 1} del turno de noche.`, false);
    await signIn(page, worker.token, '/dashboard');
    await expect(page.getByTestId('post').first()).toBeVisible();

    // The user menu's dialogs, opened and closed by keyboard.
    for (const item of ['Editar Perfil', 'Cambiar Contraseña']) {
      const toggle = page.locator('#user-menu');
      await toggle.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: item }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: item });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(toggle).toBeFocused();
    }

    // The photo viewer.
    const photoButton = page.getByRole('button', { name: /Imagen publicada por/ }).first();
    await photoButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: /Imagen publicada por/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(photoButton).toBeFocused();

    // Publicar: focus stays on the composer for the next post.
    const composer = page.getByPlaceholder('¿Qué estás pensando?');
    await composer.fill('Publicado con el teclado');
    await page.getByRole('button', { name: 'Publicar' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('post').filter({ hasText: 'Publicado con el teclado' })).toBeVisible();
    await expect(composer).toHaveValue('');
    await expect(page.locator('body')).not.toBeFocused();
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);

    // Comentar: focus back in the comment box, emptied.
    const firstPost = page.getByTestId('post').first();
    await firstPost.getByRole('button', { name: /Comentarios/ }).click();
    const commentBox = firstPost.getByPlaceholder(/comentario/i);
    await commentBox.fill('Comentado con el teclado');
    await firstPost.getByRole('button', { name: 'Comentar', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(firstPost.getByTestId('comment').filter({ hasText: 'Comentado con el teclado' })).toBeVisible();
    await expect(commentBox).toBeFocused();

    // Cargar más: focus moves to the first post of the new page.
    const posts = page.getByTestId('post');
    const before = await posts.count();
    const more = page.getByRole('button', { name: 'Cargar más' });
    await expect(more).toBeVisible();
    await expectNoViolations(page, 'wall with Cargar más');
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(posts.nth(before)).toBeFocused();

    // The search results dialog: focus back on Buscar.
    await page.goto('/dashboard/consultar-datos');
    await page.getByLabel('ID Proyecto').fill(LONG.id_proyecto);
    const buscar = page.getByRole('button', { name: 'Buscar' });
    await buscar.focus();
    await page.keyboard.press('Enter');
    const results = page.getByRole('dialog', { name: 'Resultados de la búsqueda' });
    await expect(results).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(results).toHaveCount(0);
    await expect(buscar).toBeFocused();

    // Iniciar and Finalizar: focus moves to the other button. The clock is a timer that is not read out.
    await page.goto('/dashboard/paradas-kaiser');
    await expect(page.getByTestId('stop-clock')).toHaveAttribute('role', 'timer');
    await expect(page.getByTestId('stop-clock')).toHaveAttribute('aria-live', 'off');
    const iniciar = page.getByRole('button', { name: /Iniciar/ });
    // Disabled until the worker's running stop has been read: a disabled button takes no focus.
    await expect(iniciar).toBeEnabled();
    await iniciar.focus();
    await expect(iniciar).toBeFocused();
    await page.keyboard.press('Enter');
    const finalizar = page.getByRole('button', { name: /Finalizar/ });
    await expect(finalizar).toBeFocused();
    await expectNoViolations(page, 'paradas-kaiser with a running stop');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: /Iniciar/ })).toBeFocused();
  });

  test('a navigation sets the title, moves focus to the heading; the skip link leads to the content', async ({ page, seed }) => {
    const station = await seed.station();
    const worker = await seed.worker(station);
    await signIn(page, worker.token, '/dashboard');
    await expect(page).toHaveTitle(`Muro de ${station.name} · Portal de Fábrica`);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Saltar al contenido principal' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();

    await page.getByRole('link', { name: 'Consultar' }).click();
    await expect(page).toHaveTitle('Consultar Datos · Portal de Fábrica');
    await expect(heading(page, 'Consultar Datos')).toBeFocused();
    await expect(page.getByTestId('route-announcer')).toHaveText('Consultar Datos · Portal de Fábrica');
  });

  test('at 360x740 nothing focused by Tab is hidden under the top or bottom bar', async ({ page, seed }) => {
    const { worker } = await seedData(page, seed);
    // Bootstrap scrolls smoothly: without motion each focus scroll has ended when it is measured.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, worker.token, '/dashboard');
    await expect(page.getByTestId('post').first()).toBeVisible();
    const hidden: string[] = [];
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const problem = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const top = document.querySelector('nav.sticky-top')?.getBoundingClientRect();
        const bottom = document.querySelector('.bottom-bar')?.getBoundingClientRect();
        if (!top || !bottom || el.closest('nav') || el.classList.contains('skip-link')) return null;
        const r = el.getBoundingClientRect();
        return r.top < top.bottom - 1 || r.bottom > bottom.top + 1
          ? `${el.tagName} "${el.textContent?.trim().slice(0, 30)}" at ${r.top}-${r.bottom} (scrollY ${window.scrollY}, vv ${visualViewport?.offsetTop}, bars ${top.bottom} ${bottom.top}, ih ${innerHeight})`
          : null;
      });
      if (problem) hidden.push(problem);
    }
    expect(hidden).toEqual([]);
  });

  test('circular cards at 360 px break no word in the middle', async ({ page, seed }) => {
    const station = await seed.station();
    const worker = await seed.worker(station, 'Operario Con Nombre Largo');
    await createTramo(page.request, worker, 'TRAMO-LONGITUDINAL-2026');
    await createTramo(page.request, worker, 'TRAMO-SIN-FOTO', false);
    await signIn(page, worker.token, '/dashboard/consultar-datos');
    const cards = page.getByTestId('tramo-card').filter({ hasText: worker.name });
    await expect(cards).toHaveCount(2);
    await cards.first().screenshot({ path: test.info().outputPath('tramo-card-360.png') });
    await page.screenshot({ path: test.info().outputPath('consultar-datos-360.png'), fullPage: true });
    // Each word of each value lies on one line: a word broken in two has two client rects.
    const broken = await page.evaluate(() => {
      const out: string[] = [];
      for (const dd of document.querySelectorAll('[data-testid="tramo-card"] dd')) {
        const text = dd.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) continue;
        const value = text.textContent ?? '';
        for (const match of value.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) out.push(match[0]);
        }
      }
      return out;
    });
    expect(broken).toEqual([]);
    await expect(page.getByText('PRY-2026-07').first()).toBeVisible();
  });

  test("the CSP blocks nothing: zod's eval probe is gone", async ({ page, seed }) => {
    const station = await seed.station();
    const worker = await seed.worker(station);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await signIn(page, worker.token, '/dashboard/consultar-datos');
    await page.getByLabel('ID Tramo').fill('x'.repeat(200));
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await page.goto('/login');
    await page
      .getByRole('button', { name: /Iniciar/ })
      .first()
      .click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    expect(errors.filter((e) => /Content Security Policy|unsafe-eval|eval/i.test(e))).toEqual([]);
  });
});

test.describe('admin screens at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('no axe-core violation on any admin screen or dialog, with data', async ({ page, seed }) => {
    test.setTimeout(180_000);
    const { worker } = await seedData(page, seed);
    // An arco whose long name, with nowhere to wrap, makes the availability table wider than its column.
    const long = await seed.station('Nave 1', unique('ArcoDeLaLíneaDeTubosEspiralesDeGranDiámetroDeLaNaveNorteNúmeroDoce'));
    await createParada(page.request, await seed.worker(long, 'Operario Largo'));
    const admin = await seed.adminToken();
    await signIn(page, admin, '/admin');
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('figure').first()).toBeVisible();
    await expectNoViolations(page, '/admin');
    // The downtime analysis mounts once reached: its table scrolls sideways in a region the keyboard reaches.
    await page.locator('#downtime-title').scrollIntoViewIfNeeded();
    const availability = page.getByRole('region', { name: 'Tabla de disponibilidad por arco' });
    await expect(availability).toContainText(long.name);
    expect(await availability.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expectNoViolations(page, '/admin with the downtime analysis');
    const screens = [
      '/admin/users',
      '/admin/circulares',
      '/admin/paradas-kaiser',
      '/admin/posts',
      '/admin/comments',
      '/admin/arcos-sumergidos',
      '/admin/naves',
      '/admin/planta',
    ];
    for (const path of screens) {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.locator('main .spinner-border')).toHaveCount(0);
      await expectNoViolations(page, path);
      // The first Editar and Eliminar dialogs of the screen, when it has them.
      for (const name of ['Editar', 'Eliminar']) {
        const button = page.locator('main').getByRole('button', { name, exact: true }).first();
        if ((await button.count()) === 0) continue;
        await button.click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expectNoViolations(page, `${path} ${name}`);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        await expect(button).toBeFocused();
      }
    }
    await page.goto('/admin/users');
    await expect(page.getByTestId('user-card').filter({ hasText: worker.worker_id }).getByLabel('Rol')).toHaveValue('user');
    await expect(
      page.getByTestId('user-card').filter({ hasText: worker.worker_id }).getByLabel('Rol').locator('option:checked'),
    ).toHaveText('Trabajador');
  });
});

// The screens and dialogs added with downtime records, the change history, the admin lists at scale,
// machine signals and offline use (decisions 016-020), each with data on it.

/** A finished parada with a motivo at the worker's arco, edited once so the history has a change. */
async function seedDowntime(request: APIRequestContext, worker: Worker, admin: string, day: string) {
  const headers = { Authorization: `Bearer ${worker.token}` };
  const motivos = (await (await request.get('/api/motivos', { headers })).json()) as { id: number; name: string }[];
  const res = await request.post('/api/paradas-kaiser/manual', {
    headers,
    data: {
      start_time: `${day}T08:00:00.000Z`,
      end_time: `${day}T08:40:00.000Z`,
      description: 'Atasco de fundente en la tolva',
      motivo_id: motivos[0].id,
      arco_sumergido_id: worker.station.id,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { parada } = (await res.json()) as { parada: { id: number } };
  const edited = await request.put(`/api/paradas-kaiser/${parada.id}`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: { start_time: `${day}T08:00:00.000Z`, end_time: `${day}T08:45:00.000Z`, description: 'Atasco de fundente en la tolva, revisado' },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  return parada.id;
}

test.describe('admin screens added later, at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('no axe-core violation on motivos, history, downtime analysis, lists, Señal and the plant board; focus returns', async ({
    page,
    seed,
  }) => {
    test.setTimeout(180_000);
    const admin = await seed.adminToken();
    const station = await seed.station('Nave 2');
    const worker = await seed.worker(station, 'Operaria Análisis');
    const day = addDays(factoryToday('Europe/Madrid'), -1);
    const paradaId = await seedDowntime(page.request, worker, admin, day);
    // A device key and a stop reported by the machine: the arco's signal column has something to say.
    const keyRes = await page.request.post(`/api/admin/arcos-sumergidos/${station.id}/machine/key`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    const { key } = (await keyRes.json()) as { key: string };
    const report = (state: string) =>
      page.request.post(`/api/machines/${station.id}/state`, {
        headers: { 'X-Device-Key': key, 'Content-Type': 'text/plain' },
        data: state,
      });
    expect((await report('stopped')).status()).toBe(200);

    await signIn(page, admin, '/admin/motivos');
    const item = page.getByTestId('motivo-item').first();
    await expect(item).toBeVisible();
    await expectNoViolations(page, '/admin/motivos');
    const edit = item.getByRole('button', { name: 'Editar' });
    await edit.focus();
    await page.keyboard.press('Enter');
    const nameInput = item.getByRole('textbox', { name: 'Nombre' });
    await expect(nameInput).toBeFocused();
    await expectNoViolations(page, '/admin/motivos editing');
    await page.keyboard.press('Escape');
    await expect(nameInput).toHaveCount(0);
    await expect(item.getByRole('button', { name: 'Editar' })).toBeFocused();
    // Saved (unchanged name) from the keyboard: focus back on the row's Editar.
    await page.keyboard.press('Enter');
    await expect(nameInput).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Motivo actualizado con éxito!')).toBeVisible();
    await expect(item.getByRole('button', { name: 'Editar' })).toBeFocused();

    await page.goto('/admin/historial');
    await page.getByLabel('Tipo de registro').selectOption('parada');
    await page.getByLabel('ID del registro').fill(String(paradaId));
    await expect(page.getByTestId('audit-row')).toHaveCount(2);
    await expectNoViolations(page, '/admin/historial');

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Análisis de paradas' })).toBeVisible();
    // The analysis mounts once it is reached (stats-page.tsx).
    await page.getByRole('heading', { name: 'Análisis de paradas' }).scrollIntoViewIfNeeded();
    await page.getByLabel('Mes', { exact: true }).fill(day.slice(0, 7));
    await page.getByLabel('Nave', { exact: true }).selectOption('Nave 2');
    await expect(page.getByRole('cell', { name: station.name })).toBeVisible();
    await expectNoViolations(page, '/admin downtime analysis');

    // The list's table, filter bar and pager; the bulk delete confirmation, cancelled then confirmed.
    await page.goto('/admin/paradas-kaiser');
    await page.getByLabel('Filtrar por nave').selectOption({ label: 'Nave 2' });
    await page.getByLabel('Filtrar por arco').selectOption({ label: station.name });
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    await expect(page.getByTestId('parada-row')).toHaveCount(2);
    await expectNoViolations(page, '/admin/paradas-kaiser filtered');
    await page.getByRole('checkbox', { name: 'Seleccionar todos los de esta página' }).check();
    const bulk = page.getByRole('button', { name: 'Eliminar seleccionados (2)' });
    await bulk.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Confirmar Eliminación' });
    await expect(confirm).toBeVisible();
    await expectNoViolations(page, 'bulk Confirmar Eliminación', '.modal');
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(bulk).toBeFocused();
    await page.keyboard.press('Enter');
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Se eliminaron 2 elementos.')).toBeVisible();
    // Its button is disabled with the selection gone: focus on the list's new total.
    await expect(page.getByTestId('list-total')).toBeFocused();

    // The role change confirmation: cancelled, focus back on the select.
    await page.goto('/admin/users');
    await page.getByLabel('Nombre o ID de trabajador').fill(worker.worker_id);
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    await expect(page.getByTestId('user-card')).toHaveCount(1);
    await expectNoViolations(page, '/admin/users filtered');
    const role = page.getByTestId('user-card').getByLabel('Rol');
    await role.focus();
    await role.selectOption('admin');
    const roleDialog = page.getByRole('dialog', { name: 'Confirmar cambio de rol' });
    await expect(roleDialog).toBeVisible();
    await expectNoViolations(page, 'Confirmar cambio de rol', '.modal');
    await roleDialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(roleDialog).toHaveCount(0);
    await expect(role).toBeFocused();

    // The broker state and the Señal dialog, closed by keyboard: focus back on its button.
    await page.goto('/admin/arcos-sumergidos');
    await expect(page.getByTestId('broker-status')).toBeVisible();
    await expectNoViolations(page, '/admin/arcos-sumergidos with broker state');
    const signal = page.getByRole('button', { name: `Señal de máquina: ${station.name}` });
    await signal.focus();
    await page.keyboard.press('Enter');
    const signalDialog = page.getByRole('dialog');
    await expect(signalDialog.getByTestId('machine-key-state')).toContainText('Clave activa desde');
    await expectNoViolations(page, 'Señal dialog', '.modal');
    await signalDialog.getByRole('button', { name: 'Revocar clave' }).click();
    await expect(signalDialog.getByRole('button', { name: 'Revocar clave' })).toBeVisible();
    await expectNoViolations(page, 'Señal dialog confirming revocation', '.modal');
    await page.keyboard.press('Escape');
    await expect(signalDialog).toHaveCount(0);
    await expect(signal).toBeFocused();

    // The bulk delete took the machine's parada too: the machine stops again.
    expect((await report('running')).status()).toBe(200);
    expect((await report('stopped')).status()).toBe(200);
    await page.goto('/admin/planta');
    const card = page.locator(`[data-testid="planta-arco"][data-arco-id="${station.id}"]`);
    await expect(card).toHaveAttribute('data-status', 'stopped');
    await expect(card.getByTestId('planta-signal')).toBeVisible();
    await expectNoViolations(page, '/admin/planta with signals');
  });
});

test.describe('admin lists at 360x740', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('no axe-core violation on the admin lists as cards, with the filter bar and the pager', async ({ page, seed }) => {
    test.setTimeout(120_000);
    await seedData(page, seed);
    await signIn(page, await seed.adminToken(), '/admin/paradas-kaiser');
    for (const [path, testId] of [
      ['/admin/paradas-kaiser', 'parada-card'],
      ['/admin/posts', 'admin-post'],
      ['/admin/users', 'user-card'],
      ['/admin/circulares', 'tramo-card'],
      ['/admin/comments', null],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      if (testId) await expect(page.getByTestId(testId).first()).toBeVisible();
      await expect(page.locator('main .spinner-border')).toHaveCount(0);
      await expectNoViolations(page, `${path} at 360 px`);
    }
  });
});

test.describe('worker screens added later, at 360x740', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('no axe-core violation on a parada running at the arco, the manual form overnight, offline and the update prompt', async ({
    page,
    context,
    seed,
  }) => {
    test.setTimeout(120_000);
    const station = await seed.station();
    const ana = await seed.worker(station, 'Ana Primera');
    const beto = await seed.worker(station, 'Beto Segundo');
    await seed.startParada(ana, 'Atasco de fundente');

    await signIn(page, beto.token, '/dashboard/paradas-kaiser');
    await expect(page.getByTestId('arco-parada')).toContainText('Iniciada por Ana Primera desde las');
    await expectNoViolations(page, 'paradas-kaiser with a colleague’s running parada');

    await page.goto('/dashboard/add-manual-parada');
    await page.getByLabel('Hora de inicio').fill('22:00');
    await page.getByLabel('Hora de fin').fill('06:00');
    await expect(page.getByTestId('manual-next-day')).toHaveText('día siguiente');
    await expectNoViolations(page, 'add-manual-parada overnight');

    // The service worker controls the page: offline, the badge; then a new version waits.
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.ready).active !== null && navigator.serviceWorker.controller !== null,
    );
    await context.setOffline(true);
    await expect(page.getByTestId('offline-badge')).toHaveText('Sin conexión');
    await expectNoViolations(page, 'offline badge');
    await context.setOffline(false);
    await expect(page.getByTestId('offline-badge')).toHaveCount(0);
    // Another script URL for the same scope installs as a new version that waits for 'Actualizar'.
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next=1', { scope: '/' }).then(() => undefined));
    await expect(page.getByText('Nueva versión disponible')).toBeVisible();
    await expectNoViolations(page, 'update prompt');
  });

  test.describe('without a service worker', () => {
    test.use({ serviceWorkers: 'block' });

    test('no axe-core violation on the section that failed to load, with Reintentar', async ({ page, context, seed }) => {
      const worker = await seed.worker(await seed.station());
      await signIn(page, worker.token, '/dashboard');
      await expect(page.getByRole('button', { name: 'Publicar' })).toBeVisible();
      await context.setOffline(true);
      await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Consultar' }).click();
      await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
      await expectNoViolations(page, 'Reintentar');
      await context.setOffline(false);
      await expect(page.getByRole('heading', { name: 'Consultar Datos' })).toBeVisible();
    });
  });
});
