import { type PickedRef } from '@/shared/forms/schema';
import type { ProcessNode } from '@/modules/workflow/contract';
import * as repo from '../repository';
import { Ctx } from './context';

/** The users a node names, in order, without duplicates. */
export async function resolveAssignees(ctx: Ctx, node: ProcessNode): Promise<{ id: number; realName: string }[]> {
  const a = node.assignee;
  if (!a) return [];
  const db = ctx.trx;
  let list: { id: number; realName: string }[] = [];
  switch (a.kind) {
    case 'users':
      list = await repo.activeUsers(db, a.userIds);
      break;
    case 'role': {
      if (!a.nearest) {
        list = await repo.roleHolders(db, a.roleCode);
        break;
      }
      let dept = await repo.userDepartment(db, ctx.inst.applicantId);
      for (let guard = 0; dept !== null && !list.length && guard < 20; guard += 1) {
        list = await repo.roleHolders(db, a.roleCode, dept);
        dept = await repo.departmentParent(db, dept);
      }
      break;
    }
    case 'applicantPick': {
      const v = ctx.values[a.fieldId];
      const refs = (Array.isArray(v) ? v : v ? [v] : []) as PickedRef[];
      list = await repo.activeUsers(
        db,
        refs.map((r) => Number(r?.id)).filter((x) => Number.isInteger(x) && x > 0),
      );
      break;
    }
    case 'applicant':
      list = await repo.activeUsers(db, [ctx.inst.applicantId]);
      break;
    case 'nodePick':
      list = await repo.activeUsers(db, ctx.state.picks[a.nodeId] ?? []);
      break;
    case 'deptLeader':
    case 'leaderChain': {
      let dept = await repo.userDepartment(db, ctx.inst.applicantId);
      let levels = a.kind === 'leaderChain' ? a.levels : Infinity;
      for (let guard = 0; dept !== null && levels > 0 && guard < 20; guard += 1) {
        const leaders = await repo.departmentLeaders(db, dept);
        list.push(...leaders.map((l) => ({ id: l.id, realName: l.name })));
        if (a.kind === 'deptLeader' && leaders.length) break;
        levels -= 1;
        dept = await repo.departmentParent(db, dept);
      }
      break;
    }
  }
  const seen = new Set<number>();
  return list.filter((u) => (seen.has(u.id) ? false : (seen.add(u.id), true)));
}
