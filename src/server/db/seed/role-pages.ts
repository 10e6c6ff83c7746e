import type { Tx } from './batch';

/**
 * Narrows web menu entries (by route name, plus the module's submenu node when given) to the roles
 * that can use them: the core seed grants a platform's whole menu to its roles, but some pages only
 * answer to some people (the server refuses the others), and a menu should not offer them. Each
 * entry's grants are replaced, so later administrators change them in 角色管理 as usual.
 */
export async function grantPagesToRoles(tx: Tx, names: readonly string[], roleIds: readonly number[]): Promise<void> {
  if (!names.length || !roleIds.length) return;
  const nodes = await tx
    .selectFrom('menu')
    .select('id')
    .where('scope', '=', 'web')
    .where('name', 'in', names)
    .execute();
  const ids = nodes.map((n) => n.id);
  if (!ids.length) return;
  await tx.deleteFrom('roleMenu').where('menuId', 'in', ids).execute();
  await tx
    .insertInto('roleMenu')
    .values(ids.flatMap((menuId) => roleIds.map((roleId) => ({ roleId, menuId }))))
    .execute();
}
