import { expectNoViolations } from '../a11y';
import { expect, signIn, test, unique } from '../fixtures';

// A terminal whose budget of wrong PINs ran out (docs/decisions/060-terminal-budget-and-binding.md):
// the plant board and 'Terminales' show 'PIN bloqueado', and 'Desbloquear PIN' opens it again.
// The arco sits in a nave of its own, apart from other tests' data.

test.use({ viewport: { width: 1280, height: 800 } });

test('the admin sees a terminal’s PIN locked on the plant board and in Terminales, and unlocks it', async ({ page, seed }) => {
  const nave = await seed.nave();
  const arco = await seed.station(nave);
  const admin = await seed.adminToken();
  const worker = await seed.worker(arco, unique('Pilar '));
  const auth = { Authorization: `Bearer ${admin}` };
  expect(
    (
      await page.request.put('/api/users/me/pin', {
        headers: { Authorization: `Bearer ${worker.token}` },
        data: { current_password: worker.password, pin: '8080' },
      })
    ).status(),
  ).toBe(204);
  const { code } = (await (await page.request.post(`/api/admin/arcos-sumergidos/${arco.id}/terminal-codes`, { headers: auth })).json()) as {
    code: string;
  };
  const { credential } = (await (await page.request.post('/api/terminal/enrol', { data: { code } })).json()) as { credential: string };
  const guess = (pin: string) =>
    page.request.post('/api/terminal/sign-in', { headers: { 'X-Terminal-Key': credential }, data: { worker_id: worker.worker_id, pin } });
  // The budget of wrong PINs (a tablet sends one at a time), then one more: locked, the right PIN too.
  for (let i = 0; i < 60; i++) expect((await guess(String(1000 + i))).status()).toBe(401);
  expect((await guess('1999')).status()).toBe(429);
  expect((await guess('8080')).status()).toBe(429);

  await signIn(page, admin, '/admin/planta');
  const card = page.getByTestId('planta-terminal').filter({ hasText: `Terminal ${arco.name}` });
  await expect(card.getByTestId('planta-terminal-pin-locked')).toHaveText('PIN bloqueado');

  await page.goto('/admin/terminales');
  const section = page.locator('section').filter({ has: page.getByRole('heading', { name: nave, exact: true }) });
  const row = section.getByTestId('terminal-row');
  await expect(row).toContainText('PIN bloqueado');
  await expectNoViolations(page, "'Terminales' with a terminal's PIN locked");
  await row.getByRole('button', { name: `Desbloquear PIN: Terminal ${arco.name}` }).click();
  await expect(page.getByText('Entrada con PIN del terminal desbloqueada.')).toBeVisible();
  await expect(row).not.toContainText('PIN bloqueado');
  await expect(row.getByRole('button', { name: `Desbloquear PIN: Terminal ${arco.name}` })).toHaveCount(0);
  expect((await guess('8080')).status()).toBe(200);
});
