import { addDays, factoryToday, isoWeekday } from '@portal/contract/time';
import { expectNoViolations } from '../a11y';
import { expect, signIn, test, unique } from '../fixtures';

const TZ = 'Europe/Madrid';

test('an admin defines a shift that crosses midnight, with a break after midnight, on the Turnos screen', async ({ page, seed }) => {
  const admin = await seed.adminToken();
  const headers = { Authorization: `Bearer ${admin}` };
  // A nave of its own: the shift cannot meet any other test's.
  const nave = unique('Nave Turnos ');
  expect((await page.request.post('/api/admin/naves', { headers, data: { name: nave } })).status()).toBe(201);
  const name = unique('Noche domingo ');

  await signIn(page, admin, '/admin/turnos');
  await expect(page.getByRole('heading', { name: 'Turnos', exact: true })).toBeVisible();
  const noche = page.getByTestId('shift-row').filter({ hasText: 'Noche' }).first();
  await expect(noche).toContainText('22:00');
  await expect(noche).toContainText('termina al día siguiente');
  await expectNoViolations(page, '/admin/turnos');

  const form = page.getByRole('form', { name: 'Añadir turno' });
  await form.getByLabel('Nombre').fill(name);
  await form.getByLabel('Inicio', { exact: true }).fill('22:00');
  await form.getByLabel('Fin', { exact: true }).fill('06:00');
  await expect(form.getByText('Termina al día siguiente')).toBeVisible();
  await form.getByLabel('Nave').selectOption({ label: nave });
  for (const day of ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado']) await form.getByLabel(day).uncheck();
  await form.getByLabel('Domingo').check();
  await form.getByRole('button', { name: 'Añadir descanso' }).click();
  await form.getByLabel('Inicio del descanso').fill('02:00');
  await form.getByLabel('Fin del descanso').fill('02:30');
  await expectNoViolations(page, '/admin/turnos with a break');
  await form.getByRole('button', { name: 'Añadir turno' }).click();
  await expect(page.getByText('¡Turno creado con éxito!')).toBeVisible();

  const row = page.getByTestId('shift-row').filter({ hasText: name });
  await expect(row).toContainText('termina al día siguiente');
  await expect(row).toContainText('02:00–02:30');
  await expect(row).toContainText(nave);

  // The calendar has it from today: next Sunday's night runs into Monday, its break after midnight.
  const today = factoryToday(TZ);
  const sunday = addDays(today, 7 - isoWeekday(today));
  const res = await page.request.get(`/api/shifts/instances?from=${sunday}&to=${sunday}&nave=${encodeURIComponent(nave)}`, { headers });
  const shift = ((await res.json()) as { date: string; name: string; start: string; end: string; breaks: unknown[] }[]).find(
    (s) => s.name === name,
  );
  expect(shift?.date).toBe(sunday);
  // 8 h on an ordinary night (7 or 9 across a daylight-saving change).
  expect([7, 8, 9]).toContain((Date.parse(shift?.end ?? '') - Date.parse(shift?.start ?? '')) / 3_600_000);
  expect(shift?.breaks).toHaveLength(1);
});
