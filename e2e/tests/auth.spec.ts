import { expect, signIn, test, unique } from '../fixtures';

// Each test seeds its own arcos, workers and data: the file's tests are shared between the workers
// instead of running one after another in one of them (docs/decisions/098-suite-headroom.md).
test.describe.configure({ mode: 'parallel' });

test('a worker registers, signs in choosing nave and station, lands on /dashboard and logs out', async ({ page, seed }) => {
  const station = await seed.station('Nave 2');
  const workerId = unique('reg');

  await page.goto('/login');
  await page.getByRole('link', { name: '¿No tienes una cuenta? Regístrate aquí' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Registrarse' })).toBeVisible();
  await page.getByLabel('ID de Trabajador').fill(workerId);
  await page.getByLabel('Nombre').fill('Marta Soldadora');
  await page.getByLabel('Contraseña').fill('secreto123');
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await expect(page.getByText('¡Registro exitoso! Ahora puedes iniciar sesión.')).toBeVisible();
  // The three fields are cleared after success.
  await expect(page.getByLabel('ID de Trabajador')).toHaveValue('');
  await expect(page.getByLabel('Nombre')).toHaveValue('');
  await expect(page.getByLabel('Contraseña')).toHaveValue('');

  await page.getByRole('link', { name: '¿Ya tienes una cuenta? Inicia Sesión aquí' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
  const arcoSelect = page.getByLabel('Seleccionar Arco Sumergido');
  await expect(arcoSelect).toBeDisabled();
  await page.getByLabel('ID de Trabajador').fill(workerId);
  await page.getByLabel('Contraseña').fill('secreto123');
  await page.getByLabel('Seleccionar Nave').selectOption('Nave 2');
  await expect(arcoSelect).toBeEnabled();
  await arcoSelect.selectOption({ label: station.name });
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  const menu = page.getByRole('button', { name: 'Marta Soldadora' });
  await expect(menu).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();

  await menu.click();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // Without a token the dashboard is closed again.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('changing the nave clears the chosen station and lists only the new nave stations', async ({ page, seed }) => {
  const inNave1 = await seed.station('Nave 1');
  const inNave2 = await seed.station('Nave 2');
  await page.goto('/login');
  const arcoSelect = page.getByLabel('Seleccionar Arco Sumergido');
  await page.getByLabel('Seleccionar Nave').selectOption('Nave 1');
  await arcoSelect.selectOption({ label: inNave1.name });
  await expect(arcoSelect).toHaveValue(String(inNave1.id));

  await page.getByLabel('Seleccionar Nave').selectOption('Nave 2');
  await expect(arcoSelect).toHaveValue('');
  await expect(arcoSelect.getByRole('option', { name: inNave2.name })).toHaveCount(1);
  await expect(arcoSelect.getByRole('option', { name: inNave1.name })).toHaveCount(0);
});

test('registering a worker ID that is taken shows the 409 text', async ({ page, seed }) => {
  const station = await seed.station();
  const existing = await seed.worker(station);
  await page.goto('/register');
  await page.getByLabel('ID de Trabajador').fill(existing.worker_id);
  await page.getByLabel('Nombre').fill('Otra Persona');
  await page.getByLabel('Contraseña').fill('secreto123');
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await expect(page.getByRole('alert')).toHaveText('ID de Trabajador ya registrado. Por favor, usa uno diferente.');
});

test('register validation shows one message at a time, in order', async ({ page }) => {
  await page.goto('/register');
  const submit = page.getByRole('button', { name: 'Registrarse' });
  const alert = page.getByRole('alert');
  await submit.click();
  await expect(alert).toHaveText('El ID de trabajador debe tener al menos 3 caracteres.');
  await page.getByLabel('ID de Trabajador').fill(unique('v'));
  await submit.click();
  await expect(alert).toHaveText('El nombre debe tener al menos 2 caracteres.');
  await page.getByLabel('Nombre').fill('Ana');
  await page.getByLabel('Contraseña').fill('123');
  await submit.click();
  await expect(alert).toHaveText('La contraseña debe tener al menos 6 caracteres.');
});

test('login validation shows one message at a time, in order, and the server answer last', async ({ page, seed }) => {
  const station = await seed.station('Nave 1');
  await page.goto('/login');
  const submit = page.getByRole('button', { name: 'Iniciar Sesión' });
  const alert = page.getByRole('alert');

  await submit.click();
  await expect(alert).toHaveCount(1);
  await expect(alert).toHaveText('El ID de trabajador debe tener al menos 3 caracteres.');

  await page.getByLabel('ID de Trabajador').fill('ab');
  await submit.click();
  await expect(alert).toHaveText('El ID de trabajador debe tener al menos 3 caracteres.');

  await page.getByLabel('ID de Trabajador').fill('nadie-registrado');
  await page.getByLabel('Contraseña').fill('12345');
  await submit.click();
  await expect(alert).toHaveText('La contraseña debe tener al menos 6 caracteres.');

  await page.getByLabel('Contraseña').fill('123456');
  await submit.click();
  await expect(alert).toHaveText('Por favor, selecciona una nave y un arco sumergido.');

  await page.getByLabel('Seleccionar Nave').selectOption('Nave 1');
  await submit.click();
  await expect(alert).toHaveText('Por favor, selecciona una nave y un arco sumergido.');

  await page.getByLabel('Seleccionar Arco Sumergido').selectOption({ label: station.name });
  await submit.click();
  await expect(alert).toHaveText('Credenciales inválidas.');
  await expect(page).toHaveURL(/\/login$/);
});

test('the admin signs in at /admin/login and reaches /admin; a worker gets the 403 text', async ({ page, seed }) => {
  const worker = await seed.worker(await seed.station());

  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('El ID de trabajador y la contraseña son obligatorios.');

  await page.getByLabel('ID de Trabajador').fill(worker.worker_id);
  await page.getByLabel('Contraseña').fill(worker.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Acceso denegado. No tienes permisos de administrador.');
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.getByLabel('ID de Trabajador').fill('e2e-admin');
  await page.getByLabel('Contraseña').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('link', { name: 'Dashboard Usuario' })).toBeVisible();
});

test('a worker typing /admin lands on /admin/login', async ({ page, seed }) => {
  const worker = await seed.worker(await seed.station());
  await signIn(page, worker.token, '/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Login de Administrador' })).toBeVisible();
});

/** A token the browser can decode but whose exp is in the past (the signature is never checked there). */
function expiredToken(): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) - 60;
  const claims = {
    id: 1,
    name: 'Caducado',
    worker_id: 'caducado',
    role: 'user',
    nave: 'Nave 1',
    arco_sumergido_id: 1,
    exp,
    iat: exp - 3600,
  };
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.firma-cualquiera`;
}

test('an expired token in local storage sends /dashboard to /login and is removed', async ({ page }) => {
  await signIn(page, expiredToken(), '/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('an undecodable token sends the profile page to /login and is removed', async ({ page }) => {
  await signIn(page, 'esto-no-es-un-token', '/dashboard/profile');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
