import type { MenuTreeNode } from '@/modules/platform-config/contract';

/**
 * What the check-box tree shows for a role's grants: only the granted leaves are "checked";
 * antd (checkStrictly false) derives the state of their parents.
 */
export function checkedLeaves(tree: readonly MenuTreeNode[], granted: readonly number[]): number[] {
  const set = new Set(granted);
  const out: number[] = [];
  const walk = (list: readonly MenuTreeNode[]) => {
    for (const n of list) {
      if (n.children.length) walk(n.children);
      else if (n.id !== undefined && set.has(n.id)) out.push(n.id);
    }
  };
  walk(tree);
  return out;
}

/**
 * The menu ids to save for the checked keys: every checked leaf plus every ancestor of one
 * (fully or half-checked groups), so the user's menu shows the granted pages inside their groups.
 */
export function grantIds(tree: readonly MenuTreeNode[], checked: readonly (string | number)[]): number[] {
  const set = new Set(checked.map(String));
  const out = new Set<number>();
  const walk = (list: readonly MenuTreeNode[], ancestors: number[]): void => {
    for (const n of list) {
      const id = n.id!;
      if (n.children.length) walk(n.children, [...ancestors, id]);
      else if (set.has(String(id))) {
        out.add(id);
        for (const a of ancestors) out.add(a);
      }
    }
  };
  walk(tree, []);
  return [...out].sort((a, b) => a - b);
}
