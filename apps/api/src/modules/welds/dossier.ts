import { factoryToday } from '@portal/contract/time';
import {
  type AcceptanceLevel,
  DEFECT_TYPES,
  type DefectType,
  type InspectionMethod,
  type InspectionResult,
  type LotKind,
  weldMessages as m,
  type SeamState,
} from '@portal/contract/welds';
import { type DossierQuery, dossierMessages as d } from '@portal/contract/welds-dossier';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { notFound } from '../../lib/errors';
import { uploadKeyOf } from '../../lib/images';
import { BOM, plainDate, row } from '../exports/service';
import * as repo from './dossier-repository';
import { assertKeeper, getSettings } from './service';

// The weld dossier of a tramo or a project (docs/decisions/075-weld-dossier.md): read once into a plain
// model (text only, a few hundred bytes per circular), from which the PDF (dossier-pdf.ts) and the CSV
// are written. Who may have it: as the recalls, administrators and Calidad of any nave.

export interface DossierRepair {
  procedure: string;
  operator: string;
  certificate: string | null;
  repaired_on: string;
  qualified: boolean;
}
export interface DossierDefect {
  id: number;
  code: string;
  name: string;
  position_mm: number;
  length_mm: number;
  level: AcceptanceLevel;
  repair: DossierRepair | null;
}
export interface DossierInspection {
  method: InspectionMethod;
  extent_percent: number;
  inspected_length_mm: number;
  result: InspectionResult;
  inspected_on: string;
  inspector: string;
  /** Set on a re-inspection: the defect whose repair it checks. */
  reinspects: Pick<DossierDefect, 'code' | 'name' | 'position_mm'> | null;
  defects: DossierDefect[];
}
export interface DossierOperator {
  name: string;
  standard: string | null;
  certificate: string | null;
  expires_on: string | null;
  qualified: boolean;
}
export interface DossierLot {
  kind: LotKind;
  lot_number: string;
  maker: string;
  classification: string;
}
export interface DossierSeam {
  state: SeamState;
  qualified: boolean;
  procedure: string;
  revision: number;
  process: number;
  valid_from: string;
  inspected_length_mm: number;
  repaired_length_mm: number;
  operators: DossierOperator[];
  lots: DossierLot[];
  inspections: DossierInspection[];
}
export interface DossierCircular {
  id: number;
  id_proyecto: string;
  id_tramo: string;
  id_circular: string;
  circular_fecha: string;
  arco: string;
  nave: string;
  /** The photo's thumbnail in the object store (uploads/<uuid>_thumb.webp), or null without one. */
  photo: string | null;
  seam: DossierSeam | null;
}
export interface DossierSummary {
  circulares: number;
  withRecord: number;
  accepted: number;
  toRepair: number;
  pending: number;
  flagged: number;
  inspections: number;
  defects: number;
  repairs: number;
  inspectedLengthMm: number;
  repairedLengthMm: number;
  procedures: string[];
  operators: string[];
  lots: string[];
}
export interface Dossier {
  plant: string;
  id_proyecto: string;
  id_tramo: string | null;
  generated_on: string;
  circulares: DossierCircular[];
  summary: DossierSummary;
}

/** Ids read per statement: well under either engine's limit of bound parameters. */
const BATCH = 500;

function groupBy<T extends { tramo_id: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const r of rows) {
    const list = map.get(r.tramo_id);
    if (list) list.push(r);
    else map.set(r.tramo_id, [r]);
  }
  return map;
}

const defectName = (code: string) => DEFECT_TYPES[code as DefectType] ?? code;

export const lotLabel = (l: DossierLot) => `${m.lotKindName[l.kind]} ${l.lot_number} (${l.classification}, ${l.maker})`;
export const operatorLabel = (o: DossierOperator) =>
  o.certificate ? `${o.name} (${o.standard} ${o.certificate}, ${d.expires} ${plainDate(o.expires_on ?? '')})` : o.name;

