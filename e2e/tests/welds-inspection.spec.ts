import type { APIRequestContext } from '@playwright/test';
import { expectNoViolations } from '../a11y';
import { expect, type Seed, signIn, silenceOnlineEvents, test, unique, type Worker } from '../fixtures';

// A seam inspected on a phone (360 px) without coverage: the inspection, its defect's repair and the
// re-inspection wait in the offline queue and reach the server on reconnecting
// (docs/decisions/077-weld-inspection-offline.md). No page hears the 'online' event: coming back is
// learnt from the requests, as in offline.spec.ts.

test.beforeEach(({ context }) => silenceOnlineEvents(context));

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

const PASS = {
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
};

/** An approved procedure, a qualified welder, a circular welded to it, and an inspector who is Calidad of its nave. */
async function weldedSeam(seed: Seed, api: APIRequestContext) {
  const admin = await seed.adminToken();
  const station = await seed.station();
  const welder = await seed.worker(station, unique('Soldador '));
  const inspector: Worker = await seed.worker(station, unique('Inspectora '));
  await ok(
    await api.put(`/api/admin/users/${inspector.id}/weld-roles`, { headers: auth(admin), data: { calidad: [station.nave] } }),
    'roles',
  );
  const code = unique('WPS-');
  const procedure = (
    await ok<{ procedure: { id: number } }>(
      await api.post('/api/welds/procedures', {
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
          passes: [PASS],
        },
      }),
      'procedure',
    )
  ).procedure;
  await ok(await api.post(`/api/welds/procedures/${procedure.id}/revisions/1/approve`, { headers: auth(admin) }), 'approve');
  await ok(
    await api.post('/api/welds/qualifications', {
      headers: auth(admin),
      data: {
        user_id: welder.id,
        standard: 'ISO 14732',
        certificate_number: unique('CERT-'),
        process: 121,
        issued_on: '2026-01-01',
        expires_on: '2028-01-01',
      },
    }),
    'qualification',
  );
  const circular = unique('C-');
  const tramo = (
    await ok<{ tramo: { id: number } }>(
      await api.post('/api/tramos', {
        headers: auth(welder.token),
        multipart: {
          id_proyecto: 'P-INSP',
          id_tramo: unique('T-'),
          id_circular: circular,
          arco_sumergido_id: String(station.id),
          circular_fecha: '2026-06-02',
        },
      }),
      'tramo',
    )
  ).tramo;
  await ok(
    await api.put(`/api/welds/seams/${tramo.id}`, {
      headers: auth(welder.token),
      data: { procedure_id: procedure.id, operator_ids: [welder.id], lot_ids: [] },
    }),
    'trace',
  );
  return { tramoId: tramo.id, circular, code, welder, inspector };
}

interface ServerSeam {
  state: string;
  inspections: {
    method: string;
    repair_id: number | null;
    defects: {
      code: string;
      position_mm: number;
      length_mm: number;
      level: string;
      repair: { operator_name: string; reinspection_id: number | null } | null;
    }[];
  }[];
}

