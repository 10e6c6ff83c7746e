import type { CascaderOption } from '@/shared/forms/schema';
import type { PickableDepartment } from '../contract';

export interface OptionNode {
  label: string;
  value: string;
  children?: OptionNode[];
}

/** Cascader options are stored flat (`parent` = the value above); both kits want a tree. */
export function cascaderTree(options: readonly CascaderOption[] | undefined): OptionNode[] {
  const byParent = new Map<string, CascaderOption[]>();
  for (const o of options ?? []) {
    const p = o.parent ?? '';
    byParent.set(p, [...(byParent.get(p) ?? []), o]);
  }
  const build = (parent: string, seen: Set<string>): OptionNode[] =>
    (byParent.get(parent) ?? [])
      .filter((o) => !seen.has(o.value))
      .map((o) => {
        // A cycle in a hand-edited import must not hang the page.
        const kids = build(o.value, new Set(seen).add(o.value));
        return kids.length ? { label: o.label, value: o.value, children: kids } : { label: o.label, value: o.value };
      });
  return build('', new Set());
}

export interface DepartmentNode {
  title: string;
  value: number;
  children?: DepartmentNode[];
}

/** The organisation tree from the flat department list (unknown parents go to the top). */
export function departmentTree(list: readonly PickableDepartment[]): DepartmentNode[] {
  const ids = new Set(list.map((d) => d.id));
  const byParent = new Map<number | null, PickableDepartment[]>();
  for (const d of list) {
    const p = d.parentId !== null && ids.has(d.parentId) && d.parentId !== d.id ? d.parentId : null;
    byParent.set(p, [...(byParent.get(p) ?? []), d]);
  }
  const build = (parent: number | null, seen: Set<number>): DepartmentNode[] =>
    (byParent.get(parent) ?? [])
      .filter((d) => !seen.has(d.id))
      .map((d) => {
        const kids = build(d.id, new Set(seen).add(d.id));
        return kids.length ? { title: d.name, value: d.id, children: kids } : { title: d.name, value: d.id };
      });
  return build(null, new Set());
}
