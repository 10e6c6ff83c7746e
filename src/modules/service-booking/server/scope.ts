import type { AuthContext } from '@/server/identity/sessions';
import { noPermission, notFound } from '@/server/errors';
import { getServiceItem, type ServiceItemRef } from '@/modules/service-hall/server/commands/items';
import { listItemOptions } from '@/modules/service-hall/server/commands/item-lists';
import type { StaffScope } from '../contract';
import * as repo from './repository';

export interface Actor {
  userId: number;
  name: string;
  isAdmin: boolean;
}

export const actorOf = (auth: AuthContext): Actor => ({
  userId: auth.userId,
  name: auth.realName || auth.username,
  isAdmin: auth.isAdmin,
});

/**
 * The departments whose service work a staff member handles: an administrator every one (null),
 * anybody else their own department (none without one). Every staff list and action filters by it.
 */
export async function staffDepartments(db: repo.Conn, actor: Actor): Promise<number[] | null> {
  if (actor.isAdmin) return null;
  const u = await repo.userBrief(db, actor.userId);
  return u?.departmentId ? [u.departmentId] : [];
}

export const inScope = (departments: number[] | null, departmentId: number) =>
  departments === null || departments.includes(departmentId);

/** The item, when the actor handles its department's work; 404 / 403 otherwise. */
export async function staffItem(db: repo.Conn, actor: Actor, itemId: number): Promise<ServiceItemRef> {
  const item = await getServiceItem(db, itemId);
  if (!item) throw notFound('服务事项不存在');
  if (!inScope(await staffDepartments(db, actor), item.departmentId)) throw noPermission('只能处理本部门的服务事项');
  return item;
}

/** What the staff pages offer: the actor's departments and their items. */
export async function staffScope(db: repo.Conn, actor: Actor): Promise<StaffScope> {
  const deps = await staffDepartments(db, actor);
  const items = await listItemOptions(db, { departmentIds: deps, limit: 1000 });
  const depIds = deps ?? [...new Set(items.map((i) => i.departmentId))];
  return {
    isAdmin: actor.isAdmin,
    departments: (await repo.departmentsByIds(db, depIds)).map((d) => ({ id: d.id, name: d.name })),
    items: items.map((i) => ({
      id: i.id,
      name: i.name,
      departmentId: i.departmentId,
      modes: i.modes,
      issuesPermit: i.issuesPermit,
    })),
  };
}
