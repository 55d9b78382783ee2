import {
  ANDON_DEFAULT_MAINTENANCE_MINUTES,
  ANDON_DEFAULT_SUPERVISOR_MINUTES,
  type AndonRules,
  andonMessages,
  type andonRulesBody,
} from '@portal/contract/andon';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { badRequest } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import { listMotivos } from '../motivos/service';
import { listNaves } from '../naves/service';
import { naveIds, nowIso } from './common';
import * as repo from './repository';
// The andon's rules: the minutes after which each level is called, per nave or for the plant, and
// the motivos that call maintenance at once.

export async function getRules(ctx: ServiceContext): Promise<AndonRules> {
  const [rows, naves, immediate] = await Promise.all([repo.listRules(ctx.db), listNaves(ctx), repo.immediateMotivos(ctx.db)]);
  const byNave = new Map(rows.map((r) => [r.nave_id, r]));
  const plant = byNave.get(repo.PLANT);
  return {
    supervisor_minutes: plant?.supervisor_minutes ?? ANDON_DEFAULT_SUPERVISOR_MINUTES,
    maintenance_minutes: plant?.maintenance_minutes ?? ANDON_DEFAULT_MAINTENANCE_MINUTES,
    naves: naves.map((n) => ({
      nave: n.name,
      supervisor_minutes: byNave.get(n.id)?.supervisor_minutes ?? null,
      maintenance_minutes: byNave.get(n.id)?.maintenance_minutes ?? null,
    })),
    immediate_motivos: immediate,
  };
}

export async function setRules(ctx: ServiceContext, actor: AuthUser, body: z.output<typeof andonRulesBody>): Promise<AndonRules> {
  const ids = await naveIds(
    ctx,
    body.naves.map((n) => n.nave),
  );
  const known = new Set((await listMotivos(ctx)).map((m) => m.id));
  if (body.immediate_motivos.some((id) => !known.has(id))) throw badRequest(andonMessages.motivoUnknown);
  const before = await getRules(ctx);
  const at = nowIso(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.replaceRules(
      trx,
      [
        { nave_id: repo.PLANT, supervisor_minutes: body.supervisor_minutes, maintenance_minutes: body.maintenance_minutes },
        ...body.naves
          .filter((n) => n.supervisor_minutes !== null || n.maintenance_minutes !== null)
          .map((n) => ({
            nave_id: ids.get(n.nave)!,
            supervisor_minutes: n.supervisor_minutes,
            maintenance_minutes: n.maintenance_minutes,
          })),
      ],
      at,
    );
    await repo.replaceImmediateMotivos(trx, [...new Set(body.immediate_motivos)], at);
    const flat = (r: AndonRules) => ({
      supervisor_minutes: r.supervisor_minutes,
      maintenance_minutes: r.maintenance_minutes,
      naves: r.naves
        .filter((n) => n.supervisor_minutes !== null || n.maintenance_minutes !== null)
        .map((n) => `${n.nave}: ${n.supervisor_minutes ?? '-'}/${n.maintenance_minutes ?? '-'}`)
        .join(', '),
      immediate_motivos: [...r.immediate_motivos].sort((a, b) => a - b).join(', '),
    });
    await recordAudit(trx, {
      actor,
      entity: 'andon_rules',
      entityId: 1,
      action: 'update',
      before: flat(before),
      after: flat({ ...body, naves: body.naves, immediate_motivos: [...new Set(body.immediate_motivos)] }),
    });
  });
  return getRules(ctx);
}

/** Minutes of each level per nave id, the plant's where a nave has none. */
export function minutesFor(rules: Awaited<ReturnType<typeof repo.listRules>>) {
  const byNave = new Map(rules.map((r) => [r.nave_id, r]));
  const plant = byNave.get(repo.PLANT);
  const plantSupervisor = plant?.supervisor_minutes ?? ANDON_DEFAULT_SUPERVISOR_MINUTES;
  const plantMaintenance = plant?.maintenance_minutes ?? ANDON_DEFAULT_MAINTENANCE_MINUTES;
  return (naveId: number) => ({
    supervisor: byNave.get(naveId)?.supervisor_minutes ?? plantSupervisor,
    maintenance: byNave.get(naveId)?.maintenance_minutes ?? plantMaintenance,
  });
}
