import sharp from 'sharp';
import { expect, test, unique } from '../fixtures';

// Each test seeds its own arcos, workers and data: the file's tests are shared between the workers
// instead of running one after another in one of them (docs/decisions/098-suite-headroom.md).
test.describe.configure({ mode: 'parallel' });

/** A small sideways JPEG made on the fly (no binary fixtures in the repository). */
const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

interface TramoJson {
  id: number;
  id_tramo: string;
  descripcion: string | null;
  imagen: string | null;
  user_id: number | null;
}

test('a worker adds a circular with a photo, finds and edits it; another worker cannot edit; an admin deletes it', async ({
  page,
  seed,
  request,
}) => {
  const station = await seed.station('Nave 1');
  const owner = await seed.worker(station, 'Olga Dueña');
  const other = await seed.worker(station, 'Pablo Otro');
  const idTramo = unique('TRM-');

  // Añadir Circular: validation first, then a real submission with a photo.
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), owner.token);
  await page.goto('/dashboard/add-circular');
  await expect(page.getByRole('heading', { name: 'Añadir Circular' })).toBeVisible();
  const stationSelect = page.getByLabel('Arco Sumergido');
  await expect(stationSelect).toBeEnabled();
  await expect(stationSelect).toHaveValue(String(station.id));

  await page.getByLabel('ID Tramo').fill('ab');
  await page.getByRole('button', { name: 'Añadir Circular' }).click();
  await expect(page.getByRole('alert')).toHaveText('El ID de Tramo debe tener al menos 3 caracteres.');

  await page.getByLabel('ID Tramo').fill(idTramo);
  await page.getByLabel('ID Proyecto').fill('PRY-E2E');
  await page.getByLabel('ID Circular').fill('CIR-E2E');
  await page.getByLabel('Descripción').fill('Primera pasada');
  await page.getByLabel('Imagen (opcional)').setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await expect(page.getByAltText('Vista previa de la imagen')).toBeVisible();
  await page.getByRole('button', { name: 'Añadir Circular' }).click();
  await expect(page.getByText('¡Circular añadida exitosamente!')).toBeVisible();
  await expect(page.getByLabel('ID Tramo')).toHaveValue('');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(page.getByAltText('Vista previa de la imagen')).toHaveCount(0);

  const stored = await request.get(`/api/tramos/search?id_tramo=${encodeURIComponent(idTramo)}`, {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  const [created] = (await stored.json()) as TramoJson[];
  expect(created).toMatchObject({ id_tramo: idTramo, user_id: owner.id, descripcion: 'Primera pasada' });
  expect(created.imagen).toMatch(/^\/uploads\/.+\.webp$/);
  expect((await request.get(created.imagen!)).status()).toBe(200);

  // Consultar Datos: search by a lower-case part of the id, then edit from the results.
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Consultar' }).click();
  await expect(page.getByRole('heading', { name: 'Consultar Datos' })).toBeVisible();
  await page.getByLabel('ID Tramo').fill(idTramo.slice(0, -1).toLowerCase());
  await page.getByRole('button', { name: 'Buscar' }).click();
  const results = page.getByRole('dialog', { name: 'Resultados de la búsqueda' });
  await expect(results.getByText('Se encontró 1 resultado.')).toBeVisible();
  await expect(results.getByAltText(`Imagen del tramo ${idTramo}`)).toBeVisible();
  await results.getByRole('button', { name: `Editar tramo ${idTramo}` }).click();

  const edit = page.getByRole('dialog', { name: 'Editar Circular' });
  await expect(edit.getByLabel('ID Tramo')).toHaveValue(idTramo);
  await edit.getByLabel('Fecha de la Circular').fill('');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(edit.getByRole('alert')).toHaveText('La fecha de la circular es obligatoria.');
  await edit.getByLabel('Fecha de la Circular').fill('2026-03-02');
  await edit.getByLabel('Descripción').fill('Revisada en planta');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('¡Circular actualizada exitosamente!')).toBeVisible();
  await expect(edit).toBeHidden();
  const latest = page.getByRole('list', { name: 'Últimas circulares' });
  // Mobile first: nothing on the worker screen is wider than the 360 px phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(latest.getByText('Revisada en planta')).toBeVisible();
  await expect(latest.getByText('02/03/2026')).toBeVisible();

  const afterEdit = (await (
    await request.get(`/api/tramos/${created.id}`, { headers: { Authorization: `Bearer ${owner.token}` } })
  ).json()) as TramoJson;
  expect(afterEdit).toMatchObject({ descripcion: 'Revisada en planta', imagen: created.imagen });

  // Another worker finds it too, but gets no Editar.
  await page.evaluate((t) => localStorage.setItem('token', t), other.token);
  await page.goto('/dashboard/consultar-datos');
  await expect(page.getByRole('button', { name: 'Pablo Otro' })).toBeVisible();
  await page.getByLabel('ID Tramo').fill(idTramo);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const otherResults = page.getByRole('dialog', { name: 'Resultados de la búsqueda' });
  await expect(otherResults.getByText('Se encontró 1 resultado.')).toBeVisible();
  await expect(otherResults.getByText('Olga Dueña')).toBeVisible();
  await expect(otherResults.getByRole('link', { name: 'Ver detalles' })).toBeVisible();
  await expect(otherResults.getByRole('button', { name: /Editar/ })).toHaveCount(0);

  // The detail page, and Volver back to Consultar Datos.
  await otherResults.getByRole('link', { name: 'Ver detalles' }).click();
  await expect(page.getByRole('heading', { name: 'Detalles del Tramo' })).toBeVisible();
  await expect(page.getByText('Revisada en planta')).toBeVisible();
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page).toHaveURL(/\/dashboard\/consultar-datos$/);

  // The admin deletes it from /admin/circulares; its image URL then answers 404.
  const admin = await seed.adminToken();
  await page.evaluate((t) => localStorage.setItem('token', t), admin);
  await page.goto('/admin/circulares');
  await expect(page.getByRole('heading', { name: 'Circulares' })).toBeVisible();
  // The list is paged and other tests add circulares of the same day: find this one as an admin would.
  await page.getByRole('searchbox', { name: 'Buscar texto' }).fill(idTramo);
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  const card = page.getByLabel(`Tramo ${idTramo}`, { exact: true });
  await expect(card.getByAltText(`Imagen del tramo ${idTramo}`)).toBeVisible();
  await page.getByRole('button', { name: `Eliminar tramo ${idTramo}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar Eliminación' });
  await expect(confirm.getByText('¿Estás seguro de que quieres eliminar este tramo?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Circular eliminada con éxito!')).toBeVisible();
  await expect(page.getByLabel(`Tramo ${idTramo}`, { exact: true })).toHaveCount(0);

  expect((await request.get(created.imagen!)).status()).toBe(404);
  const gone = await request.get(`/api/tramos/${created.id}`, { headers: { Authorization: `Bearer ${admin}` } });
  expect(gone.status()).toBe(404);
});

test('Detalles del Tramo says Tramo no encontrado. for an unknown id', async ({ page, seed }) => {
  const station = await seed.station('Nave 2');
  const worker = await seed.worker(station);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), worker.token);
  await page.goto('/dashboard/tramo/99999999');
  await expect(page.getByText('Tramo no encontrado.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Volver' })).toBeVisible();
});

/** Creates a circular through the API as a worker would from Añadir Circular. */
async function apiCreate(
  request: import('@playwright/test').APIRequestContext,
  token: string,
  stationId: number,
  idTramo: string,
  withPhoto = false,
): Promise<TramoJson> {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    id_tramo: idTramo,
    id_proyecto: 'PRY-ADM',
    id_circular: 'CIR-ADM',
    descripcion: 'Para administrar',
    arco_sumergido_id: String(stationId),
  };
  if (withPhoto) multipart.imagen = { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: await photo() };
  const res = await request.post('/api/tramos', { multipart, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { tramo: TramoJson }).tramo;
}

test('an admin edits a circular in /admin/circulares and deletes one from Todos los Tramos', async ({ page, seed, request }) => {
  const station = await seed.station('Nave 1');
  const worker = await seed.worker(station, 'Rosa Registro');
  const editMe = await apiCreate(request, worker.token, station.id, unique('EDT-'), true);
  const deleteMe = await apiCreate(request, worker.token, station.id, unique('DEL-'));
  const admin = await seed.adminToken();

  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), admin);
  await page.goto('/admin/circulares');
  await expect(page.getByRole('link', { name: 'Añadir nueva circular' })).toHaveAttribute('href', '/dashboard/add-circular');
  const thumb = page.getByLabel(`Tramo ${editMe.id_tramo}`, { exact: true }).getByAltText(`Imagen del tramo ${editMe.id_tramo}`);
  await expect(thumb).toHaveAttribute('width', '100');
  await expect(thumb).toHaveAttribute('loading', 'lazy');

  await page.getByRole('button', { name: `Editar tramo ${editMe.id_tramo}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Circular' });
  await edit.getByLabel('ID Proyecto').fill('p');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(edit.getByRole('alert')).toHaveText('El ID de Proyecto debe tener al menos 3 caracteres.');
  await edit.getByLabel('ID Proyecto').fill('PRY-REVISADO');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Circular actualizada con éxito!')).toBeVisible();
  await expect(page.getByLabel(`Tramo ${editMe.id_tramo}`, { exact: true }).getByText('PRY-REVISADO')).toBeVisible();
  const edited = (await (
    await request.get(`/api/tramos/${editMe.id}`, { headers: { Authorization: `Bearer ${admin}` } })
  ).json()) as TramoJson & {
    id_proyecto: string;
  };
  expect(edited).toMatchObject({ id_proyecto: 'PRY-REVISADO', imagen: editMe.imagen, user_id: worker.id });

  await page.goto('/dashboard/admin-view-all');
  await expect(page.getByRole('heading', { name: 'Todos los Tramos' })).toBeVisible();
  await page.getByRole('button', { name: `Eliminar tramo ${deleteMe.id_tramo}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar Eliminación' });
  await expect(confirm.getByText('¿Estás seguro de que quieres eliminar este tramo?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('¡Tramo eliminado exitosamente!')).toBeVisible();
  await expect(page.getByLabel(`Tramo ${deleteMe.id_tramo}`, { exact: true })).toHaveCount(0);
  const gone = await request.get(`/api/tramos/${deleteMe.id}`, { headers: { Authorization: `Bearer ${admin}` } });
  expect(gone.status()).toBe(404);
});

test('a demoted admin on /admin/circulares sees the refusal and keeps the session', async ({ page, seed, request }) => {
  const station = await seed.station('Nave 1');
  const worker = await seed.worker(station, 'Ana Degradada');
  const target = await apiCreate(request, worker.token, station.id, unique('KEEP-'));
  const admin = await seed.adminToken();
  const auth = { Authorization: `Bearer ${admin}` };
  expect((await request.put(`/api/admin/users/${worker.id}/role`, { data: { role: 'admin' }, headers: auth })).status()).toBe(200);
  const login = await request.post('/api/admin/login', { data: { worker_id: worker.worker_id, password: worker.password } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  expect((await request.put(`/api/admin/users/${worker.id}/role`, { data: { role: 'user' }, headers: auth })).status()).toBe(200);

  // The token still says admin, the server no longer does: the delete answers 403.
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), accessToken);
  await page.goto('/admin/circulares');
  await page.getByRole('button', { name: `Eliminar tramo ${target.id_tramo}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar Eliminación' });
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('Acceso denegado. No tienes permisos de administrador.');
  await expect(page).toHaveURL(/\/admin\/circulares$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(accessToken);
  const still = await request.get(`/api/tramos/${target.id}`, { headers: auth });
  expect(still.status()).toBe(200);
});
