// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { MenuNode } from '@/shared/menus';
import { menuSelection, toMenuItems, useOpenKeys } from './menu-items';

const node = (name: string, path: string, children: MenuNode[] = []): MenuNode => ({
  name,
  path,
  title: name,
  icon: null,
  children,
  relationRoutes: [],
});

const tree = [
  node('webHomeIndex', '/web/home/index'),
  node('taskCenter', '', [
    node('taskWorkBench', '/web/taskCenter/taskWorkBench'),
    node('taskApproval', '/web/taskCenter/taskApproval'),
  ]),
];

describe('menu items', () => {
  it('keys pages by path and groups by name, keeping the tree', () => {
    const items = toMenuItems(tree) as { key: string; children?: { key: string }[] }[];
    expect(items.map((i) => i.key)).toEqual(['/web/home/index', 'group:taskCenter']);
    expect(items[1]!.children!.map((c) => c.key)).toEqual([
      '/web/taskCenter/taskWorkBench',
      '/web/taskCenter/taskApproval',
    ]);
  });

  it('selects the page of the path and opens the groups above it', () => {
    expect(menuSelection(tree, '/web/taskCenter/taskApproval')).toEqual({
      selected: ['/web/taskCenter/taskApproval'],
      open: ['group:taskCenter'],
    });
  });

  it('selects the menu page for a sub-path of it and nothing for an unrelated path', () => {
    expect(menuSelection(tree, '/web/taskCenter/taskApproval/12').selected).toEqual(['/web/taskCenter/taskApproval']);
    expect(menuSelection(tree, '/web/other')).toEqual({ selected: [], open: [] });
  });

  it('keeps a detail page that is no menu entry in its folder’s entry, with its group open', () => {
    // Not entries themselves: the work bench (first of the folder) stands for them.
    const web = [
      node('webHomeIndex', '/web/home/index'),
      node('taskCenter', '', [
        node('taskWorkBench', '/web/taskCenter/taskWorkBench'),
        node('taskHistoricalRecord', '/web/taskCenter/taskHistoricalRecord'),
      ]),
      node('formSummary', '/web/taskCenter/formSummary'),
    ];
    for (const path of [
      '/web/taskCenter/taskApproval',
      '/web/taskCenter/applyForEdit',
      '/web/taskCenter/taskApproval/12',
    ]) {
      expect(menuSelection(web, path)).toEqual({
        selected: ['/web/taskCenter/taskWorkBench'],
        open: ['group:taskCenter'],
      });
    }
    // A page whose name starts like an entry's goes with that entry.
    expect(menuSelection(web, '/web/taskCenter/formSummaryDetail').selected).toEqual(['/web/taskCenter/formSummary']);
    expect(menuSelection(web, '/web/taskCenter/taskHistoricalRecordDetail').selected).toEqual([
      '/web/taskCenter/taskHistoricalRecord',
    ]);
  });

  it('finds the folder’s entry in a nested back-office menu', () => {
    const cms = [
      node('cmsHome', '/cms/home/index'),
      node('workflowCenter', '', [
        node('forms', '', [node('formManage', '/cms/workflow/formManage')]),
        node('processes', '', [
          node('processDesign', '/cms/workflow/processDesign'),
          node('processMonitor', '/cms/workflow/processMonitor'),
        ]),
      ]),
    ];
    expect(menuSelection(cms, '/cms/workflow/formDesign')).toEqual({
      selected: ['/cms/workflow/formManage'],
      open: ['group:workflowCenter', 'group:forms'],
    });
    expect(menuSelection(cms, '/cms/workflow/processMonitorDetail')).toEqual({
      selected: ['/cms/workflow/processMonitor'],
      open: ['group:workflowCenter', 'group:processes'],
    });
    // Nothing in common past the folder: the folder's first entry.
    expect(menuSelection(cms, '/cms/workflow/summaryDetail').selected).toEqual(['/cms/workflow/formManage']);
  });

  it('prefers the entry whose relationRoutes name the page’s route', () => {
    const formManage = {
      ...node('formManage', '/cms/workflow/formManage'),
      relationRoutes: ['formDesign', 'formPreview'],
    };
    const cms = [node('workflowCenter', '', [formManage, node('processDesign', '/cms/workflow/processDesign')])];
    // By letters alone /cms/workflow/preview would go with processDesign ("pr").
    expect(menuSelection(cms, '/cms/workflow/preview').selected).toEqual(['/cms/workflow/processDesign']);
    expect(menuSelection(cms, '/cms/workflow/preview', 'formPreview')).toEqual({
      selected: ['/cms/workflow/formManage'],
      open: ['group:workflowCenter'],
    });
    // A route no entry names falls back on its folder; a menu page stays itself.
    expect(menuSelection(cms, '/cms/workflow/processDesignDetail', 'processDesignDetail').selected).toEqual([
      '/cms/workflow/processDesign',
    ]);
    expect(menuSelection(cms, '/cms/workflow/processDesign', 'formDesign').selected).toEqual([
      '/cms/workflow/processDesign',
    ]);
  });

  it('never falls back on the area alone', () => {
    expect(menuSelection(tree, '/web/eventService/formWrite')).toEqual({ selected: [], open: [] });
    expect(menuSelection(tree, '/web')).toEqual({ selected: [], open: [] });
    expect(menuSelection([node('cmsHome', '/cms/home/index')], '/cms/systemSetting/account')).toEqual({
      selected: [],
      open: [],
    });
  });
});

describe('useOpenKeys', () => {
  it('opens the groups of a new selection and keeps what the user opened or closed', () => {
    const { result, rerender } = renderHook(({ open }) => useOpenKeys(open), {
      initialProps: { open: [] as string[] },
    });
    expect(result.current[0]).toEqual([]);
    // The menus arrive after the first render: the page's group opens.
    rerender({ open: ['group:taskCenter'] });
    expect(result.current[0]).toEqual(['group:taskCenter']);
    act(() => result.current[1](['group:taskCenter', 'group:other']));
    rerender({ open: ['group:taskCenter'] });
    expect(result.current[0]).toEqual(['group:taskCenter', 'group:other']);
    // The user closes it; moving within the same group leaves it closed.
    act(() => result.current[1](['group:other']));
    rerender({ open: ['group:taskCenter'] });
    expect(result.current[0]).toEqual(['group:other']);
    // A page in another group opens that group too.
    rerender({ open: ['group:workflow', 'group:forms'] });
    expect(result.current[0]).toEqual(['group:other', 'group:workflow', 'group:forms']);
  });
});
