import type { APIRequestContext } from '@playwright/test';
import { expectNoViolations } from '../a11y';
import { expect, silenceOnlineEvents, test, unique } from '../fixtures';
import { enrol, signInWithPin, station } from '../terminal';

// A circular's consumable lots at the station terminal (docs/decisions/078-terminal-lot-scan.md): a
// barcode scanner types the lot's number and Enter into one field, which records it in that one action;
// the arco's recent lots take one tap; a blocked lot is refused with the server's message.

test.use({ viewport: { width: 800, height: 1280 }, hasTouch: true, isMobile: false });
test.beforeEach(({ context }) => silenceOnlineEvents(context));

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function created<T>(res: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

const lot = async (api: APIRequestContext, admin: string, kind: 'alambre' | 'fundente', lot_number: string) =>
  (
    await created<{ lot: { id: number } }>(
      await api.post('/api/welds/lots', {
        headers: auth(admin),
        data: {
          kind,
          classification: kind === 'alambre' ? 'S2' : 'SA FB 1',
          maker: 'Aceros del Norte',
          lot_number,
          received_on: '2026-11-20',
        },
      }),
      'lot',
    )
  ).lot.id;

test('a lot scanned at the terminal in one action goes with the circular; a blocked lot is refused; a recent lot takes one tap', async ({
  page,
  seed,
}) => {
  const { arco, admin, ana } = await station(seed, page);
  const code = unique('WPS-T-');
  const procedure = (
    await created<{ procedure: { id: number } }>(
      await page.request.post('/api/welds/procedures', {
        headers: auth(admin),
        data: {
          code,
          valid_from: '2026-01-01',
          process: 121,
          material_group: '1.2',
          thickness_min_mm: 10,
          thickness_max_mm: 40,
          wire_classification: 'S2',
          flux_classification: 'SA FB 1',
          passes: [
            {
              pass_type: 'raiz',
              current_min: 450,
              current_max: 550,
              voltage_min: 28,
              voltage_max: 32,
              speed_min: 400,
              speed_max: 550,
              heat_input_min: 1.4,
              heat_input_max: 2.6,
              preheat_min_c: 50,
              interpass_max_c: 250,
            },
          ],
        },
      }),
      'procedure',
    )
  ).procedure;
  await created(await page.request.post(`/api/welds/procedures/${procedure.id}/revisions/1/approve`, { headers: auth(admin) }), 'approve');
  const flux = unique('F-');
  const fluxId = await lot(page.request, admin, 'fundente', flux);
  const wire = unique('W-');
  const wireId = await lot(page.request, admin, 'alambre', wire);
  await created(
    await page.request.post(`/api/welds/lots/${wireId}/block`, { headers: auth(admin), data: { reason: 'Certificado 3.1 pendiente' } }),
    'block',
  );

  await enrol(page, admin, arco);
  await signInWithPin(page, ana, 'name');
  await page.getByRole('button', { name: 'Añadir circular' }).click();
  const form = page.locator('form.terminal-form');
  const circular = unique('C-');
  await form.getByLabel('ID Tramo').fill(unique('T-'));
  await form.getByLabel('ID Proyecto').fill('P-TERM');
  await form.getByLabel('ID Circular').fill(circular);
  await form.getByLabel('Procedimiento (WPS)').selectOption({ label: code });

  // The scanner types the number and Enter: the blocked lot is refused with the server's message…
  const scan = form.getByLabel('Lote de consumible');
  await scan.fill(wire);
  await scan.press('Enter');
  await expect(form.getByRole('alert')).toHaveText(`El lote ${wire} está bloqueado: Certificado 3.1 pendiente`);
  // …the good one is recorded on the circular by that one action, and the circular's form is not sent.
  // Typed at a scanner's pace, as a burst: the terminal's badge reader leaves it to the field.
  await scan.pressSequentially(flux);
  await scan.press('Enter');
  await expect(form.getByText(`Lote ${flux} añadido.`)).toBeVisible();
  await expect(form.getByTestId('terminal-chosen-lots')).toHaveText(`Fundente ${flux}`);
  await expect(scan).toHaveValue('');
  await expect(scan).toBeFocused();
  await expectNoViolations(page, 'terminal circular form with a scanned lot', 'form.terminal-form');
  await form.getByRole('button', { name: 'Añadir circular' }).click();
  await expect(form).toHaveCount(0);

  // The circular's weld record holds the lot, welded by the worker who acted, to the procedure chosen.
  const [tramo] = await created<{ id: number }[]>(
    await page.request.get('/api/tramos/search', { headers: auth(ana.token), params: { id_circular: circular } }),
    'search',
  );
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/welds/seams/${tramo.id}`, { headers: auth(ana.token) });
      if (!res.ok()) return null;
      const seam = (await res.json()) as { procedure_code: string; operators: { user_id: number }[]; lots: { id: number }[] };
      return { procedure: seam.procedure_code, operators: seam.operators.map((o) => o.user_id), lots: seam.lots.map((l) => l.id) };
    })
    .toEqual({ procedure: code, operators: [ana.id], lots: [fluxId] });

  // The next circular: the arco's procedure is kept and its recent lot takes one tap.
  await page.getByRole('button', { name: 'Añadir circular' }).click();
  await expect(form.getByLabel('Procedimiento (WPS)')).toHaveValue(String(procedure.id));
  await form.getByRole('button', { name: `Fundente ${flux}` }).click();
  await expect(form.getByTestId('terminal-chosen-lots')).toHaveText(`Fundente ${flux}`);
});
