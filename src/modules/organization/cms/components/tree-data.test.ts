import { describe, expect, it } from 'vitest';
import type { DepartmentTree } from '@/modules/organization/contract';
import { branchIds, dropTarget, filterTree, indexTree } from './tree-data';

const node = (
  id: number,
  name: string,
  parentId: number | null,
  sort: number,
  children: DepartmentTree[] = [],
): DepartmentTree => ({ id, name, code: `D${id}`, kind: 'office', sort, parentId, children });

const tree = [
  node(1, '华夏理工大学', null, 0, [node(2, '计算机学院', 1, 1, [node(4, '软件工程', 2, 1)]), node(3, '教务处', 1, 2)]),
];

describe('department tree helpers', () => {
  it('keeps matches and their ancestors only', () => {
    const cut = filterTree(tree, '软件');
    expect(cut[0]!.children.map((c) => c.id)).toEqual([2]);
    expect(cut[0]!.children[0]!.children.map((c) => c.id)).toEqual([4]);
    expect(filterTree(tree, '不存在')).toEqual([]);
    expect(filterTree(tree, ' ')).toEqual(tree);
  });

  it('indexes every node and lists the branches', () => {
    expect([...indexTree(tree).keys()].sort()).toEqual([1, 2, 3, 4]);
    expect(branchIds(tree)).toEqual([1, 2]);
  });

  it('turns a drop into a parent and a place', () => {
    const target = indexTree(tree).get(3)!;
    expect(dropTarget(target, false, 0)).toEqual({ parentId: 3, sort: 0 });
    expect(dropTarget(target, true, -1)).toEqual({ parentId: 1, sort: 2 });
    expect(dropTarget(target, true, 1)).toEqual({ parentId: 1, sort: 3 });
  });
});
