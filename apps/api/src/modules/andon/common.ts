import { type AndonCall, andonMessages } from '@portal/contract/andon';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { badRequest } from '../../lib/errors';
import { listMotivos } from '../motivos/service';
import { findNaveByName } from '../naves/service';
import type * as repo from './repository';
import { andonState } from './state';

// What the andon's sections share (docs/decisions/043-andon.md).

export const isAdmin = (user: AuthUser) => user.role === 'admin';
export const nowIso = (ctx: ServiceContext) => ctx.andon.now().toISOString();

/** The motivos' names by id, from their owner (modules/motivos), for the calls and figures shown. */
export const motivoNames = async (ctx: ServiceContext): Promise<Map<number, string>> =>
  new Map((await listMotivos(ctx)).map((m) => [m.id, m.name]));

/** A row of the calls' view as the contract shows it, with its parada's motivo named. */
export function toCall(row: repo.CallRow, names: Map<number, string>): AndonCall {
  const { nave_id: _naveId, ...call } = row;
  return { ...call, motivo_name: row.motivo_id === null ? null : (names.get(row.motivo_id) ?? null) };
}

/** Runs a background step (a push, an MQTT message) so that close() can wait for it; it never throws. */
export function inBackground(ctx: ServiceContext, what: string, step: () => Promise<unknown>): void {
  const running = step()
    .catch((error) => ctx.log.warn({ err: error }, what))
    .finally(() => andonState(ctx).background.delete(running));
  andonState(ctx).background.add(running);
}

/** Waits for the pushes and MQTT messages under way (on close, and in tests). */
export async function settleBackground(ctx: ServiceContext): Promise<void> {
  const { background } = andonState(ctx);
  while (background.size) await Promise.allSettled([...background]);
}

/** The ids of naves given by name: an unknown name is a 400. */
export async function naveIds(ctx: ServiceContext, names: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const name of names) {
    const nave = await findNaveByName(ctx.db, name);
    if (!nave) throw badRequest(andonMessages.naveUnknown);
    ids.set(name, nave.id);
  }
  return ids;
}
