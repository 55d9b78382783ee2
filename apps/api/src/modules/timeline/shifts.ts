import type { ShiftInstance } from '@portal/contract/shifts';
import type { ServiceContext } from '../../context';
import { shiftInstances } from '../shifts/service';

export type { ShiftInstance };

/** The shifts of a nave's calendar overlapping [from, to) (modules/shifts). */
export const shiftsBetween = (ctx: ServiceContext, from: string, to: string, nave: string): Promise<ShiftInstance[]> =>
  shiftInstances(ctx, new Date(from), new Date(to), nave);
