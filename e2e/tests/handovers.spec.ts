import { expectNoViolations } from '../a11y';
import { openDevice as device, expect, signIn, test } from '../fixtures';

test('a worker writes the handover; the next shift’s worker reads it first and confirms Leído; admins read it', async ({
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
    await out.getByRole('button', { name: 'Guardar relevo' }).click();
    await expect(out.getByRole('status').filter({ hasText: '¡Relevo guardado!' })).toBeVisible();
    const card = out.getByRole('article');
    await expect(card).toContainText('La tolva de fundente queda vacía');
    await expect(card).toContainText('Falta fundente');
    await expect(card).toContainText('Pendiente de leer');
    await expectNoViolations(out, 'handover written');

    // The incoming shift signs in at the arco: the note is on its first screen.
    const incoming = await seed.worker(arco, 'Iván Entrante');
    await signIn(page, incoming.token, '/dashboard');
    const note = page.getByRole('article', { name: /Relevo de turno/ });
    await expect(note).toContainText('La tolva de fundente queda vacía');
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
