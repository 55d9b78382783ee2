import type { APIRequestContext } from '@playwright/test';
import { wps } from '../../apps/api/test/welds-procedure';
import { expectNoViolations } from '../a11y';
import { expect, signIn, silenceOnlineEvents, test, unique } from '../fixtures';

// A circular out of procedure waits for the decision of Calidad (docs/decisions/092-seam-hold-in-the-weld-records.md):
// on a phone, Calidad of the nave finds it in 'Fuera de procedimiento' with its excursion, opens its
// seam (held at 'Pendiente de decisión' although inspected without defects) and accepts it with a
// reason; the seam is then 'Aceptada' and shows who decided, when and why. A worker without Calidad is
// refused by the server whatever the screen shows.

test.beforeEach(({ context }) => silenceOnlineEvents(context));

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

test('Calidad decides on a circular out of procedure from a phone; a plain worker is refused by the server', async ({ page, seed }) => {
  const api = page.request;
  const admin = await seed.adminToken();
  // A nave of its own: the list of this Calidad holds only this test's circular.
  const nave = await seed.nave();
  const arco = await seed.station(nave);
  const welder = await seed.worker(arco, unique('Soldador '));
  const calidad = await seed.worker(arco, unique('Calidad '));
  const plain = await seed.worker(arco, unique('Operario '));
  await ok(await api.put(`/api/admin/users/${calidad.id}/weld-roles`, { headers: auth(admin), data: { calidad: [nave] } }), 'roles');
  const { procedure } = await ok<{ procedure: { id: number } }>(
    await api.post('/api/welds/procedures', { headers: auth(admin), data: wps(unique('WPS-DEC-'), '2026-01-01') }),
    'procedure',
  );
  await ok(await api.post(`/api/welds/procedures/${procedure.id}/revisions/1/approve`, { headers: auth(admin) }), 'approve');
  const circular = unique('C-');
  const { tramo } = await ok<{ tramo: { id: number } }>(
    await api.post('/api/tramos', {
      headers: auth(welder.token),
      multipart: {
        id_proyecto: 'P-DEC',
        id_tramo: unique('T-'),
        id_circular: circular,
        arco_sumergido_id: String(arco.id),
        circular_fecha: '2026-06-02',
      },
    }),
    'circular',
  );
  await ok(
    await api.put(`/api/welds/seams/${tramo.id}`, {
      headers: auth(admin),
      data: { procedure_id: procedure.id, operator_ids: [welder.id], lot_ids: [] },
    }),
    'weld record',
  );

  // The arco's device reports 10 s of arc that ended a minute ago (the arc opens a pass pending the
  // operator), 750 A for seconds 2 to 8 against the relleno's 550–700 A; the welder confirms the pass
  // as the circular's relleno and ends it: the whole pass is judged and the circular marked.
  const { key } = await ok<{ key: string }>(
    await api.post(`/api/admin/arcos-sumergidos/${arco.id}/machine/key`, { headers: auth(admin) }),
    'device key',
  );
  const t0 = Math.floor(Date.now() / 1000) * 1000 - 60_000;
  const samples = Array.from({ length: 100 }, (_, k) => {
    const second = Math.floor(k / 10);
    return { t: t0 + k * 100, arc: 1, i: second >= 2 && second < 9 ? 750 : 620, u: 32, wf: 2.2, v: 50 };
  });
  await ok(await api.post(`/api/telemetry/arcos/${arco.id}/samples`, { headers: { 'X-Device-Key': key }, data: { samples } }), 'samples');
  await ok(
    await api.post('/api/telemetry/runs', { headers: auth(welder.token), data: { tramo_id: tramo.id, pass_type: 'relleno' } }),
    'run',
  );
  await ok(await api.post('/api/telemetry/runs/current/end', { headers: auth(welder.token) }), 'end');
  // Inspected without defects: every defect closed, and still held.
  const inspected = await ok<{ seam: { state: string; held_for_decision: boolean } }>(
    await api.post(`/api/welds/seams/${tramo.id}/inspections`, {
      headers: auth(calidad.token),
      data: { method: 'VT', extent_percent: 100, inspected_length_mm: 9000, result: 'aceptada', inspected_on: '2026-06-03', defects: [] },
    }),
    'inspection',
  );
  expect(inspected.seam).toMatchObject({ state: 'pendiente', held_for_decision: true });

  // The server refuses a worker without Calidad: the list and the decision.
  expect((await api.get('/api/telemetry/seams/awaiting-decision', { headers: auth(plain.token) })).status()).toBe(403);
  const refused = await api.post(`/api/telemetry/seams/${tramo.id}/decision`, {
    headers: auth(plain.token),
    data: { decision: 'aceptar', reason: 'Sin permiso' },
  });
  expect([refused.status(), (await refused.json()).message]).toEqual([
    403,
    'Solo Calidad de la nave de la circular o un administrador puede hacerlo.',
  ]);

  // Calidad, on a phone: from 'Inspección de soldadura' to the list.
  await signIn(page, calidad.token, '/dashboard/soldadura');
  await page.getByRole('link', { name: 'Fuera de procedimiento' }).click();
  await expect(page.getByRole('heading', { name: 'Circulares fuera de procedimiento' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'espera' })).toHaveText('Una circular espera una decisión.');
  const item = page.getByTestId('awaiting-seam');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('heading')).toHaveText(`Circular ${circular}`);
  // 2 s at 50 cm/min (500 mm/min) before it started: 16,7 mm.
  const excursion = 'Relleno · Intensidad por encima de 700 A: hasta 750 A durante 7 s, a 16,7 mm del inicio de la pasada.';
  await expect(item).toContainText(excursion);
  await expect(item).toContainText(`${arco.name} (${nave})`);
  await expectNoViolations(page, 'circulares awaiting a decision (phone)', '#main');

  await item.getByRole('link', { name: 'Ver y decidir' }).click();
  await expect(page.getByRole('heading', { name: `Circular ${circular}` })).toBeVisible();
  await expect(page.getByTestId('seam-state')).toHaveText('Estado: Pendiente de decisión');
  const judgement = page.getByTestId('seam-judgement');
  await expect(judgement).toContainText('Fuera de procedimiento');
  await expect(judgement).toContainText(excursion);
  await expect(judgement).toContainText('Decisión: Pendiente de decisión');
  await expectNoViolations(page, 'seam awaiting a decision (phone)', '#main');

  await judgement.getByRole('button', { name: 'Registrar la decisión' }).click();
  const form = judgement.getByRole('form', { name: 'Registrar la decisión' });
  // The contract's checks, before anything is sent.
  await form.getByRole('button', { name: 'Registrar decisión' }).click();
  await expect(form.getByRole('alert')).toHaveText('Decisión no válida: aceptar o rechazar.');
  await form.getByLabel('Aceptar la circular').check();
  await form.getByRole('button', { name: 'Registrar decisión' }).click();
  await expect(form.getByRole('alert')).toHaveText('Escribe el motivo de la decisión.');
  await expectNoViolations(page, 'decision form with an error (phone)', '#main');
  await form.getByLabel('Motivo').fill('Pico de intensidad sin efecto: VT conforme.');
  await form.getByRole('button', { name: 'Registrar decisión' }).click();

  await expect(page.getByText('Decisión registrada.')).toBeVisible();
  await expect(page.getByTestId('seam-state')).toHaveText('Estado: Aceptada');
  const decision = judgement.getByTestId('seam-decision');
  await expect(decision).toContainText(`Aceptada · ${calidad.name}, el `);
  await expect(decision).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(decision).toContainText('Pico de intensidad sin efecto: VT conforme.');
  await expectNoViolations(page, 'seam with its decision (phone)', '#main');
  // On a tablet too.
  await page.setViewportSize({ width: 800, height: 1280 });
  await expectNoViolations(page, 'seam with its decision (tablet)', '#main');

  const stored = await ok<{ state: string; held_for_decision: boolean }>(
    await api.get(`/api/welds/seams/${tramo.id}`, { headers: auth(calidad.token) }),
    'seam',
  );
  expect(stored).toMatchObject({ state: 'aceptada', held_for_decision: false });
  await page.goto('/dashboard/soldadura/decisiones');
  await expect(page.getByText('Ninguna circular espera una decisión.')).toBeVisible();

  // The plain worker's phone: the seam reads, the decision is not offered, and the list is the server's refusal.
  await signIn(page, plain.token, `/dashboard/soldadura/${tramo.id}`);
  await expect(page.getByTestId('seam-judgement')).toContainText('Aceptada');
  await expect(page.getByRole('button', { name: 'Cambiar la decisión' })).toHaveCount(0);
  await page.goto('/dashboard/soldadura/decisiones');
  await expect(page.getByRole('alert')).toHaveText('Solo Calidad o un administrador puede hacerlo.');
});