test('an inspection with a defect, its repair and the re-inspection recorded offline on a phone are sent on reconnecting', async ({
  page,
  context,
  seed,
}) => {
  const { tramoId, circular, code, welder, inspector } = await weldedSeam(seed, page.request);
  const seamOnServer = async () =>
    ok<ServerSeam>(await page.request.get(`/api/welds/seams/${tramoId}`, { headers: auth(inspector.token) }), 'seam');

  // Found by its id from the inspection screen of the worker's menu.
  await signIn(page, inspector.token, '/dashboard/soldadura');
  await expect(page.getByRole('heading', { name: 'Inspección de soldadura', exact: true })).toBeVisible();
  await page.getByLabel('ID de circular').fill(circular);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('link', { name: `Circular ${circular}` }).click();
  await expect(page.getByRole('heading', { name: `Circular ${circular}` })).toBeVisible();
  await expect(page.getByTestId('seam-state')).toHaveText('Estado: Pendiente de inspección');
  await expect(page.getByText(`${code} rev. 1`)).toBeVisible();
  await expectNoViolations(page, 'seam before its inspection', '#main');

  await context.setOffline(true);

  // The inspection: UT over the whole seam, a lack of fusion 300 mm from the start.
  await page.getByRole('button', { name: 'Registrar inspección' }).click();
  const form = page.getByRole('form', { name: 'Registrar inspección' });
  await form.getByLabel('Método').selectOption('UT');
  await form.getByLabel('Longitud inspeccionada (mm)').fill('12000');
  await form.getByRole('button', { name: 'Añadir defecto' }).click();
  await expect(form.getByLabel('Resultado')).toHaveValue('reparar');
  // The contract's check before anything is queued.
  await form.getByRole('button', { name: 'Guardar inspección' }).click();
  await expect(form.getByRole('alert')).toHaveText('La posición debe ser un número entero de milímetros desde el inicio de la circular.');
  await form.getByLabel('Tipo de defecto (ISO 6520-1)').selectOption('401');
  await form.getByLabel('Posición desde el inicio (mm)').fill('300');
  await form.getByLabel('Longitud del defecto (mm)').fill('40');
  await form.getByLabel('Nivel de aceptación (ISO 5817)').selectOption('B');
  await expectNoViolations(page, 'inspection form offline', '#main');
  await form.getByRole('button', { name: 'Guardar inspección' }).click();
  await expect(page.getByText('Sin conexión: la inspección se enviará al reconectar.')).toBeVisible();

  const inspection = page.getByTestId('inspection').first();
  await expect(inspection).toContainText('Inspección UT · Ultrasonidos: Reparar');
  await expect(inspection).toContainText('Pendiente de enviar');
  const defect = inspection.getByTestId('defect');
  await expect(defect).toContainText('401 · Falta de fusión, a 300 mm del inicio, 40 mm, nivel B');

  // Its repair, against the defect of the inspection not yet sent.
  await defect.getByRole('button', { name: 'Registrar reparación' }).click();
  const repair = defect.getByRole('form', { name: 'Registrar reparación' });
  await repair.getByLabel('Procedimiento de la reparación').selectOption({ label: code });
  await repair.getByLabel('Operario de la reparación').selectOption({ label: welder.name });
  await repair.getByRole('button', { name: 'Guardar reparación' }).click();
  await expect(page.getByText('Sin conexión: la reparación se enviará al reconectar.')).toBeVisible();
  await expect(defect.getByTestId('repair')).toContainText(`Reparación: ${code}, por ${welder.name}`);

  // And the repair's re-inspection, accepted.
  await defect.getByRole('button', { name: 'Registrar reinspección' }).click();
  const reinspection = defect.getByRole('form', { name: 'Registrar reinspección' });
  await reinspection.getByLabel('Método').selectOption('MT');
  await reinspection.getByLabel('Longitud inspeccionada (mm)').fill('200');
  await reinspection.getByRole('button', { name: 'Guardar inspección' }).click();
  await expect(page.getByText('Sin conexión: la reinspección se enviará al reconectar.')).toBeVisible();
  await expect(defect.getByTestId('inspection')).toContainText('Reinspección MT · Partículas magnéticas: Aceptada');
  await expect(page.getByTestId('offline-badge')).toContainText('3 acciones pendientes de enviar');
  // The state is the server's: still pending until it has them.
  await expect(page.getByTestId('seam-state')).toHaveText('Estado: Pendiente de inspección');
  await expectNoViolations(page, 'seam with queued records', '#main');
  expect((await seamOnServer()).inspections).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByText('Se han enviado 3 acciones guardadas sin conexión.')).toBeVisible();
  await expect(page.getByTestId('seam-state')).toHaveText('Estado: Aceptada');
  await expect(page.getByText('Pendiente de enviar')).toHaveCount(0);

  const stored = await seamOnServer();
  expect(stored.state).toBe('aceptada');
  expect(stored.inspections.map((i) => i.method)).toEqual(['UT', 'MT']);
  const [found] = stored.inspections[0].defects;
  expect(found).toMatchObject({ code: '401', position_mm: 300, length_mm: 40, level: 'B' });
  expect(found.repair?.operator_name).toBe(welder.name);
  expect(found.repair?.reinspection_id).not.toBeNull();
});

test('a worker without Calidad sees the seam but no forms', async ({ page, seed }) => {
  const { tramoId, welder } = await weldedSeam(seed, page.request);
  await signIn(page, welder.token, `/dashboard/soldadura/${tramoId}`);
  await expect(
    page.getByText('Solo Calidad de la nave de la circular o un administrador puede registrar inspecciones y reparaciones.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Registrar inspección' })).toHaveCount(0);
  await expectNoViolations(page, 'seam read-only', '#main');
});
