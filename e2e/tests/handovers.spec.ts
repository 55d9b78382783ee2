import { expectNoViolations } from '../a11y';
import { openDevice as device, expect, markDocument, openLive, sameDocument, setHandoverShiftEnd, signIn, test } from '../fixtures';

test('a worker writes the handover; a colleague of the shift is not offered it; the next shift reads it live, first, and confirms Leído; admins read it', async ({
  seed,
  browser,
  baseURL,
  page,
}) => {
  // Two devices and three axe-core checks: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const arco = await seed.station('Nave 1');
  const outgoing = await seed.worker(arco, 'Rosa Saliente');
  await seed.startParada(outgoing, 'Falta fundente');
  const phone = await device(browser, baseURL, 360, 740);
  try {
    // The outgoing shift writes its note from the menu's 'Relevo de turno'.
    const out = phone.page;
    await signIn(out, outgoing.token, '/dashboard');
    await out.getByRole('button', { name: 'Rosa Saliente' }).click();
    await out.getByRole('link', { name: 'Relevo de turno' }).click();
    await expect(out.getByRole('heading', { name: 'Relevo de turno', level: 1 })).toBeVisible();
    // Before the first save, the figures and open paradas the note will carry.
    await expect(out.getByTestId('handover-draft')).toContainText('Falta fundente');
    await out.getByLabel('Nota para el turno entrante').fill('La tolva de fundente queda vacía; pedido hecho.');
    const saved = out.waitForResponse((r) => new URL(r.url()).pathname === '/api/handovers' && r.request().method() === 'POST');
    await out.getByRole('button', { name: 'Guardar relevo' }).click();
    const handoverId = ((await (await saved).json()) as { handover: { id: number } }).handover.id;
    await expect(out.getByRole('status').filter({ hasText: '¡Relevo guardado!' })).toBeVisible();
    const card = out.getByRole('article');
    await expect(card).toContainText('La tolva de fundente queda vacía');
    await expect(card).toContainText('Falta fundente');
    await expect(card).toContainText('Pendiente de leer');
    await expectNoViolations(out, 'handover written');

    // A colleague of the same shift (still running, whatever the hour the test runs) signs in after it
    // was written: not theirs to read (docs/decisions/059-handover-for-the-next-shift.md).
    setHandoverShiftEnd(handoverId, 3_600_000);
    const colleague = await seed.worker(arco, 'Clara Compañera');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/handovers/arco' && r.ok());
    await signIn(page, colleague.token, '/dashboard');
    expect(((await (await answered).json()) as { pending: unknown }).pending).toBeNull();
    await expect(page.getByRole('heading', { name: /^Muro/ })).toBeVisible();
    await expect(page.getByRole('article', { name: /Relevo de turno/ })).toHaveCount(0);

    // The shift ends; the incoming shift signs in at the arco: the note is on its first screen.
    setHandoverShiftEnd(handoverId, -60_000);
    const incoming = await seed.worker(arco, 'Iván Entrante');
    await openLive(page, incoming.token, '/dashboard');
    const note = page.getByRole('article', { name: /Relevo de turno/ });
    await expect(note).toContainText('La tolva de fundente queda vacía');
    // Its author edits it: the open page follows without a reload.
    await markDocument(page);
    await out.getByLabel('Nota para el turno entrante').fill('La tolva de fundente queda vacía; pedido hecho y confirmado.');
    await out.getByRole('button', { name: 'Actualizar relevo' }).click();
    await expect(note).toContainText('pedido hecho y confirmado');
    expect(await sameDocument(page)).toBe(true);
    await expect(note).toContainText('Rosa Saliente');
    await expectNoViolations(page, 'incoming handover on the first screen');
    await note.getByRole('button', { name: 'Leído' }).click();
    await expect(page.getByRole('status').filter({ hasText: '¡Relevo leído!' })).toBeVisible();
    await expect(note).toBeHidden();

    // The author sees who read it; an admin reads the nave's handovers of the day.
    await out.reload();
    await expect(out.getByTestId('handover-confirmed')).toContainText('Leído por Iván Entrante');
    await expect(out.getByRole('button', { name: 'Actualizar relevo' })).toHaveCount(0);
    // The day the note's shift began (the night shift's is the day before after midnight).
    const mine = await out.request.get('/api/handovers/arco', { headers: { Authorization: `Bearer ${outgoing.token}` } });
    const shiftDate: string = (await mine.json()).current.shift_date;
    const admin = await seed.adminToken();
    await signIn(page, admin, '/admin/relevos');
    await page.getByLabel('Nave', { exact: true }).selectOption('Nave 1');
    await page.getByLabel('Fecha').fill(shiftDate);
    const listed = page.getByRole('article').filter({ hasText: arco.name });
    await expect(listed).toContainText('Leído por Iván Entrante');
    await expectNoViolations(page, 'admin handovers');
  } finally {
    await phone.context.close();
  }
});

test('the admin screens remember the last nave chosen on this browser; the sidebar keeps one width', async ({ page, seed }) => {
  const nave = await seed.nave();
  await page.setViewportSize({ width: 1280, height: 800 });
  const sidebar = async () => (await page.getByRole('complementary', { name: 'Menú de administración' }).boundingBox())!.width;
  await signIn(page, await seed.adminToken(), '/admin/relevos');
  const naveSelect = page.getByLabel('Nave', { exact: true });
  await expect(naveSelect.getByRole('option', { name: nave })).toBeAttached();
  // Not the first nave, so only a remembered choice can bring it back.
  expect(await naveSelect.inputValue()).not.toBe(nave);
  await naveSelect.selectOption(nave);
  const width = await sidebar();
  expect(width).toBe(240);
  await page.goto('/admin/linea-de-tiempo');
  await expect(page.getByLabel('Nave', { exact: true })).toHaveValue(nave);
  expect(await sidebar()).toBe(width);
  // The panel's downtime analysis mounts once reached, below the charts' boxes (docs/decisions/086-admin-charts-when-reached.md);
  // its heading is there before, and is replaced when the analysis mounts.
  const reachDowntime = async () => {
    await page.locator('#downtime-title').waitFor();
    await page.evaluate(() => document.getElementById('downtime-title')?.scrollIntoView());
  };
  await page.goto('/admin');
  await reachDowntime();
  await expect(page.locator('#downtime-nave')).toHaveValue(nave);
  expect(await sidebar()).toBe(width);
  await page.reload();
  await reachDowntime();
  await expect(page.locator('#downtime-nave')).toHaveValue(nave);
});
