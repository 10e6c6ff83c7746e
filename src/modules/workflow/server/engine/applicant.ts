import { conflict, noPermission, notFound } from '@/server/errors';
import * as repo from '../repository';
import { Actor, Ctx, openCtx, save } from './context';
import { finish } from './advance';

export async function applicantCtx(trx: repo.Tx, instanceId: number, actor: Actor, now: number): Promise<Ctx> {
  const before = await repo.findInstance(trx, instanceId);
  if (!before) throw notFound('审批单不存在');
  if (before.applicantId !== actor.userId) throw noPermission('只有申请人可以这样做');
  return openCtx(trx, instanceId, now);
}

export async function withdraw(trx: repo.Tx, actor: Actor, instanceId: number, now: number): Promise<void> {
  const ctx = await applicantCtx(trx, instanceId, actor, now);
  if (ctx.inst.status !== 'running' && ctx.inst.status !== 'returned') throw conflict('审批已结束，不能撤回');
  // A returned request may always be dropped; a running one only before anyone approved it.
  if (ctx.inst.status === 'running' && (await approvedSinceSubmit(trx, instanceId)))
    throw conflict('已有审批人同意，不能撤回');
  await repo.cancelOpenTasks(trx, instanceId, now);
  await repo.addHistory(trx, { instanceId, actorId: actor.userId, actorName: actor.name, action: 'withdraw', at: now });
  await finish(ctx, 'withdrawn', '', { actorId: actor.userId });
  await save(ctx);
}

export const approvedSinceSubmit = repo.approvedSinceSubmit;

export async function terminate(
  trx: repo.Tx,
  actor: Actor,
  instanceId: number,
  reason: string,
  now: number,
): Promise<void> {
  const ctx = await openCtx(trx, instanceId, now);
  if (ctx.inst.status !== 'running' && ctx.inst.status !== 'returned') throw conflict('审批已结束');
  await repo.cancelOpenTasks(trx, instanceId, now);
  await repo.addHistory(trx, {
    instanceId,
    actorId: actor.userId,
    actorName: actor.name,
    action: 'terminate',
    comment: reason,
    at: now,
  });
  await finish(ctx, 'terminated', ` 已被管理员终止：${reason}`, { comment: reason, actorId: actor.userId });
  await save(ctx);
}
