import type { APIRequestContext } from '@playwright/test';
import { expectNoViolations } from '../a11y';
import { expect, openDevice, signIn, test, unique } from '../fixtures';

// The station terminal's admin screens (docs/decisions/036-station-terminal.md,
// 038-station-terminal-web.md): a worker creates a PIN on the profile (phone width), the admin's
// 'Terminal' dialog on an arco gives the code that enrols a tablet, a badge code and 'Restablecer PIN'
// on the user card, and 'Terminales' renames and revokes. Each step checks its effect through the API,
// as the tablet would meet it. The arco sits in a nave of its own, apart from other tests' data.

test.use({ viewport: { width: 1280, height: 800 } });

/** A sign-in at the terminal holding `credential`, as its PIN pad or badge reader sends it. */
const terminalSignIn = (api: APIRequestContext, credential: string, body: { worker_id: string; pin: string } | { badge: string }) =>
  api.post('/api/terminal/sign-in', { headers: { 'X-Terminal-Key': credential }, data: body });

test('a worker sets a PIN, the admin enrols, badges, resets the PIN, renames and revokes the terminal', async ({
  page,
  seed,
  browser,
  baseURL,
}) => {
  const nave = await seed.nave();
  const arco = await seed.station(nave);
  const worker = await seed.worker(arco, unique('Teresa '));
  const pin = '4821';

  // The profile's 'PIN del terminal', on the worker's phone.
  const phone = await openDevice(browser, baseURL);
  await signIn(phone.page, worker.token, '/dashboard/profile');
  const card = phone.page.getByRole('region', { name: 'PIN del terminal' });
  await expect(card.getByTestId('pin-status')).toHaveText('Todavía no tienes PIN.');
  await card.getByLabel('Contraseña actual').fill(worker.password);
  await card.getByLabel('PIN nuevo (4 a 6 cifras)').fill(pin);
  await card.getByRole('button', { name: 'Crear PIN' }).click();
  await expect(card.getByText('PIN guardado.')).toBeVisible();
  await expect(card.getByTestId('pin-status')).toHaveText('Tienes un PIN creado.');
  await expect(card.getByRole('button', { name: 'Cambiar PIN' })).toBeVisible();
  await expectNoViolations(phone.page, 'the profile with its PIN card');
  await phone.context.close();

  // 'Terminal' on the arco: a one-time code, the address with it and its QR.
  await signIn(page, await seed.adminToken(), '/admin/arcos-sumergidos');
  await page.getByRole('button', { name: `Terminal: ${arco.name}` }).click();
  const codeDialog = page.getByRole('dialog', { name: `Código de alta del terminal · ${arco.name}` });
  const codeText = codeDialog.getByTestId('terminal-code');
  await expect(codeText).toHaveText(/^\d{8}$/);
  const code = (await codeText.textContent()) ?? '';
  await expect(codeDialog.getByLabel('Dirección del terminal')).toHaveValue(`${new URL(page.url()).origin}/terminal?code=${code}`);
  await expect(codeDialog.getByRole('img', { name: 'Código QR con la dirección y el código de alta' }).locator('svg')).toHaveCount(1);
  await expectNoViolations(page, "the arco's 'Terminal' dialog", '.modal');
  await codeDialog.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(codeDialog).toBeHidden();

  // The code enrols a tablet once; the new PIN signs in there.
  const enrol = await page.request.post('/api/terminal/enrol', { data: { code } });
  expect(enrol.status()).toBe(201);
  const { credential } = (await enrol.json()) as { credential: string };
  expect((await page.request.post('/api/terminal/enrol', { data: { code } })).status()).toBe(400);
  expect((await terminalSignIn(page.request, credential, { worker_id: worker.worker_id, pin })).status()).toBe(200);

  // The user card: a badge code, then 'Restablecer PIN'.
  const badge = unique('badge-');
  await page.goto(`/admin/users?q=${worker.worker_id}`);
  const userCard = page.getByTestId('user-card').filter({ hasText: `ID: ${worker.worker_id}` });
  await userCard.getByLabel('Código de la tarjeta').fill(badge);
  await userCard.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Tarjeta asignada.')).toBeVisible();
  await expect(userCard.getByText('Código de la tarjeta (tarjeta asignada)')).toBeVisible();
  expect((await terminalSignIn(page.request, credential, { badge })).status()).toBe(200);
  await expectNoViolations(page, 'the user card with a badge');

  await userCard.getByRole('button', { name: 'Restablecer PIN' }).click();
  const resetDialog = page.getByRole('dialog', { name: 'Restablecer PIN' });
  await expect(resetDialog).toContainText(worker.name);
  await expectNoViolations(page, "the 'Restablecer PIN' confirmation", '.modal');
  await resetDialog.getByRole('button', { name: 'Restablecer PIN' }).click();
  await expect(resetDialog).toBeHidden();
  await expect(page.getByText('PIN restablecido. El trabajador debe crear uno nuevo desde su perfil.')).toBeVisible();
  await expect(userCard.getByRole('button', { name: 'Restablecer PIN' })).toHaveCount(0);
  expect((await terminalSignIn(page.request, credential, { worker_id: worker.worker_id, pin })).status()).toBe(401);

  // 'Terminales': the nave's terminal with its last activity, renamed, then revoked.
  await page.goto('/admin/terminales');
  const section = page.locator('section').filter({ has: page.getByRole('heading', { name: nave, exact: true }) });
  const row = section.getByTestId('terminal-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Terminal ${arco.name}`);
  await expect(row).toContainText(arco.name);
  await expect(row).toContainText('Conectado');
  await expect(row.getByRole('cell').nth(2)).not.toHaveText('Nunca');
  await expectNoViolations(page, "the 'Terminales' screen");

  const renamed = unique('Tableta ');
  await row.getByRole('button', { name: `Renombrar: Terminal ${arco.name}` }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Renombrar terminal' });
  await renameDialog.getByLabel('Nombre').fill('');
  await renameDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(renameDialog.getByText('El nombre del terminal es obligatorio.')).toBeVisible();
  await expectNoViolations(page, "the 'Renombrar terminal' dialog", '.modal');
  await renameDialog.getByLabel('Nombre').fill(renamed);
  await renameDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(renameDialog).toBeHidden();
  await expect(page.getByText('Terminal renombrado.')).toBeVisible();
  await expect(row.getByRole('cell').first()).toHaveText(renamed);

  await row.getByRole('button', { name: `Dar de baja: ${renamed}` }).click();
  const revokeDialog = page.getByRole('dialog', { name: 'Dar de baja' });
  await expect(revokeDialog).toContainText(`«${renamed}»`);
  await expectNoViolations(page, "the 'Dar de baja' confirmation", '.modal');
  await revokeDialog.getByRole('button', { name: 'Dar de baja' }).click();
  await expect(revokeDialog).toBeHidden();
  await expect(page.getByText('Terminal dado de baja.')).toBeVisible();
  await expect(row).toContainText('Dado de baja el');
  await expect(row.getByRole('button')).toHaveCount(0);

  // The revoked tablet is refused at once, badge and all.
  expect((await terminalSignIn(page.request, credential, { badge })).status()).toBe(401);
  expect((await page.request.post('/api/terminal/heartbeat', { headers: { 'X-Terminal-Key': credential } })).status()).toBe(401);
});
