import { factoryToday } from '@portal/contract/time';
import { type Tramo, tramoCreateFields, tramoMessages, tramoUpdateFields } from '@portal/contract/tramos';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { badRequest, conflict, forbidden, isForeignKeyViolation, notFound } from '../../lib/errors';
import type { MultipartInput } from '../../lib/images';
import { nowIso } from '../../lib/time';
import { parseOrBadRequest } from '../../lib/validate';
import { findArco } from '../arcos/service';
import { recordAudit } from '../audit/service';
import { hasWeldRecord } from '../welds/service';
import * as repo from './repository';

// Reads other modules make of this module's tables (docs/decisions/024-one-owner-per-table.md).
// The CSV export's batches (modules/exports).
// The admin lists' pages (modules/admin-lists).
export { type AdminTramosFilter, countTramos, isFiltered, pageTramos, pageTramosWithTotal, tramosBatch } from './repository';

/** A row as the contract's Tramo: the query already names the author (db/names.ts). */
export const toTramo = (row: repo.TramoRow): Tramo => row;

async function arcoOrFail(ctx: ServiceContext, id: number) {
  const arco = await findArco(ctx.db, id);
  if (!arco) throw badRequest(tramoMessages.arcoUnknown);
  return arco;
}

export async function getTramo(ctx: ServiceContext, id: number): Promise<Tramo> {
  const row = await repo.findTramo(ctx.db, id);
  if (!row) throw notFound(tramoMessages.notFound);
  return toTramo(row);
}

/** Owner of the record from the token, nave from the station, date defaulting to the factory's today. */
export async function createTramo(ctx: ServiceContext, user: AuthUser, input: MultipartInput): Promise<Tramo> {
  const fields = parseOrBadRequest(tramoCreateFields, input.fields);
  const arco = await arcoOrFail(ctx, Number(fields.arco_sumergido_id));
  const now = nowIso();
  const { id } = await ctx.images.withImage(input.file?.buffer, (image) =>
    arcoGone(
      ctx.db.transaction().execute(async (trx) => {
        const values = {
          id_tramo: fields.id_tramo,
          id_proyecto: fields.id_proyecto,
          id_circular: fields.id_circular,
          circular_fecha: fields.circular_fecha || factoryToday(ctx.tz),
          descripcion: fields.descripcion || null,
          imagen: image?.path ?? null,
          imagen_thumb: image?.thumb ?? null,
          nave_id: arco.nave_id,
          arco_sumergido_id: arco.id,
          user_id: user.id,
          created_at: now,
          updated_at: now,
        };
        const row = await repo.insertTramo(trx, values);
        await recordAudit(trx, { actor: user, entity: 'tramo', entityId: row.id, action: 'create', after: audited(values) });
        return row;
      }),
    ),
  );
  return getTramo(ctx, id);
}

/** A station deleted between the check and the write is reported like an unknown one, not as a 500. */
async function arcoGone<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw badRequest(tramoMessages.arcoUnknown);
    throw error;
  }
}

/** The fields of a circular its audit rows compare. */
const audited = (t: Partial<repo.NewTramo>) => ({
  id_tramo: t.id_tramo,
  id_proyecto: t.id_proyecto,
  id_circular: t.id_circular,
  circular_fecha: t.circular_fecha,
  descripcion: t.descripcion,
  imagen: t.imagen,
  nave_id: t.nave_id,
  arco_sumergido_id: t.arco_sumergido_id,
  user_id: t.user_id,
});

function assertMayEdit(user: AuthUser, ownerId: number | null) {
  if (user.role !== 'admin' && ownerId !== user.id) throw forbidden();
}

/**
 * Fields not sent keep their values (the admin area sends only the ids and the description); a new
 * file replaces the image, whose old files are removed once the new row is committed.
 */
export async function updateTramo(ctx: ServiceContext, user: AuthUser, id: number, input: MultipartInput): Promise<Tramo> {
  const current = await repo.findTramo(ctx.db, id);
  if (!current) throw notFound(tramoMessages.notFound);
  assertMayEdit(user, current.user_id);
  const fields = parseOrBadRequest(tramoUpdateFields, input.fields);
  const arco = fields.arco_sumergido_id === undefined ? null : await arcoOrFail(ctx, Number(fields.arco_sumergido_id));

  const replaced = await ctx.images.withImage(input.file?.buffer, (image) =>
    ctx.db.transaction().execute(async (trx) => {
      const locked = await repo.lockTramoImages(trx, ctx.engine, id);
      if (!locked) throw notFound(tramoMessages.notFound);
      assertMayEdit(user, locked.user_id);
      const values: Partial<repo.NewTramo> = { updated_at: nowIso() };
      if (fields.id_tramo !== undefined) values.id_tramo = fields.id_tramo;
      if (fields.id_proyecto !== undefined) values.id_proyecto = fields.id_proyecto;
      if (fields.id_circular !== undefined) values.id_circular = fields.id_circular;
      if (fields.descripcion !== undefined) values.descripcion = fields.descripcion || null;
      if (fields.circular_fecha !== undefined) values.circular_fecha = fields.circular_fecha;
      if (arco) {
        values.arco_sumergido_id = arco.id;
        values.nave_id = arco.nave_id;
      }
      if (image) {
        values.imagen = image.path;
        values.imagen_thumb = image.thumb;
      }
      const before = await repo.findTramo(trx, id);
      await arcoGone(repo.updateTramo(trx, id, values));
      if (before) {
        const after = { ...audited(before), ...audited({ ...before, ...values }) };
        await recordAudit(trx, { actor: user, entity: 'tramo', entityId: id, action: 'update', before: audited(before), after });
      }
      return image ? [locked.imagen, locked.imagen_thumb] : [];
    }),
  );
  await removeQuietly(ctx, replaced);
  return getTramo(ctx, id);
}

/** Admin only (the route's policy); the image files go once the row is gone. */
export async function deleteTramo(ctx: ServiceContext, id: number, actor: AuthUser | null = null): Promise<void> {
  const files = await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.lockTramoImages(trx, ctx.engine, id);
    if (!locked) throw notFound(tramoMessages.notFound);
    if (await hasWeldRecord(trx, id)) throw conflict(tramoMessages.hasWeldRecord);
    const before = await repo.findTramo(trx, id);
    await repo.deleteTramo(trx, id);
    await recordAudit(trx, { actor, entity: 'tramo', entityId: id, action: 'delete', before: before && audited(before) });
    return [locked.imagen, locked.imagen_thumb];
  });
  await removeQuietly(ctx, files);
}

/** The row is already committed: a file that cannot be removed is logged, not reported as a failure. */
async function removeQuietly(ctx: ServiceContext, files: (string | null)[]) {
  try {
    await ctx.images.remove(...files);
  } catch (error) {
    ctx.log.error({ err: error, files }, 'could not remove replaced image files');
  }
}

export async function searchTramos(ctx: ServiceContext, query: repo.SearchFilters, limit: number): Promise<Tramo[]> {
  return (await repo.searchTramos(ctx.db, ctx.engine, query, limit)).map(toTramo);
}

/** An arco's latest circulares: the station terminal's home. */
export async function latestOfArco(ctx: ServiceContext, arcoId: number, limit: number): Promise<Tramo[]> {
  return (await repo.latestOfArco(ctx.db, arcoId, limit)).map(toTramo);
}

export async function listTramos(ctx: ServiceContext, limit: number, offset: number) {
  const { rows, total } = await repo.listTramos(ctx.db, limit, offset);
  return { tramos: rows.map(toTramo), total };
}
