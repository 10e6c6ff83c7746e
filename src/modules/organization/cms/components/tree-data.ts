import type { DepartmentTree } from '@/modules/organization/contract';

/** Every department of the tree by id, with its parent, for drops and lookups. */
export function indexTree(roots: readonly DepartmentTree[]): Map<number, DepartmentTree> {
  const byId = new Map<number, DepartmentTree>();
  const walk = (nodes: readonly DepartmentTree[]) => {
    for (const n of nodes) {
      byId.set(n.id, n);
      walk(n.children);
    }
  };
  walk(roots);
  return byId;
}

/** The tree cut to the nodes whose name or code contains the keyword, with their ancestors. */
export function filterTree(roots: readonly DepartmentTree[], keyword: string): DepartmentTree[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...roots];
  const keep = (n: DepartmentTree): DepartmentTree | null => {
    const children = n.children.map(keep).filter((c): c is DepartmentTree => c !== null);
    const hit = n.name.toLowerCase().includes(k) || n.code.toLowerCase().includes(k);
    return hit || children.length ? { ...n, children } : null;
  };
  return roots.map(keep).filter((c): c is DepartmentTree => c !== null);
}

/** Ids of every node that has children (to expand a filtered tree fully). */
export function branchIds(roots: readonly DepartmentTree[]): number[] {
  const ids: number[] = [];
  const walk = (nodes: readonly DepartmentTree[]) => {
    for (const n of nodes) {
      if (n.children.length) {
        ids.push(n.id);
        walk(n.children);
      }
    }
  };
  walk(roots);
  return ids;
}

/**
 * Where a drop on the antd tree puts the dragged department: onto a node makes it that node's
 * first child; into the gap before or after a node places it beside that node.
 */
export function dropTarget(
  target: DepartmentTree,
  dropToGap: boolean,
  relative: -1 | 0 | 1,
): { parentId: number | null; sort: number } {
  if (!dropToGap) return { parentId: target.id, sort: 0 };
  return { parentId: target.parentId, sort: relative === -1 ? target.sort : target.sort + 1 };
}
