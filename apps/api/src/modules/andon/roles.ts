import type { AndonLevel, AndonRoles, andonRolesBody } from '@portal/contract/andon';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { notFound } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import { findAccount } from '../users/service';
import { naveIds, nowIso } from './common';
import * as repo from './repository';
// The andon's roles: who is called for a nave's supervisor and maintenance levels.

export async function rolesOf(ctx: ServiceContext, userId: number): Promise<AndonRoles> {
  const rows = await repo.rolesOf(ctx.db, userId);
  return {
    user_id: userId,
    supervisor: rows.filter((r) => r.role === 'supervisor').map((r) => r.nave),
    maintenance: rows.filter((r) => r.role === 'maintenance').map((r) => r.nave),
  };
}

export async function getRoles(ctx: ServiceContext, userId: number): Promise<AndonRoles> {
  if (!(await findAccount(ctx.db, userId))) throw notFound();
  return rolesOf(ctx, userId);
}

export async function setRoles(
  ctx: ServiceContext,
  actor: AuthUser,
  userId: number,
  body: z.output<typeof andonRolesBody>,
): Promise<AndonRoles> {
  if (!(await findAccount(ctx.db, userId))) throw notFound();
  const ids = await naveIds(ctx, [...body.supervisor, ...body.maintenance]);
  const rows = [
    ...body.supervisor.map((n) => ({ nave_id: ids.get(n)!, role: 'supervisor' as const })),
    ...body.maintenance.map((n) => ({ nave_id: ids.get(n)!, role: 'maintenance' as const })),
  ];
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.rolesOf(trx, userId);
    await repo.replaceRoles(trx, userId, rows, nowIso(ctx));
    const list = (rs: { role: string; nave: string }[], role: AndonLevel) =>
      rs
        .filter((r) => r.role === role)
        .map((r) => r.nave)
        .sort()
        .join(', ');
    await recordAudit(trx, {
      actor,
      entity: 'user',
      entityId: userId,
      action: 'andon_roles',
      before: { supervisor: list(before, 'supervisor'), maintenance: list(before, 'maintenance') },
      after: { supervisor: [...body.supervisor].sort().join(', '), maintenance: [...body.maintenance].sort().join(', ') },
    });
  });
  const roles = await rolesOf(ctx, userId);
  // Their open pages follow at once: the calls' audience is read at each publishing, and this tells
  // their screens to show or hide the alert bar and 'Avisos' (docs/decisions/058-calls-reach-whoever-may-answer.md).
  await ctx.events.publish('andon.roles', { roles }, { user: userId });
  return roles;
}
