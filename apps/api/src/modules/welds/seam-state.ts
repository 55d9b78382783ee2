import type { SeamState } from '@portal/contract/welds';
import type { Db } from '../../db/index';
import { nowIso } from '../../lib/time';
import * as repo from './seams-repository';

// A seam's state: the one place it is decided (docs/decisions/066-weld-records.md), with the hold for a
// decision on a circular out of procedure (docs/decisions/092-seam-hold-in-the-weld-records.md). Every
// write that changes what the state depends on calls `recompute` in its transaction.

/**
 * What the seam's inspections, defects, repairs and hold add up to (kept on weld_seams for the figures).
 * Inspected with every defect repaired and re-inspected, it is 'aceptada', unless it is held for a
 * decision: then it stays 'pendiente' until an accepting decision releases it.
 */
export async function recompute(db: Db, tramoId: number) {
  const [seam, inspections, defects, repairs] = await Promise.all([
    repo.findSeamRow(db, tramoId),
    repo.seamInspections(db, tramoId),
    repo.seamDefects(db, tramoId),
    repo.seamRepairs(db, tramoId),
  ]);
  const originals = inspections.filter((i) => i.repair_id === null);
  const reinspected = new Set(inspections.flatMap((i) => (i.repair_id === null ? [] : [i.repair_id])));
  const repairOf = new Map(repairs.map((r) => [r.defect_id, r.id]));
  const originalIds = new Set(originals.map((i) => i.id));
  const inspected = originals.length > 0;
  const repaired = defects.filter((d) => repairOf.has(d.id));
  const closed = defects.every((d) => {
    const repair = repairOf.get(d.id);
    return repair !== undefined && reinspected.has(repair);
  });
  const held = seam?.held_since != null;
  const state: SeamState = !inspected ? 'pendiente' : !closed ? 'reparar' : held ? 'pendiente' : 'aceptada';
  await repo.updateSeamState(db, tramoId, {
    state,
    inspected: inspected ? 1 : 0,
    // The seam's inspected length: the longest any of its first inspections covered (re-inspections check repairs).
    inspected_length_mm: Math.max(0, ...originals.map((i) => i.inspected_length_mm)),
    repaired: repaired.length ? 1 : 0,
    repaired_length_mm: repaired.reduce((sum, d) => sum + d.length_mm, 0),
    first_pass: inspected && !defects.some((d) => originalIds.has(d.inspection_id)) ? 1 : 0,
    updated_at: nowIso(),
  });
}

/**
 * Holds a seam for a decision from `since` (kept when it is held already), in the caller's transaction:
 * an accepted seam goes back to 'pendiente'. The update takes the seam's row before its state is
 * recomputed, so an inspection recorded at the same time sees the hold or is seen by it. Answers
 * whether the circular has a weld record to hold.
 */
export async function holdAcceptance(db: Db, tramoId: number, since: string): Promise<boolean> {
  if (!(await repo.setHeld(db, tramoId, since))) return false;
  await recompute(db, tramoId);
  return true;
}

/** Releases the hold (an accepting decision): an inspected seam with every defect closed is 'aceptada' again. */
export async function releaseAcceptance(db: Db, tramoId: number): Promise<boolean> {
  if (!(await repo.setHeld(db, tramoId, null))) return false;
  await recompute(db, tramoId);
  return true;
}
