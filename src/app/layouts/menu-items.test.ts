import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../shared/menus';
import { menuSelection, toMenuItems } from './menu-items';

const node = (name: string, path: string, children: MenuNode[] = []): MenuNode => ({ name, path, title: name, icon: null, children, relationRoutes: [] });

const tree = [
  node('webHomeIndex', '/web/home/index'),
  node('taskCenter', '', [node('taskWorkBench', '/web/taskCenter/taskWorkBench'), node('taskApproval', '/web/taskCenter/taskApproval')]),
];

describe('menu items', () => {
  it('keys pages by path and groups by name, keeping the tree', () => {
    const items = toMenuItems(tree) as { key: string; children?: { key: string }[] }[];
    expect(items.map((i) => i.key)).toEqual(['/web/home/index', 'group:taskCenter']);
    expect(items[1]!.children!.map((c) => c.key)).toEqual(['/web/taskCenter/taskWorkBench', '/web/taskCenter/taskApproval']);
  });

  it('selects the page of the path and opens the groups above it', () => {
    expect(menuSelection(tree, '/web/taskCenter/taskApproval')).toEqual({ selected: ['/web/taskCenter/taskApproval'], open: ['group:taskCenter'] });
  });

  it('selects the menu page for a sub-path of it and nothing for an unrelated path', () => {
    expect(menuSelection(tree, '/web/taskCenter/taskApproval/12').selected).toEqual(['/web/taskCenter/taskApproval']);
    expect(menuSelection(tree, '/web/other')).toEqual({ selected: [], open: [] });
  });
});
