import { ADMIN, expect, signIn, test } from '../fixtures';

// Each test seeds its own arcos, workers and data: the file's tests are shared between the workers
// instead of running one after another in one of them (docs/decisions/098-suite-headroom.md).
test.describe.configure({ mode: 'parallel' });

test('the profile page shows the claims of the token', async ({ page, seed }) => {
  const worker = await seed.worker(await seed.station(), 'Pilar Perfil');
  await signIn(page, worker.token, '/dashboard/profile');
  await expect(page.getByRole('heading', { name: 'Perfil de Usuario' })).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText('Pilar Perfil');
  await expect(page.getByTestId('profile-worker-id')).toHaveText(worker.worker_id);
  await expect(page.getByTestId('profile-role')).toHaveText('Trabajador');
});

test('editing the profile changes the name shown in the menu and on the profile page', async ({ page, seed }) => {
  const worker = await seed.worker(await seed.station(), 'Nombre Antiguo');
  await signIn(page, worker.token, '/dashboard/profile');
  await page.getByRole('button', { name: 'Nombre Antiguo' }).click();
  await page.getByRole('button', { name: 'Editar Perfil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Perfil' });
  await expect(dialog.getByLabel('Nombre')).toHaveValue('Nombre Antiguo');
  await expect(dialog.getByLabel('ID de Trabajador')).toHaveValue(worker.worker_id);

  await dialog.getByLabel('Nombre').fill('');
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('El nombre y el ID de trabajador son obligatorios.');

  await dialog.getByLabel('Nombre').fill('Nombre Nuevo');
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Perfil actualizado con éxito!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nombre Nuevo' })).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText('Nombre Nuevo');

  // The change is stored: a reload decodes the new token, and the server agrees.
  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveText('Nombre Nuevo');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).not.toBe(worker.token);
});

test('changing the password, then signing in with the new one', async ({ page, seed }) => {
  const station = await seed.station('Nave 1');
  const worker = await seed.worker(station, 'Clave Cambiante');
  await signIn(page, worker.token, '/dashboard');
  await page.getByRole('button', { name: 'Clave Cambiante' }).click();
  await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambiar Contraseña' });
  const save = dialog.getByRole('button', { name: 'Guardar cambios' });

  await save.click();
  await expect(dialog.getByRole('alert')).toHaveText('Todos los campos de contraseña son obligatorios.');
  await dialog.getByLabel('Contraseña Actual').fill(worker.password);
  await dialog.getByLabel('Nueva Contraseña', { exact: true }).fill('nueva-clave-1');
  await dialog.getByLabel('Confirmar Nueva Contraseña').fill('otra-clave-2');
  await save.click();
  await expect(dialog.getByRole('alert')).toHaveText('Las nuevas contraseñas no coinciden.');
  await dialog.getByLabel('Nueva Contraseña', { exact: true }).fill('corta');
  await dialog.getByLabel('Confirmar Nueva Contraseña').fill('corta');
  await save.click();
  await expect(dialog.getByRole('alert')).toHaveText('La nueva contraseña debe tener al menos 6 caracteres.');

  await dialog.getByLabel('Contraseña Actual').fill('no-es-la-actual');
  await dialog.getByLabel('Nueva Contraseña', { exact: true }).fill('nueva-clave-1');
  await dialog.getByLabel('Confirmar Nueva Contraseña').fill('nueva-clave-1');
  await save.click();
  await expect(dialog.getByRole('alert')).toHaveText('La contraseña actual es incorrecta.');

  await dialog.getByLabel('Contraseña Actual').fill(worker.password);
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Contraseña cambiada con éxito!')).toBeVisible();
  // Still signed in with the token the answer carried.
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Clave Cambiante' }).click();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const signInWith = async (password: string) => {
    await page.getByLabel('ID de Trabajador').fill(worker.worker_id);
    await page.getByLabel('Contraseña').fill(password);
    await page.getByLabel('Seleccionar Nave').selectOption(station.nave);
    await page.getByLabel('Seleccionar Arco Sumergido').selectOption({ label: station.name });
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  };
  await signInWith(worker.password);
  await expect(page.getByRole('alert')).toHaveText('Credenciales inválidas.');
  await signInWith('nueva-clave-1');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Clave Cambiante' })).toBeVisible();
});

