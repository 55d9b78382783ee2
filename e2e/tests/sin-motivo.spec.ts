import { expectNoViolations } from '../a11y';
import { boundStation, expect, signIn, test } from '../fixtures';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

test("a machine parada gets its motivo after it ended, from a worker at the arco ('Paradas sin motivo')", async ({
  page,
  seed,
  baseURL,
}) => {
  const { arco, admin, api, report } = await boundStation(seed, baseURL);
  const worker = await seed.worker(arco, 'Operaria Motivos');
  try {
    // A ten-minute machine stop, ended before the worker looks: no motivo could be given while it ran.
    expect((await report({ state: 'stopped', at: ago(20) })).status()).toBe(200);
    expect((await report({ state: 'running', at: ago(10) })).status()).toBe(200);

    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, worker.token, '/dashboard/paradas-kaiser');
    const card = page.getByTestId('sin-motivo');
    await expect(card.getByRole('heading', { name: 'Paradas sin motivo (1)' })).toBeVisible();
    const item = card.getByTestId('sin-motivo-item');
    await expect(item).toContainText('Máquina');
    await expect(item).toContainText('10 min');
    await expectNoViolations(page, 'paradas sin motivo');
    const box = await card.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(360);

    await item.getByLabel('Motivo').selectOption({ label: 'Avería eléctrica' });
    await item.getByRole('button', { name: 'Añadir motivo' }).click();
    await expect(card.getByText('Motivo añadido a la parada.')).toBeVisible();
    await expect(card.getByTestId('sin-motivo-item')).toHaveCount(0);

    const stops = await api.get('/api/paradas-kaiser', { headers: { Authorization: `Bearer ${admin}` } });
    const ours = ((await stops.json()) as { arco_sumergido_id: number; source: string; motivo_name: string | null }[]).filter(
      (p) => p.arco_sumergido_id === arco.id,
    );
    expect(ours).toEqual([expect.objectContaining({ source: 'machine', motivo_name: 'Avería eléctrica' })]);
  } finally {
    await api.dispose();
  }
});