/** The dossier's content, read once; 404 when the project (or its tramo) has no circular. */
export async function readDossier(ctx: ServiceContext, user: AuthUser, query: DossierQuery): Promise<Dossier> {
  await assertKeeper(ctx, user);
  const heads = await repo.dossierCirculares(ctx.db, query.id_proyecto, query.id_tramo);
  if (!heads.length) throw notFound(query.id_tramo === undefined ? d.projectNotFound : d.tramoNotFound);
  const traced = heads.filter((h) => h.state !== null).map((h) => h.id);
  const operators = new Map<number, Awaited<ReturnType<typeof repo.dossierOperators>>>();
  const lots = new Map<number, Awaited<ReturnType<typeof repo.dossierLots>>>();
  const inspections = new Map<number, Awaited<ReturnType<typeof repo.dossierInspections>>>();
  const defects = new Map<number, Awaited<ReturnType<typeof repo.dossierDefects>>>();
  const repairs = new Map<number, Awaited<ReturnType<typeof repo.dossierRepairs>>>();
  for (let i = 0; i < traced.length; i += BATCH) {
    const ids = traced.slice(i, i + BATCH);
    const [o, l, ins, de, rp] = await Promise.all([
      repo.dossierOperators(ctx.db, ids),
      repo.dossierLots(ctx.db, ids),
      repo.dossierInspections(ctx.db, ids),
      repo.dossierDefects(ctx.db, ids),
      repo.dossierRepairs(ctx.db, ids),
    ]);
    for (const [map, rows] of [
      [operators, o],
      [lots, l],
      [inspections, ins],
      [defects, de],
      [repairs, rp],
    ] as const)
      for (const [id, list] of groupBy(rows as { tramo_id: number }[])) (map as Map<number, unknown[]>).set(id, list);
  }

  const circulares: DossierCircular[] = heads.map((h) => {
    const base = {
      id: h.id,
      id_proyecto: h.id_proyecto,
      id_tramo: h.id_tramo,
      id_circular: h.id_circular,
      circular_fecha: h.circular_fecha,
      arco: h.arco,
      nave: h.nave,
      photo: uploadKeyOf(h.imagen_thumb),
    };
    if (h.state === null || h.procedure_code === null) return { ...base, seam: null };
    const repairOf = new Map((repairs.get(h.id) ?? []).map((r) => [r.defect_id, r]));
    const seamDefects: (DossierDefect & { inspection_id: number })[] = (defects.get(h.id) ?? []).map((x) => {
      const r = repairOf.get(x.id);
      return {
        inspection_id: x.inspection_id,
        id: x.id,
        code: x.code,
        name: defectName(x.code),
        position_mm: x.position_mm,
        length_mm: x.length_mm,
        level: x.level,
        repair: r
          ? {
              procedure: `${r.procedure_code} ${d.revision} ${r.revision}`,
              operator: r.operator_name,
              certificate: r.certificate_number,
              repaired_on: r.repaired_on,
              qualified: r.qualified === 1,
            }
          : null,
      };
    });
    const defectOfRepair = new Map((repairs.get(h.id) ?? []).map((r) => [r.id, r.defect_id]));
    const byId = new Map(seamDefects.map((x) => [x.id, x]));
    return {
      ...base,
      seam: {
        state: h.state,
        qualified: h.qualified === 1,
        procedure: h.procedure_code,
        revision: h.revision ?? 0,
        process: h.process ?? 0,
        valid_from: h.valid_from ?? '',
        inspected_length_mm: h.inspected_length_mm ?? 0,
        repaired_length_mm: h.repaired_length_mm ?? 0,
        operators: (operators.get(h.id) ?? []).map((o) => ({
          name: o.name,
          standard: o.standard,
          certificate: o.certificate_number,
          expires_on: o.expires_on,
          qualified: o.qualified === 1,
        })),
        lots: (lots.get(h.id) ?? []).map(({ tramo_id: _t, ...l }) => l),
        inspections: (inspections.get(h.id) ?? []).map((i) => {
          const checked = i.repair_id === null ? undefined : byId.get(defectOfRepair.get(i.repair_id) ?? 0);
          return {
            method: i.method,
            extent_percent: i.extent_percent,
            inspected_length_mm: i.inspected_length_mm,
            result: i.result,
            inspected_on: i.inspected_on,
            inspector: i.inspector_name,
            reinspects: checked ? { code: checked.code, name: checked.name, position_mm: checked.position_mm } : null,
            defects: seamDefects.filter((x) => x.inspection_id === i.id).map(({ inspection_id: _i, ...x }) => x),
          };
        }),
      },
    };
  });

  const settings = await getSettings(ctx);
  return {
    plant: settings.plant_name || d.plantUnnamed,
    id_proyecto: query.id_proyecto,
    id_tramo: query.id_tramo ?? null,
    generated_on: factoryToday(ctx.tz),
    circulares,
    summary: summarize(circulares),
  };
}

