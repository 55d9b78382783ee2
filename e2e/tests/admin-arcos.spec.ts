import { expect, signIn, test, unique } from '../fixtures';

// The admin area is used from office desks (the worker screens run at phone width).
test.use({ viewport: { width: 1280, height: 800 } });

test('an admin adds, renames and deletes a station, and the login screen follows', async ({ page, seed, browser }) => {
  const name = unique('Arco E2E ');
  const renamed = `${name} bis`;
  await signIn(page, await seed.adminToken(), '/admin/arcos-sumergidos');
  await expect(page.getByRole('heading', { name: 'Arcos Sumergidos', exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Añadir arco sumergido' });

  await form.getByRole('button', { name: 'Añadir' }).click();
  await expect(form.getByRole('alert')).toHaveText('El nombre del arco es obligatorio.');
  await form.getByLabel('Nombre del arco').fill(name);
  await form.getByRole('button', { name: 'Añadir' }).click();
  await expect(form.getByRole('alert')).toHaveText('La nave es obligatoria.');
  await form.getByLabel('Nave').selectOption('Nave 2');
  await form.getByRole('button', { name: 'Añadir' }).click();
  await expect(page.getByText('Arco sumergido añadido con éxito!')).toBeVisible();
  await expect(form.getByLabel('Nombre del arco')).toHaveValue('');
  const card = (text: string) => page.getByTestId('arco-card').filter({ has: page.getByText(text, { exact: true }) });
  await expect(card(name)).toContainText('Nave 2');

  // A worker at the login screen now finds it under Nave 2.
  const other = await browser.newPage();
  await other.goto('/login');
  await other.getByLabel('Seleccionar Nave').selectOption('Nave 2');
  await expect(other.getByLabel('Seleccionar Arco Sumergido').getByRole('option', { name, exact: true })).toHaveCount(1);

  await card(name).getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Arco Sumergido' });
  await expect(dialog.getByLabel('Nombre del arco')).toHaveValue(name);
  await dialog.getByLabel('Nombre del arco').fill('   ');
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('El nombre del arco es obligatorio.');
  await dialog.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await expect(card(name)).toHaveCount(1);

  await card(name).getByRole('button', { name: 'Editar' }).click();
  await dialog.getByLabel('Nombre del arco').fill(renamed);
  await dialog.getByLabel('Nave').selectOption('Nave 1');
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Arco sumergido actualizado con éxito!')).toBeVisible();
  await expect(card(renamed)).toContainText('Nave 1');
  await expect(card(name)).toHaveCount(0);

  await other.reload();
  await other.getByLabel('Seleccionar Nave').selectOption('Nave 1');
  await expect(other.getByLabel('Seleccionar Arco Sumergido').getByRole('option', { name: renamed, exact: true })).toHaveCount(1);

  await card(renamed).getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar Eliminación' });
  await expect(confirm).toContainText(renamed);
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Arco sumergido eliminado con éxito!')).toBeVisible();
  await expect(card(renamed)).toHaveCount(0);
  await page.reload();
  // Wait for the list (or its empty text) before asserting the absence.
  await expect(page.getByTestId('arco-card').or(page.getByText('No hay arcos sumergidos registrados.')).first()).toBeVisible();
  await expect(card(renamed)).toHaveCount(0);
  await other.close();
});

test('an admin adds, renames and deletes a nave; a nave with stations is kept with the 409 reason', async ({ page, seed }) => {
  const name = unique('Nave E2E ');
  const renamed = `${name} Norte`;
  await signIn(page, await seed.adminToken(), '/admin/naves');
  await expect(page.getByRole('heading', { name: 'Naves', exact: true })).toBeVisible();
  const item = (text: string) => page.getByTestId('nave-item').filter({ has: page.getByText(text, { exact: true }) });
  await expect(item('Nave 1')).toHaveCount(1);

  const form = page.getByRole('form', { name: 'Añadir nave' });
  await form.getByRole('button', { name: 'Añadir' }).click();
  await expect(form.getByText('El nombre de la nave es obligatorio.')).toBeVisible();
  await form.getByLabel('Nombre de la nave').fill(name);
  await form.getByRole('button', { name: 'Añadir' }).click();
  await expect(page.getByText('Nave añadida con éxito!')).toBeVisible();
  await expect(item(name)).toContainText('0 arcos sumergidos');

  await item(name).getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Nave' });
  await expect(dialog.getByLabel('Nombre de la nave')).toHaveValue(name);
  await dialog.getByLabel('Nombre de la nave').fill(renamed);
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Nave actualizada con éxito!')).toBeVisible();
  await expect(item(renamed)).toHaveCount(1);
  await expect(item(name)).toHaveCount(0);

  // A station in it makes the nave undeletable.
  const station = await seed.station(renamed);
  await page.reload();
  await expect(item(renamed)).toContainText('1 arco sumergido');
  await item(renamed).getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar Eliminación' });
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('No se puede eliminar la nave: tiene arcos sumergidos o registros asociados.');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(item(renamed)).toHaveCount(1);

  // Once its station is gone, the nave goes too.
  await page.goto('/admin/arcos-sumergidos');
  const card = page.getByTestId('arco-card').filter({ has: page.getByText(station.name, { exact: true }) });
  await card.getByRole('button', { name: 'Eliminar' }).click();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(card).toHaveCount(0);

  await page.goto('/admin/naves');
  await item(renamed).getByRole('button', { name: 'Eliminar' }).click();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Nave eliminada con éxito!')).toBeVisible();
  await expect(item(renamed)).toHaveCount(0);
});
