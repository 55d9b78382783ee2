import {
  DEFECT_TYPES,
  type DefectType,
  type InspectionBody,
  type InspectionMethod,
  type InspectionResult,
  type RepairBody,
  type Seam,
} from '@portal/contract/welds';
import type { QueuedItem } from '@/lib/offline-queue';
import { inspectionPath, reinspectionPath, repairPath, WELD_KINDS, type WriteTarget } from '../api/inspect';

/**
 * A seam as the inspection screen shows it: the server's inspections, each defect with its repair and
 * the repair's re-inspection, with the writes still waiting in the offline queue put in their places
 * (marked pending), so an inspector offline can repair a defect of an inspection not yet sent.
 */
export interface InspectionView {
  /** The server's id, or the queued write's key. */
  key: string;
  pending: boolean;
  method: InspectionMethod;
  extent_percent: number;
  inspected_length_mm: number;
  result: InspectionResult;
  inspected_on: string;
  inspector_name: string | null;
  defects: DefectView[];
}

export interface DefectView {
  key: string;
  pending: boolean;
  code: string;
  name: string;
  position_mm: number;
  length_mm: number;
  level: string;
  /** Where its repair goes. */
  target: WriteTarget;
  repair: RepairView | null;
}

export interface RepairView {
  key: string;
  pending: boolean;
  /** The procedure's code (a queued repair's id is shown by its code when the list is known). */
  procedure: string;
  operator: string;
  repaired_on: string;
  qualified: boolean | null;
  /** Where its re-inspection goes. */
  target: WriteTarget;
  reinspection: InspectionView | null;
}

export interface Names {
  procedure: (id: number) => string;
  operator: (id: number) => string;
}

const pendingInspection = (item: QueuedItem, queue: readonly QueuedItem[], names: Names): InspectionView => {
  const body = item.json as InspectionBody;
  return {
    key: item.key,
    pending: true,
    method: body.method,
    extent_percent: body.extent_percent,
    inspected_length_mm: body.inspected_length_mm,
    result: body.result,
    inspected_on: body.inspected_on,
    inspector_name: item.userName ?? null,
    defects: (body.defects ?? []).map((d, index) => {
      const target = { after: { key: item.key, field: `defect_ids.${index}` } };
      return {
        key: `${item.key}:${index}`,
        pending: true,
        code: d.code,
        name: DEFECT_TYPES[d.code as DefectType] ?? d.code,
        position_mm: d.position_mm,
        length_mm: d.length_mm,
        level: d.level,
        target,
        repair: queuedRepair(queue, target, names),
      };
    }),
  };
};

const sameTarget = (item: QueuedItem, target: WriteTarget, path: (id: number) => string) =>
  'id' in target
    ? !item.after && item.path === path(target.id)
    : item.after?.key === target.after.key && item.after.field === target.after.field;

function queuedRepair(queue: readonly QueuedItem[], target: WriteTarget, names: Names): RepairView | null {
  const item = queue.find((i) => i.kind === WELD_KINDS.repair && sameTarget(i, target, repairPath));
  if (!item) return null;
  const body = item.json as RepairBody;
  const next = { after: { key: item.key, field: 'repair_id' } };
  return {
    key: item.key,
    pending: true,
    procedure: names.procedure(Number(body.procedure_id)),
    operator: names.operator(Number(body.operator_id)),
    repaired_on: body.repaired_on,
    qualified: null,
    target: next,
    reinspection: queuedReinspection(queue, next, names),
  };
}

function queuedReinspection(queue: readonly QueuedItem[], target: WriteTarget, names: Names): InspectionView | null {
  const item = queue.find((i) => i.kind === WELD_KINDS.reinspection && sameTarget(i, target, reinspectionPath));
  return item ? pendingInspection(item, queue, names) : null;
}

/** The seam's first inspections (not re-inspections) with everything that hangs from them, server's first. */
export function seamView(seam: Seam, queue: readonly QueuedItem[], names: Names): InspectionView[] {
  const byRepair = new Map(seam.inspections.filter((i) => i.repair_id !== null).map((i) => [i.repair_id, i]));
  const fromServer = (inspection: Seam['inspections'][number]): InspectionView => ({
    key: String(inspection.id),
    pending: false,
    method: inspection.method,
    extent_percent: inspection.extent_percent,
    inspected_length_mm: inspection.inspected_length_mm,
    result: inspection.result,
    inspected_on: inspection.inspected_on,
    inspector_name: inspection.inspector_name,
    defects: inspection.defects.map((d) => {
      const target = { id: d.id };
      const repair: RepairView | null = d.repair
        ? {
            key: String(d.repair.id),
            pending: false,
            procedure: `${d.repair.procedure_code} rev. ${d.repair.revision}`,
            operator: d.repair.operator_name,
            repaired_on: d.repair.repaired_on,
            qualified: d.repair.qualified,
            target: { id: d.repair.id },
            reinspection: (() => {
              const done = byRepair.get(d.repair.id);
              return done ? fromServer(done) : queuedReinspection(queue, { id: d.repair.id }, names);
            })(),
          }
        : queuedRepair(queue, target, names);
      return {
        key: String(d.id),
        pending: false,
        code: d.code,
        name: d.name,
        position_mm: d.position_mm,
        length_mm: d.length_mm,
        level: d.level,
        target,
        repair,
      };
    }),
  });
  const queued = queue.filter((i) => i.kind === WELD_KINDS.inspection && i.path === inspectionPath(seam.tramo_id));
  return [
    ...seam.inspections.filter((i) => i.repair_id === null).map(fromServer),
    ...queued.map((item) => pendingInspection(item, queue, names)),
  ];
}

/** Whether anything of the seam still waits in the queue: its state may change once the server has it. */
export function anyPending(views: readonly InspectionView[]): boolean {
  return views.some(
    (i) =>
      i.pending ||
      i.defects.some(
        (d) => d.pending || (d.repair !== null && (d.repair.pending || anyPending(d.repair.reinspection ? [d.repair.reinspection] : []))),
      ),
  );
}
