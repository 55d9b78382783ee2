import type { InspectionBody, InspectionSaved, RepairBody, RepairSaved } from '@portal/contract/welds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BannerMessage } from '@/components/banner';
import { type Outcome, type QueuedWrite, submit, tapNow } from '@/lib/offline-queue';
import { seamKeys } from './seam';

/**
 * An inspection, a repair and a re-inspection go through the offline queue (lib/offline-queue.ts), so an
 * inspector's phone without coverage loses none: each waits in IndexedDB with its idempotency key and is
 * sent on reconnecting. A repair of a defect whose inspection still waits names it by the inspection's
 * queued key and the defect's place (`defect_ids.N` of its answer); a re-inspection of a queued repair
 * by the repair's key (docs/decisions/077-weld-inspection-offline.md).
 */

/** Where a write goes: a path with the server's id, or the queued write whose answer gives it. */
export type WriteTarget = { id: number } | { after: { key: string; field: string } };

/** What a form that writes to a seam through the offline queue is given (an inspection, a repair). */
export interface SeamWriteFormProps {
  tramoId: number;
  target: WriteTarget;
  idPrefix: string;
  today: string;
  onDone: (message: BannerMessage) => void;
  onCancel?: () => void;
}

export const WELD_KINDS = { inspection: 'weld-inspection', repair: 'weld-repair', reinspection: 'weld-reinspection' } as const;

const write = (kind: string, path: (ref: string) => string, target: WriteTarget, json: object): QueuedWrite =>
  'id' in target
    ? { kind, method: 'POST', path: path(String(target.id)), json, tappedAt: tapNow() }
    : { kind, method: 'POST', path: path(':ref'), after: target.after, json, tappedAt: tapNow() };

export const inspectionPath = (tramoId: number | string) => `/api/welds/seams/${tramoId}/inspections`;
export const repairPath = (defectId: number | string) => `/api/welds/defects/${defectId}/repair`;
export const reinspectionPath = (repairId: number | string) => `/api/welds/repairs/${repairId}/reinspection`;

type Saved = InspectionSaved | RepairSaved;

/** One of the three writes; the seam's query takes the server's answer at once when there was one. */
export function useWeldWrite(tramoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { what: 'inspection' | 'repair' | 'reinspection'; target: WriteTarget; body: InspectionBody | RepairBody }) => {
      const path = { inspection: inspectionPath, repair: repairPath, reinspection: reinspectionPath }[input.what];
      return submit<Saved>(write(WELD_KINDS[input.what], path, input.target, input.body));
    },
    onSuccess: (outcome: Outcome<Saved>) => {
      if (!outcome.queued) queryClient.setQueryData(seamKeys.seam(tramoId), outcome.data.seam);
    },
  });
}
