import type { ServiceContext } from '../../context';
import { assertNotBlocked, recordAttempt } from '../attempts/service';

/**
 * Wrong device keys (decision 028), counted like failed logins (decision 014): per arco and address in
 * the database, so every instance shares the count; once an address has DEVICE_KEY_MAX_FAILURES wrong
 * keys for an arco within the window its reports for that arco get 429 until the window ends (the right
 * key has nothing to clear: a device's key is typed by no one, and the count lapses with its window).
 * Each refusal is also summarised in the log (one line a minute) and in
 * /metrics, never written as a line of its own.
 */
const keyOf = (arcoId: number, address: string) => `device:${arcoId}:${address}`;

/** 429 when this address is over its wrong keys for this arco. */
export async function assertDeviceNotBlocked(ctx: ServiceContext, arcoId: number, address: string): Promise<void> {
  try {
    await assertNotBlocked(ctx, keyOf(arcoId, address), ctx.limits.deviceKeyFailures);
  } catch (error) {
    ctx.machines.refusals.deviceKeys.count(`arco ${arcoId} from ${address}: limited`);
    throw error;
  }
}

export async function recordWrongDeviceKey(
  ctx: ServiceContext,
  arcoId: number,
  address: string,
  reason: 'missing' | 'wrong',
): Promise<void> {
  ctx.machines.refusals.deviceKeys.count(`arco ${arcoId} from ${address}: ${reason}`);
  await recordAttempt(ctx, keyOf(arcoId, address));
}
