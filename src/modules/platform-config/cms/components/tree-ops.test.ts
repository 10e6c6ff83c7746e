import { describe, expect, it } from 'vitest';
import type { MenuTreeNode } from '@/modules/platform-config/contract';
import { fromEditor, moveNode, removeNode, toEditor } from './tree-ops';
import { checkedLeaves, grantIds } from './grant-ids';

const n = (id: number, name: string, children: MenuTreeNode[] = []): MenuTreeNode => ({
  id,
  name,
  path: children.length || name.startsWith('group:') ? '' : `/web/${name}`,
  title: name,
  icon: null,
  sort: 0,
  relationRoutes: [],
  children,
});
const shape = (nodes: MenuTreeNode[]): unknown =>
  nodes.map((x) => (x.children.length ? { [x.name]: shape(x.children) } : x.name));

describe('menu editor tree operations', () => {
  const tree = () => toEditor([n(1, 'group:a', [n(2, 'p2'), n(3, 'p3')]), n(4, 'p4'), n(5, 'group:b')]);

  it('moves a node before, after or into another, numbering siblings in order', () => {
    expect(shape(fromEditor(moveNode(tree(), 'm4', 'm2', true, -1)))).toEqual([
      { 'group:a': ['p4', 'p2', 'p3'] },
      'group:b',
    ]);
    expect(shape(fromEditor(moveNode(tree(), 'm2', 'm4', true, 1)))).toEqual([
      { 'group:a': ['p3'] },
      'p4',
      'p2',
      'group:b',
    ]);
    expect(shape(fromEditor(moveNode(tree(), 'm3', 'm5', false, 0)))).toEqual([
      { 'group:a': ['p2'] },
      'p4',
      { 'group:b': ['p3'] },
    ]);
    expect(fromEditor(moveNode(tree(), 'm4', 'm1', true, -1)).map((x) => [x.name, x.sort])).toEqual([
      ['p4', 1],
      ['group:a', 2],
      ['group:b', 3],
    ]);
  });

  it('never moves a group into its own subtree', () => {
    const t = tree();
    expect(moveNode(t, 'm1', 'm2', false, 0)).toBe(t);
  });

  it('removes a node with its children', () => {
    expect(shape(fromEditor(removeNode(tree(), 'm1')))).toEqual(['p4', 'group:b']);
  });
});

describe('grant ids', () => {
  const t = [n(1, 'group:a', [n(2, 'p2'), n(3, 'p3')]), n(4, 'p4')];
  it('checks only granted leaves, so antd derives the groups', () => {
    expect(checkedLeaves(t, [1, 2, 4])).toEqual([2, 4]);
  });
  it('saves checked leaves with every ancestor, whether fully or half checked', () => {
    expect(grantIds(t, ['2'])).toEqual([1, 2]);
    expect(grantIds(t, ['1', '2', '3'])).toEqual([1, 2, 3]);
    expect(grantIds(t, ['4'])).toEqual([4]);
    expect(grantIds(t, [])).toEqual([]);
  });
});
