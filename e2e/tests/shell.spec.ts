import { expect, test } from '../fixtures';

test('any unknown path lands on /login', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in worker sees the shell with their name and the bottom bar', async ({ page, seed }) => {
  const station = await seed.station();
  const worker = await seed.worker(station, 'Lucía Prueba');
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), worker.token);
  await page.goto('/dashboard/paradas-kaiser');
  await expect(page.getByRole('button', { name: 'Lucía Prueba' })).toBeVisible();
  for (const label of ['Home', 'Añadir', 'Consultar', 'Paradas']) {
    await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: label })).toBeVisible();
  }
});
