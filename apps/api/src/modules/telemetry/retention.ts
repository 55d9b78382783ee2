import type { ServiceContext } from '../../context';
import * as repo from './repository';

// How long raw samples stay (docs/decisions/081-weld-figures-and-retention.md).

/**
 * Raw samples older than TELEMETRY_RAW_DAYS go; their seconds stay where they belong to a pass (kept
 * with the seam) and the others go too, the per-minute rows keeping what the figures need.
 */
export async function reduceOldSamples(ctx: ServiceContext, nowMs = Date.now()): Promise<{ samples: number; seconds: number }> {
  const before = nowMs - ctx.telemetry.rawDays * 86_400_000;
  const samples = await repo.deleteSamplesBefore(ctx.db, before);
  const seconds = await repo.deleteLooseSecondsBefore(ctx.db, Math.floor(before / 1000));
  return { samples, seconds };
}

export const countSamples = (ctx: ServiceContext, arcoIds?: number[]) => repo.countSamples(ctx.db, arcoIds);