function summarize(circulares: DossierCircular[]): DossierSummary {
  const s: DossierSummary = {
    circulares: circulares.length,
    withRecord: 0,
    accepted: 0,
    toRepair: 0,
    pending: 0,
    flagged: 0,
    inspections: 0,
    defects: 0,
    repairs: 0,
    inspectedLengthMm: 0,
    repairedLengthMm: 0,
    procedures: [],
    operators: [],
    lots: [],
  };
  const procedures = new Set<string>();
  const operators = new Set<string>();
  const lots = new Set<string>();
  for (const c of circulares) {
    const seam = c.seam;
    if (!seam) continue;
    s.withRecord++;
    if (seam.state === 'aceptada') s.accepted++;
    else if (seam.state === 'reparar') s.toRepair++;
    else s.pending++;
    if (!seam.qualified) s.flagged++;
    s.inspections += seam.inspections.length;
    for (const i of seam.inspections) {
      s.defects += i.defects.length;
      for (const x of i.defects) {
        if (!x.repair) continue;
        s.repairs++;
        procedures.add(x.repair.procedure);
      }
    }
    s.inspectedLengthMm += seam.inspected_length_mm;
    s.repairedLengthMm += seam.repaired_length_mm;
    procedures.add(`${seam.procedure} ${d.revision} ${seam.revision}`);
    for (const o of seam.operators) operators.add(operatorLabel(o));
    for (const l of seam.lots) lots.add(lotLabel(l));
  }
  const sorted = (set: Set<string>) => [...set].sort((a, b) => a.localeCompare(b, 'es'));
  return { ...s, procedures: sorted(procedures), operators: sorted(operators), lots: sorted(lots) };
}

/** The dossier's file name: its project and tramo, in characters every file system takes. */
export const dossierFileName = (dossier: Dossier, extension: 'pdf' | 'csv') =>
  `dossier_${[dossier.id_proyecto, dossier.id_tramo]
    .filter(Boolean)
    .join('_')
    .replace(/[^\w.-]+/g, '_')}.${extension}`;

const yesNo = (value: boolean) => (value ? m.yes : m.no);

/**
 * The dossier as CSV (UTF-8 with BOM, `;`, CRLF), one row per finding: a defect (with its repair), an
 * inspection without defects, or a circular without inspections; the circular's columns repeat on each.
 */
export function* dossierCsv(dossier: Dossier): Generator<string> {
  yield BOM + row(d.csvColumns);
  for (const c of dossier.circulares) {
    const seam = c.seam;
    const head = [
      c.id_proyecto,
      c.id_tramo,
      c.id_circular,
      plainDate(c.circular_fecha),
      c.arco,
      c.nave,
      seam ? m.seamStateName[seam.state] : d.withoutRecord,
      seam?.procedure,
      seam?.revision,
      seam?.process,
      seam?.operators.map((o) => `${operatorLabel(o)}: ${o.qualified ? d.qualifiedThatDay : d.notQualifiedThatDay}`).join(' | '),
      seam?.lots
        .filter((l) => l.kind === 'alambre')
        .map((l) => l.lot_number)
        .join(', '),
      seam?.lots
        .filter((l) => l.kind === 'fundente')
        .map((l) => l.lot_number)
        .join(', '),
    ];
    const photo = c.photo ? m.yes : m.no;
    let lines = '';
    if (!seam?.inspections.length) lines += row([...head, ...Array(16).fill(null), photo]);
    for (const i of seam?.inspections ?? []) {
      const inspection = [
        m.methodName[i.method],
        i.reinspects ? `${i.reinspects.code} ${i.reinspects.name} ${d.at} ${i.reinspects.position_mm} mm` : null,
        i.extent_percent,
        i.inspected_length_mm,
        plainDate(i.inspected_on),
        i.inspector,
        m.resultName[i.result],
      ];
      if (!i.defects.length) lines += row([...head, ...inspection, ...Array(9).fill(null), photo]);
      for (const x of i.defects)
        lines += row([
          ...head,
          ...inspection,
          x.code,
          x.name,
          x.position_mm,
          x.length_mm,
          x.level,
          x.repair?.procedure,
          x.repair?.operator,
          x.repair ? plainDate(x.repair.repaired_on) : null,
          x.repair ? yesNo(x.repair.qualified) : null,
          photo,
        ]);
    }
    yield lines;
  }
}