test.describe('admin screens (desktop width)', () => {
  // The admin area is used from office desks; the worker screens above run at phone width.
  test.use({ viewport: { width: 1280, height: 800 } });

  test('an admin changes a user role, resets a password and deletes the user', async ({ page, seed, request }) => {
    const station = await seed.station();
    const worker = await seed.worker(station, 'Gestionado Prueba');
    // Filtered to the worker: sorted by name, the list's first page holds whoever the other tests made.
    await signIn(page, await seed.adminToken(), `/admin/users?q=${worker.worker_id}`);
    await expect(page.getByRole('heading', { name: 'Gestión de Usuarios' })).toBeVisible();
    const card = page.getByTestId('user-card').filter({ hasText: worker.worker_id });
    await expect(card).toHaveCount(1);

    const role = card.getByLabel('Rol');
    await expect(role).toHaveValue('user');
    await role.selectOption('admin');
    // A role change is confirmed first (admin-lists.spec.ts covers the cancel).
    await page.getByRole('dialog', { name: 'Confirmar cambio de rol' }).getByRole('button', { name: 'Cambiar rol' }).click();
    await expect(page.getByText('¡Rol de usuario actualizado exitosamente!')).toBeVisible();
    const asAdmin = await request.post('/api/admin/login', { data: { worker_id: worker.worker_id, password: worker.password } });
    expect(asAdmin.status()).toBe(200);
    await page.reload();
    await expect(card.getByLabel('Rol')).toHaveValue('admin');
    await card.getByLabel('Rol').selectOption('user');
    await page.getByRole('dialog', { name: 'Confirmar cambio de rol' }).getByRole('button', { name: 'Cambiar rol' }).click();
    await expect(page.getByText('¡Rol de usuario actualizado exitosamente!')).toBeVisible();
    const asUser = await request.post('/api/admin/login', { data: { worker_id: worker.worker_id, password: worker.password } });
    expect(asUser.status()).toBe(403);

    await card.getByRole('button', { name: 'Restablecer' }).click();
    await expect(page.getByRole('alert')).toHaveText('Por favor, selecciona un usuario y proporciona una nueva contraseña.');
    await card.getByLabel('Nueva contraseña').fill('reiniciada-9');
    await card.getByRole('button', { name: 'Restablecer' }).click();
    await expect(page.getByText('Contraseña restablecida con éxito!')).toBeVisible();
    await expect(card.getByLabel('Nueva contraseña')).toHaveValue('');
    const login = (password: string) =>
      request.post('/api/auth/login', {
        data: { worker_id: worker.worker_id, password, nave: station.nave, arco_sumergido_id: station.id },
      });
    expect((await login(worker.password)).status()).toBe(401);
    expect((await login('reiniciada-9')).status()).toBe(200);

    await card.getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar Eliminación' });
    await expect(confirm.getByText('¿Estás seguro de que quieres eliminar este usuario?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toBeHidden();
    await expect(card).toHaveCount(1);

    await card.getByRole('button', { name: 'Eliminar' }).click();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('¡Usuario eliminado exitosamente!')).toBeVisible();
    await expect(card).toHaveCount(0);
    expect((await login('reiniciada-9')).status()).toBe(401);
  });

  test('a worker blocked by failed logins signs in again once an admin unlocks the account', async ({ page, seed, request }) => {
    const station = await seed.station();
    const worker = await seed.worker(station, 'Bloqueado Prueba');
    const login = (password: string) =>
      request.post('/api/auth/login', {
        data: { worker_id: worker.worker_id, password, nave: station.nave, arco_sumergido_id: station.id },
      });
    // The hard block: one worker ID failing again and again at one address.
    let blocked = false;
    for (let i = 0; i < 30 && !blocked; i++) blocked = (await login('no-es-la-clave')).status() === 429;
    expect(blocked).toBe(true);
    expect((await login(worker.password)).status()).toBe(429);

    await signIn(page, await seed.adminToken(), `/admin/users?q=${worker.worker_id}`);
    const card = page.getByTestId('user-card').filter({ hasText: worker.worker_id });
    await card.getByRole('button', { name: 'Desbloquear inicio de sesión' }).click();
    await expect(page.getByText('Se han borrado los intentos fallidos de inicio de sesión de la cuenta.')).toBeVisible();
    expect((await login(worker.password)).status()).toBe(200);
  });

  test('an admin cannot delete their own account: the server reason is shown in the dialog', async ({ page, seed }) => {
    await signIn(page, await seed.adminToken(), `/dashboard/user-management?q=${ADMIN.worker_id}`);
    const card = page.getByTestId('user-card').filter({ hasText: ADMIN.worker_id });
    await card.getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar Eliminación' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(confirm.getByRole('alert')).toHaveText('No puedes eliminar tu propia cuenta.');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(card).toHaveCount(1);
  });
});

test('the user menu works from the keyboard and closes when left', async ({ page, seed }) => {
  const worker = await seed.worker(await seed.station(), 'Teclado Menú');
  await signIn(page, worker.token, '/dashboard/profile');
  const toggle = page.getByRole('button', { name: 'Teclado Menú' });
  const profile = page.getByRole('button', { name: 'Editar Perfil' });
  const password = page.getByRole('button', { name: 'Cambiar Contraseña' });
  const logout = page.getByRole('button', { name: 'Cerrar Sesión' });
  // The menu's links come first ('Línea de tiempo', 'Relevo de turno', 'Inspección de soldadura', 'Perfil, PIN y avisos'),
  // then the account's items.
  const first = page.getByRole('link', { name: 'Línea de tiempo' });

  // Enter opens it on its first item; the arrows move between items and stop at the ends.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toBeFocused();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  await expect(profile).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(password).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(logout).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(password).toBeFocused();
  // Escape closes it and gives the focus back to the toggle.
  await page.keyboard.press('Escape');
  await expect(password).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  // Arrow Down on the toggle opens it too; Tab out of the menu closes it.
  await page.keyboard.press('ArrowDown');
  await expect(first).toBeFocused();
  for (let i = 0; i < 7; i++) await page.keyboard.press('Tab');
  await expect(profile).toBeHidden();

  // A click elsewhere closes it; choosing an item closes it and opens its dialog.
  await toggle.click();
  await expect(logout).toBeVisible();
  // (Down the page: on a phone the open menu covers the heading.)
  await page.mouse.click(10, 400);
  await expect(logout).toBeHidden();
  // Space toggles it like Enter.
  await toggle.click();
  await page.keyboard.press('Space');
  await expect(logout).toBeHidden();
  await toggle.press('Space');
  await expect(first).toBeFocused();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
  await expect(password).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(password).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Cambiar Contraseña' })).toBeVisible();
});
