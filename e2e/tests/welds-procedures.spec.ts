import { expectNoViolations } from '../a11y';
import { expect, signIn, test, unique } from '../fixtures';

// The procedures (WPS) screen (decision 066): Calidad keeps them from a phone (360 px): create one with
// its pass ranges, approve it, a new revision from a date, approve it, retire the procedure.

test('Calidad creates a procedure, approves it, adds a revision from a date and retires it; the screen is axe-clean', async ({
  page,
  seed,
}) => {
  const station = await seed.station();
  const calidad = await seed.worker(station, unique('Calidad '));
  const admin = await seed.adminToken();
  const roles = await page.request.put(`/api/admin/users/${calidad.id}/weld-roles`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: { calidad: [station.nave] },
  });
  expect(roles.ok()).toBe(true);
  const code = unique('WPS-P-');

  await signIn(page, calidad.token, '/dashboard/soldadura');
  await page.getByRole('link', { name: 'Procedimientos de soldeo (WPS)' }).click();
  await expect(page.getByRole('heading', { name: 'Procedimientos de soldeo (WPS)', exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Crear procedimiento' });
  await form.getByLabel('Código').fill(code);
  await form.getByLabel('En vigor desde').fill('2026-01-01');
  await form.getByLabel('Grupo de material').fill('1.2');
  await form.getByLabel('Espesor mínimo (mm)').fill('10');
  await form.getByLabel('Espesor máximo (mm)').fill('40');
  await form.getByLabel('Clasificación del alambre').fill('S2');
  await form.getByLabel('Clasificación del fundente').fill('SA FB 1');
  const raiz = form.getByRole('group', { name: 'Raíz' });
  for (const [label, value] of [
    ['Corriente mínima (A)', '450'],
    ['Corriente máxima (A)', '550'],
    ['Tensión mínima (V)', '28'],
    ['Tensión máxima (V)', '32'],
    ['Velocidad mínima (mm/min)', '400'],
    ['Velocidad máxima (mm/min)', '550'],
    ['Aporte térmico mínimo (kJ/mm)', '3'],
    ['Aporte térmico máximo (kJ/mm)', '4'],
    ['Precalentamiento mínimo (°C)', '50'],
    ['Temperatura entre pasadas máxima (°C)', '250'],
  ] as const) {
    await raiz.getByLabel(label).fill(value);
  }
  // 32 V × 550 A at 400 mm/min is 2.64 kJ/mm at most: the contract refuses a range from 3 kJ/mm.
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'El rango de aporte térmico no se alcanza con los rangos de corriente, tensión y velocidad de la pasada.',
  );
  await expectNoViolations(page, 'procedures with an error', '#main');
  await raiz.getByLabel('Aporte térmico mínimo (kJ/mm)').fill('1.4');
  await raiz.getByLabel('Aporte térmico máximo (kJ/mm)').fill('2.6');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Procedimiento creado.')).toBeVisible();

  const card = page.getByTestId('procedure').filter({ has: page.getByRole('heading', { name: code, exact: true }) });
  await expect(card.getByTestId('revision')).toContainText('Revisión 1Borrador');
  await card.getByRole('button', { name: 'Aprobar la revisión 1' }).click();
  await expect(page.getByText('Revisión aprobada.')).toBeVisible();
  await expect(card.getByTestId('revision')).toContainText('Aprobada');
  await expect(card.getByTestId('revision')).toContainText(`aprobada por ${calidad.name}`);

  // A new revision from 1 March, filled from the first.
  await card.getByRole('button', { name: 'Nueva revisión' }).click();
  const revision = card.getByRole('form', { name: 'Nueva revisión' });
  await expect(revision.getByLabel('Grupo de material')).toHaveValue('1.2');
  await revision.getByLabel('En vigor desde').fill('2026-03-01');
  await revision.getByLabel('Grupo de material').fill('1.3');
  await revision.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Revisión creada.')).toBeVisible();
  await expect(card.getByTestId('revision').first()).toContainText('Revisión 2Borrador');
  await expect(card.getByTestId('revision').first()).toContainText('01/03/2026');
  await card.getByRole('button', { name: 'Aprobar la revisión 2' }).click();
  await expect(page.getByText('Revisión aprobada.')).toBeVisible();
  await expectNoViolations(page, 'procedures', '#main');

  await card.getByRole('button', { name: 'Retirar' }).click();
  await card.getByLabel('Retirar desde').fill('2026-12-31');
  await card.getByRole('button', { name: 'Confirmar retirada' }).click();
  await expect(page.getByText('Procedimiento retirado.')).toBeVisible();
  await expect(card).toContainText('Retirado desde el 31/12/2026');
  await expect(card.getByRole('button', { name: 'Nueva revisión' })).toHaveCount(0);
});
