import { expectNoViolations } from '../a11y';
import { openDevice as device, expect, markDocument, openLive, sameDocument, signIn, test } from '../fixtures';

test("a worker's cord reaches the supervisor live; 'Voy' reaches the worker and the plant board", async ({
  page,
  browser,
  baseURL,
  seed,
}) => {
  // Three devices, four axe checks: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const nave = await seed.nave();
  const station = await seed.station(nave);
  const office = await seed.station(nave);
  const worker = await seed.worker(station, 'Olga Cordón');
  const supervisor = await seed.worker(office, 'Sergio Supervisor');
  await seed.andonRoles(supervisor.id, { supervisor: [nave] });
  const admin = await seed.adminToken();

  const workerDevice = await device(browser, baseURL);
  const adminDevice = await device(browser, baseURL, 1280, 800);
  try {
    // The supervisor is on the wall, the admin on the plant board: both wait for their live stream.
    await openLive(page, supervisor.token, '/dashboard');
    await expect(page.getByRole('link', { name: 'Avisos', exact: true })).toBeVisible();
    await markDocument(page);
    await openLive(adminDevice.page, admin, '/admin/planta');
    const card = adminDevice.page.locator(`[data-testid="planta-arco"][data-arco-id="${station.id}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('planta-andon')).toHaveCount(0);

    // The worker pulls the cord from the stops screen, with no parada running.
    await openLive(workerDevice.page, worker.token, '/dashboard/paradas-kaiser');
    await workerDevice.page.getByRole('button', { name: 'Llamar supervisor' }).click();
    await expect(workerDevice.page.getByRole('status').filter({ hasText: 'Aviso enviado a supervisor.' })).toBeVisible();

    // The supervisor's bar shows it without a reload, with the arco and the running time, and announces it.
    const bar = page.getByTestId('andon-bar');
    const call = bar.getByTestId('andon-bar-call').filter({ hasText: station.name });
    await expect(call).toBeVisible();
    await expect(call).toContainText('Supervisor');
    await expect(call.getByRole('timer')).toHaveText(/^\d\d:\d\d$/);
    await expect(page.getByTestId('andon-announce')).toContainText(`Nuevo aviso: ${station.name}`);
    expect(await sameDocument(page)).toBe(true);
    // The plant board shows the call's level with nobody coming yet.
    await expect(card.getByTestId('planta-andon')).toHaveAttribute('data-level', 'supervisor');
    await expect(card.getByTestId('planta-andon')).toContainText('Nadie ha respondido aún');
    await expectNoViolations(page, 'the alert bar');

    // 'Voy': focus moves to the same call's 'En el arco'.
    await call.getByRole('button', { name: `Voy: ${station.name}` }).click();
    const arrive = call.getByRole('button', { name: `En el arco: ${station.name}` });
    await expect(arrive).toBeFocused();
    await expect(call).toContainText('Voy: Sergio Supervisor');

    // The worker at the arco and the plant board see who is coming, live.
    await expect(workerDevice.page.getByTestId('andon-cord-calls')).toContainText('Voy: Sergio Supervisor');
    await expect(card.getByTestId('planta-andon-coming')).toContainText('Voy: Sergio Supervisor');
    await expectNoViolations(workerDevice.page, 'the cord with its open call');
    await expectNoViolations(adminDevice.page, 'the plant board with a call');

    // The list: the call, and 'En el arco' from there.
    await page.getByRole('link', { name: 'Avisos', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Avisos' })).toBeVisible();
    const listed = page.locator('main').getByTestId('andon-call').filter({ hasText: station.name });
    await expect(listed).toContainText('Llamada desde el arco');
    await expect(listed).toContainText('Olga Cordón');
    await expectNoViolations(page, 'the Avisos list');
    // 'En el arco' closes a cord pulled without a parada (docs/decisions/043-andon.md): it leaves the
    // list, the bar, the worker's screen and the board; focus goes to the list's heading.
    await listed.getByRole('button', { name: `En el arco: ${station.name}` }).click();
    await expect(listed).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Avisos' })).toBeFocused();
    await expect(bar.getByTestId('andon-bar-call').filter({ hasText: station.name })).toHaveCount(0);
    await expect(workerDevice.page.getByTestId('andon-cord-calls')).toHaveCount(0);
    await expect(card.getByTestId('planta-andon')).toHaveCount(0);
  } finally {
    await workerDevice.context.close();
    await adminDevice.context.close();
  }
});

test('a worker who is not called sees no Avisos; offline, the cord says so and sends nothing', async ({ page, seed }) => {
  const nave = await seed.nave();
  const station = await seed.station(nave);
  const worker = await seed.worker(station, 'Pablo Sinred');
  await signIn(page, worker.token, '/dashboard/paradas-kaiser');
  await expect(page.getByRole('button', { name: 'Llamar mantenimiento' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Avisos', exact: true })).toHaveCount(0);
  await expectNoViolations(page, 'the stops screen with the cord');

  let sent = 0;
  await page.route('**/api/andon/calls', (route) => {
    sent++;
    return route.abort('internetdisconnected');
  });
  await page.getByRole('button', { name: 'Llamar mantenimiento' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sin conexión: el aviso no se ha enviado.' })).toBeVisible();
  expect(sent).toBe(1);
});

test("the admin marks a user's naves, sets the rules, and axe finds nothing on either screen", async ({ page, browser, baseURL, seed }) => {
  // Two devices and five axe checks.
  test.setTimeout(150_000);
  const nave = await seed.nave();
  const station = await seed.station(nave);
  const worker = await seed.worker(station, 'Marta Marcada');
  await signIn(page, await seed.adminToken(), `/admin/users?q=${worker.worker_id}`);
  const userCard = page.getByTestId('user-card').filter({ hasText: worker.worker_id });
  await userCard.getByRole('button', { name: 'Avisos andon' }).click();
  const dialog = page.getByRole('dialog', { name: 'Avisos andon: Marta Marcada' });
  await expect(dialog.getByRole('group', { name: 'Supervisor de' })).toBeVisible();
  await dialog.getByRole('group', { name: 'Mantenimiento de' }).getByLabel(nave).check();
  await expectNoViolations(page, 'the andon roles dialog', '.modal');
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Capacidades de aviso guardadas.' })).toBeVisible();

  // The marked worker now has 'Avisos' and the push opt-in in the profile.
  const phone = await device(browser, baseURL);
  try {
    const workerPage = phone.page;
    await signIn(workerPage, worker.token, '/dashboard/profile');
    await expect(workerPage.getByRole('heading', { name: 'Recibir avisos en este teléfono' })).toBeVisible();
    await expect(workerPage.getByRole('link', { name: 'Avisos', exact: true })).toBeVisible();
    await expectNoViolations(workerPage, 'the profile with the push opt-in');
    await workerPage.getByRole('link', { name: 'Avisos', exact: true }).click();
    await expect(workerPage.getByText('No hay avisos abiertos.')).toBeVisible();
    await expectNoViolations(workerPage, 'the empty Avisos list');
  } finally {
    await phone.context.close();
  }

  await page.goto('/admin/avisos/reglas');
  await expect(page.getByRole('heading', { level: 1, name: 'Reglas de aviso' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(nave) })).toBeVisible();
  await expectNoViolations(page, 'the andon rules');
  // A wrong number is refused before it is sent, in Spanish.
  await page.getByLabel('Supervisor tras (min)', { exact: true }).fill('0');
  await page.getByRole('button', { name: 'Guardar reglas' }).click();
  await expect(page.getByRole('alert')).toHaveText('Los minutos deben ser un número entero entre 1 y 1440.');
});

test('a Mantenimiento capability granted to an open page: Avisos and the alert bar come without a reload, and so does the next call', async ({
  page,
  browser,
  baseURL,
  seed,
}) => {
  test.setTimeout(120_000);
  const nave = await seed.nave();
  const station = await seed.station(nave);
  const office = await seed.station(nave);
  const worker = await seed.worker(station, 'Rita Soldadora');
  const maintainer = await seed.worker(office, 'Mateo Mantenimiento');
  // His page is open before anyone names him: no 'Avisos' yet.
  await openLive(page, maintainer.token, '/dashboard');
  await expect(page.getByRole('heading', { name: /^Muro/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Avisos', exact: true })).toHaveCount(0);
  await markDocument(page);

  await seed.andonRoles(maintainer.id, { maintenance: [nave] });
  await expect(page.getByRole('link', { name: 'Avisos', exact: true })).toBeVisible();

  const phone = await device(browser, baseURL);
  try {
    await openLive(phone.page, worker.token, '/dashboard/paradas-kaiser');
    await phone.page.getByRole('button', { name: 'Llamar mantenimiento' }).click();
    const call = page.getByTestId('andon-bar').getByTestId('andon-bar-call').filter({ hasText: station.name });
    await expect(call).toContainText('Mantenimiento');
    expect(await sameDocument(page)).toBe(true);
    await expectNoViolations(page, 'the alert bar after a capability granted live');

    // Removed: 'Avisos' and the bar go, still without a reload.
    await seed.andonRoles(maintainer.id, {});
    await expect(page.getByRole('link', { name: 'Avisos', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('andon-bar')).toHaveCount(0);
    expect(await sameDocument(page)).toBe(true);
  } finally {
    await phone.context.close();
  }
});
