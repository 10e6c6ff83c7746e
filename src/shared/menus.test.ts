import { describe, expect, it } from 'vitest';
import { firstMenuPath, flattenRouteNames, type MenuNode } from './menus';

const node = (name: string, path: string, children: MenuNode[] = [], relationRoutes: string[] = []): MenuNode => ({
  name,
  path,
  title: name,
  icon: null,
  children,
  relationRoutes,
});

const tree = [
  node('taskCenter', '', [
    node('taskWorkBench', '/web/taskCenter/taskWorkBench', [], ['taskApproval']),
    node('taskHistoricalRecord', '/web/taskCenter/taskHistoricalRecord'),
  ]),
  node('feedbackIndex', '/web/feedback/index'),
];

describe('menu trees', () => {
  it('flattens node names and relationRoutes at every depth', () => {
    expect([...flattenRouteNames(tree)].sort()).toEqual([
      'feedbackIndex',
      'taskApproval',
      'taskCenter',
      'taskHistoricalRecord',
      'taskWorkBench',
    ]);
  });
  it('finds the first leaf with a path, depth first', () => {
    expect(firstMenuPath(tree)).toBe('/web/taskCenter/taskWorkBench');
    expect(firstMenuPath([node('group', '', [])])).toBeNull();
    expect(firstMenuPath([])).toBeNull();
  });
});
