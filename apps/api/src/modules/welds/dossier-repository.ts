import type { Db } from '../../db/index';
import { withArcoAndNave, withUserName } from '../../db/names';
import { withProcedureAndRevision } from './seams-repository';

// What the weld dossier reads (docs/decisions/075-weld-dossier.md): a tramo's (or a project's)
// circulares with their seams, and the seams' operators, lots, inspections, defects and repairs, for a
// batch of tramo ids at a time. Reads of tramos, arcos, naves, users and the catalogue take names only
// (docs/decisions/024-one-owner-per-table.md).

/** The circulares of a project (or one of its tramos) in the dossier's order, with their seam when traced. */
export function dossierCirculares(db: Db, idProyecto: string, idTramo: string | undefined) {
  let q = db
    .selectFrom('tramos as t')
    .$call(withArcoAndNave('t.arco_sumergido_id', 't.nave_id'))
    .leftJoin('weld_seams as s', 's.tramo_id', 't.id')
    .leftJoin('weld_procedures as p', 'p.id', 's.procedure_id')
    .leftJoin('weld_revisions as r', 'r.id', 's.revision_id')
    .select([
      't.id',
      't.id_proyecto',
      't.id_tramo',
      't.id_circular',
      't.circular_fecha',
      't.imagen_thumb',
      'a.name as arco',
      'n.name as nave',
      's.state',
      's.qualified',
      's.welded_on',
      'p.code as procedure_code',
      'r.revision',
      'r.process',
      'r.valid_from',
      's.inspected_length_mm',
      's.repaired_length_mm',
    ])
    .where('t.id_proyecto', '=', idProyecto);
  if (idTramo !== undefined) q = q.where('t.id_tramo', '=', idTramo);
  return q.orderBy('t.id_tramo').orderBy('t.id_circular').orderBy('t.id').execute();
}

/** Each seam's operators with the qualification the record keeps for that day (or none). */
export const dossierOperators = (db: Db, tramoIds: number[]) =>
  db
    .selectFrom('weld_seam_operators as o')
    .$call(withUserName('o.user_id', 'u', 'name'))
    .leftJoin('weld_qualifications as q', 'q.id', 'o.qualification_id')
    .select(['o.tramo_id', 'q.standard', 'q.certificate_number', 'q.expires_on', 'o.qualified'])
    .where('o.tramo_id', 'in', tramoIds)
    .orderBy('o.tramo_id')
    .orderBy('o.user_id')
    .execute();

export const dossierLots = (db: Db, tramoIds: number[]) =>
  db
    .selectFrom('weld_seam_lots as sl')
    .innerJoin('weld_lots as l', 'l.id', 'sl.lot_id')
    .select(['sl.tramo_id', 'l.kind', 'l.lot_number', 'l.maker', 'l.classification'])
    .where('sl.tramo_id', 'in', tramoIds)
    .orderBy('sl.tramo_id')
    .orderBy('l.kind')
    .orderBy('l.id')
    .execute();

export const dossierInspections = (db: Db, tramoIds: number[]) =>
  db
    .selectFrom('weld_inspections')
    .select(['id', 'tramo_id', 'method', 'extent_percent', 'inspected_length_mm', 'result', 'inspected_on', 'inspector_name', 'repair_id'])
    .where('tramo_id', 'in', tramoIds)
    .orderBy('tramo_id')
    .orderBy('id')
    .execute();

export const dossierDefects = (db: Db, tramoIds: number[]) =>
  db
    .selectFrom('weld_defects')
    .select(['id', 'tramo_id', 'inspection_id', 'code', 'position_mm', 'length_mm', 'level'])
    .where('tramo_id', 'in', tramoIds)
    .orderBy('tramo_id')
    .orderBy('id')
    .execute();

export const dossierRepairs = (db: Db, tramoIds: number[]) =>
  db
    .selectFrom('weld_repairs as rp')
    .$call(withProcedureAndRevision('rp.procedure_id', 'rp.revision_id'))
    .leftJoin('weld_qualifications as q', 'q.id', 'rp.qualification_id')
    .select(['rp.id', 'rp.tramo_id', 'rp.defect_id', 'rp.operator_name', 'rp.repaired_on', 'rp.qualified', 'q.certificate_number'])
    .where('rp.tramo_id', 'in', tramoIds)
    .orderBy('rp.tramo_id')
    .orderBy('rp.id')
    .execute();
