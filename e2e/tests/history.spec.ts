import { expectNoViolations } from '../a11y';
import { expect, signIn, test, unique } from '../fixtures';

/**
 * The change history reads in Spanish for the newer kinds too (docs/decisions/034-history-in-spanish.md):
 * an act at a tablet says 'desde el terminal «…»', a stop under a minute lasts seconds, records are
 * named, and no internal field name shows.
 */
test('the history names the terminal, the seconds of a short stop and the records', async ({ page, seed }) => {
  const admin = await seed.adminToken();
  const arco = await seed.station();
  const eva = await seed.worker(arco, unique('Eva '));
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const pin = await page.request.put('/api/users/me/pin', {
    headers: auth(eva.token),
    data: { current_password: eva.password, pin: '2468' },
  });
  expect(pin.status()).toBe(204);
  const code = await page.request.post(`/api/admin/arcos-sumergidos/${arco.id}/terminal-codes`, { headers: auth(admin) });
  expect(code.status()).toBe(201);
  const tablet = unique('Tableta ');
  const enrolled = await page.request.post('/api/terminal/enrol', {
    data: { code: ((await code.json()) as { code: string }).code, name: tablet },
  });
  expect(enrolled.status()).toBe(201);
  const { credential } = (await enrolled.json()) as { credential: string };
  const signedIn = await page.request.post('/api/terminal/sign-in', {
    headers: { 'X-Terminal-Key': credential },
    data: { worker_id: eva.worker_id, pin: '2468' },
  });
  expect(signedIn.status()).toBe(200);
  const evaAt = ((await signedIn.json()) as { token: string }).token;
  const atTablet = { ...auth(evaAt), 'X-Terminal-Key': credential };
  // A 40-second stop made at the tablet.
  const started = await page.request.post('/api/paradas-kaiser/start', {
    headers: atTablet,
    data: { client_time: new Date(Date.now() - 40_000).toISOString() },
  });
  expect(started.status()).toBe(201);
  const stopId = ((await started.json()) as { stopId: number }).stopId;
  expect((await page.request.put(`/api/paradas-kaiser/end/${stopId}`, { headers: atTablet, data: {} })).status()).toBe(200);

  await signIn(page, admin, '/admin/historial');
  await page.getByLabel('Tipo de registro').selectOption('parada');
  await page.getByLabel('ID del registro').fill(String(stopId));
  const rows = page.getByTestId('audit-row');
  await expect(rows).toHaveCount(2);
  const ended = rows.filter({ hasText: 'Modificación' });
  await expect(ended).toContainText(`${eva.name} desde el terminal «${tablet}»`);
  await expect(ended).toContainText(`Parada Kaiser #${stopId}`);
  await expect(ended).toContainText(/Duración: — → \d\d segundos/);
  await expect(ended).toContainText(`Finalizada por: — → ${eva.name}`);
  await expect(ended).not.toContainText('minutos');
  await expect(ended).not.toContainText('duration');
  await expect(rows.filter({ hasText: 'Creación' })).toContainText(`Usuario: — → ${eva.name}`);

  // The arco's terminal code: the record by its name, the field by a Spanish one.
  await page.getByLabel('Tipo de registro').selectOption('arco');
  await page.getByLabel('ID del registro').fill(String(arco.id));
  const arcoRow = rows.filter({ hasText: 'Código de alta de terminal generado' });
  await expect(arcoRow).toContainText(`Arco sumergido: ${arco.name}`);
  await expect(arcoRow).toContainText('Código de alta del terminal');
  await expect(arcoRow).not.toContainText('terminal_code');
  await expectNoViolations(page, 'the change history of the newer kinds');
});
