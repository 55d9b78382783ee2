import { factoryToday } from '@portal/contract/time';
import { type Tramo, tramoCreateFields, tramoMessages, tramoUpdateFields } from '@portal/contract/tramos';
import { userMessages } from '@portal/contract/users';
import type { z } from 'zod';
import type { App } from '../../app';
import { badRequest, forbidden, isForeignKeyViolation, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import type { MultipartInput } from '../../plugins/uploads';
import * as repo from './repository';

export function toTramo(row: repo.TramoRow): Tramo {
  return { ...row, user_name: row.user_name ?? userMessages.deletedUserName };
}

/** Multipart fields are validated with the contract schema so the messages match the client's. */
function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const result = schema.safeParse(fields);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? tramoMessages.arcoRequired);
  return result.data;
}

async function stationOrFail(app: App, id: number) {
  const station = await repo.findStation(app.db, id);
  if (!station) throw badRequest(tramoMessages.arcoUnknown);
  return station;
}

async function reload(app: App, id: number): Promise<Tramo> {
  const row = await repo.findTramo(app.db, id);
  if (!row) throw notFound(tramoMessages.notFound);
  return toTramo(row);
}

export async function getTramo(app: App, id: number): Promise<Tramo> {
  return reload(app, id);
}

/** Owner of the record from the token, nave from the station, date defaulting to the factory's today. */
export async function createTramo(app: App, user: AuthUser, input: MultipartInput): Promise<Tramo> {
  const fields = parseFields(tramoCreateFields, input.fields);
  const station = await stationOrFail(app, Number(fields.arco_sumergido_id));
  const now = nowIso();
  const { id } = await app.images.withImage(input.file?.buffer, (image) =>
    stationGone(
      repo.insertTramo(app.db, {
        id_tramo: fields.id_tramo,
        id_proyecto: fields.id_proyecto,
        id_circular: fields.id_circular,
        circular_fecha: fields.circular_fecha || factoryToday(app.config.factoryTz),
        descripcion: fields.descripcion || null,
        imagen: image?.path ?? null,
        imagen_thumb: image?.thumb ?? null,
        nave_id: station.nave_id,
        arco_sumergido_id: station.id,
        user_id: user.id,
        created_at: now,
        updated_at: now,
      }),
    ),
  );
  return reload(app, id);
}

/** A station deleted between the check and the write is reported like an unknown one, not as a 500. */
async function stationGone<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw badRequest(tramoMessages.arcoUnknown);
    throw error;
  }
}

function assertMayEdit(user: AuthUser, ownerId: number | null) {
  if (user.role !== 'admin' && ownerId !== user.id) throw forbidden();
}

/**
 * Fields not sent keep their values (the admin area sends only the ids and the description); a new
 * file replaces the image, whose old files are removed once the new row is committed.
 */
export async function updateTramo(app: App, user: AuthUser, id: number, input: MultipartInput): Promise<Tramo> {
  const current = await repo.findTramo(app.db, id);
  if (!current) throw notFound(tramoMessages.notFound);
  assertMayEdit(user, current.user_id);
  const fields = parseFields(tramoUpdateFields, input.fields);
  const station = fields.arco_sumergido_id === undefined ? null : await stationOrFail(app, Number(fields.arco_sumergido_id));

  const replaced = await app.images.withImage(input.file?.buffer, (image) =>
    app.db.transaction().execute(async (trx) => {
      const locked = await repo.lockTramoImages(trx, id, app.dbEngine);
      if (!locked) throw notFound(tramoMessages.notFound);
      assertMayEdit(user, locked.user_id);
      const values: Partial<repo.NewTramo> = { updated_at: nowIso() };
      if (fields.id_tramo !== undefined) values.id_tramo = fields.id_tramo;
      if (fields.id_proyecto !== undefined) values.id_proyecto = fields.id_proyecto;
      if (fields.id_circular !== undefined) values.id_circular = fields.id_circular;
      if (fields.descripcion !== undefined) values.descripcion = fields.descripcion || null;
      if (fields.circular_fecha !== undefined) values.circular_fecha = fields.circular_fecha;
      if (station) {
        values.arco_sumergido_id = station.id;
        values.nave_id = station.nave_id;
      }
      if (image) {
        values.imagen = image.path;
        values.imagen_thumb = image.thumb;
      }
      await stationGone(repo.updateTramo(trx, id, values));
      return image ? [locked.imagen, locked.imagen_thumb] : [];
    }),
  );
  await removeQuietly(app, replaced);
  return reload(app, id);
}

/** Admin only (the route's policy); the image files go once the row is gone. */
export async function deleteTramo(app: App, id: number): Promise<void> {
  const files = await app.db.transaction().execute(async (trx) => {
    const locked = await repo.lockTramoImages(trx, id, app.dbEngine);
    if (!locked) throw notFound(tramoMessages.notFound);
    await repo.deleteTramo(trx, id);
    return [locked.imagen, locked.imagen_thumb];
  });
  await removeQuietly(app, files);
}

/** The row is already committed: a file that cannot be removed is logged, not reported as a failure. */
async function removeQuietly(app: App, files: (string | null)[]) {
  try {
    await app.images.remove(...files);
  } catch (error) {
    app.log.error({ err: error, files }, 'could not remove replaced image files');
  }
}

export async function searchTramos(app: App, query: repo.SearchFilters, limit: number): Promise<Tramo[]> {
  return (await repo.searchTramos(app.db, query, limit)).map(toTramo);
}

export async function listTramos(app: App, limit: number, offset: number) {
  const { rows, total } = await repo.listTramos(app.db, limit, offset);
  return { tramos: rows.map(toTramo), total };
}
