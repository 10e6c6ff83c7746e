// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import type { LayoutGroup, MenuEntry, MobileLayout } from '@/modules/mobile-layout/contract';
import MobileLayoutPage, { firstProblem } from './mobile-layout-page';
import { sentBody } from '@/core/testing/sent-body';

const ENTRIES: MenuEntry[] = [
  { name: 'webHomeIndex', title: '首页', path: '/web/home/index', icon: 'home' },
  { name: 'helpIndex', title: '帮助中心', path: '/web/help/index', icon: 'help' },
  { name: 'taskFormWrite', title: '填写表单', path: '/web/taskCenter/taskFormWrite', icon: 'form' },
];
const DEFAULT: LayoutGroup[] = [
  {
    title: '全部应用',
    tiles: ENTRIES.map((e) => ({ kind: 'menu', name: e.name, url: '', title: e.title, icon: e.icon, badge: '' })),
  },
];

const calls: InternalAxiosRequestConfig[] = [];
const stored = new Map<number, LayoutGroup[]>();
const answer = (platformId: number): MobileLayout => {
  const groups = stored.get(platformId) ?? DEFAULT;
  const path = new Map(ENTRIES.map((e) => [e.name, e.path]));
  return {
    platformId,
    own: stored.has(platformId),
    entries: ENTRIES,
    groups: groups.map((g) => ({
      ...g,
      tiles: g.tiles.map((t) => ({ ...t, to: t.kind === 'menu' ? path.get(t.name)! : t.url })),
    })),
  };
};
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  let data: unknown = null;
  const body = sentBody<{ platformId: number; groups: LayoutGroup[] }>(config);
  if (config.url === '/user/api/v1.platform/list/')
    data = [
      { id: 7, name: '学生服务平台' },
      { id: 8, name: '教职工服务平台' },
    ];
  if (config.url === '/portal/api/v1.homepage/modules/')
    data = {
      scope: '7',
      own: true,
      modules: [
        {
          kind: 'shortcuts',
          title: '直通车',
          items: [{ title: '成绩查询', icon: 'BookOutlined', path: '', url: 'https://jw.example.edu.cn/score' }],
        },
      ],
    };
  if (config.url === '/portal/api/v1.mobileLayout/get/')
    data = answer((config.params as { platformId: number }).platformId);
  if (config.url === '/portal/api/v1.mobileLayout/save/') {
    stored.set(body.platformId, body.groups);
    data = answer(body.platformId);
  }
  if (config.url === '/portal/api/v1.mobileLayout/reset/') {
    stored.delete(body.platformId);
    data = answer(body.platformId);
  }
  return {
    data: { errorCode: '0x00000000', message: '成功', data },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  };
};

const renderPage = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <MobileLayoutPage />
      </MemoryRouter>
    </AppProviders>,
  );
const sent = (url: string) =>
  calls.filter((c) => c.url === url).map((c) => sentBody<{ groups: { tiles: unknown[] }[] }>(c));
const groupTitles = () =>
  screen.getAllByRole('textbox', { name: /^分组名称/ }).map((i) => (i as HTMLInputElement).value);
const tilesOf = (group: string) =>
  within(screen.getByRole('group', { name: `分组 ${group}` }))
    .getAllByRole('button', { name: /^应用 / })
    .map((b) => b.getAttribute('aria-label')!.slice(3));
const saveButton = () => screen.getByRole('button', { name: /^保\s*存$/ });

beforeEach(() => {
  calls.length = 0;
  stored.clear();
  httpInstances.normal.defaults.adapter = adapter;
});
afterEach(cleanup);

describe('mobile layout page', () => {
  it("loads the first platform's default layout and previews it at phone size with the shortcuts", async () => {
    renderPage();
    await waitFor(() => expect(groupTitles()).toEqual(['全部应用']));
    expect(tilesOf('全部应用')).toEqual(['首页', '帮助中心', '填写表单']);
    expect(screen.getByText('默认布局（平台菜单）')).toBeTruthy();
    const preview = screen.getByRole('region', { name: '手机预览' });
    expect(within(preview).getByRole('heading', { name: '学生服务平台' })).toBeTruthy();
    expect(
      within(within(preview).getByRole('region', { name: '全部应用' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['首页', '帮助中心', '填写表单']);
    expect(await within(preview).findByRole('button', { name: '成绩查询' })).toBeTruthy();
    expect(calls.find((c) => c.url === '/portal/api/v1.mobileLayout/get/')!.params).toEqual({ platformId: 7 });
  });

  it('adds a group, moves it up, adds a menu page to it, and saves that payload', async () => {
    renderPage();
    await waitFor(() => expect(groupTitles()).toEqual(['全部应用']));
    fireEvent.click(screen.getByRole('button', { name: /添加分组/ }));
    fireEvent.change(screen.getByRole('textbox', { name: '分组名称 2' }), { target: { value: '常用服务' } });
    fireEvent.click(screen.getByRole('button', { name: '上移分组 常用服务' }));
    expect(groupTitles()).toEqual(['常用服务', '全部应用']);

    fireEvent.click(screen.getByRole('button', { name: '向分组 常用服务 添加应用' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /帮助中心/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /添\s*加/ }));
    await waitFor(() => expect(tilesOf('常用服务')).toEqual(['帮助中心']));
    expect(screen.getByText('有未保存的修改')).toBeTruthy();

    fireEvent.click(saveButton());
    await waitFor(() => expect(sent('/portal/api/v1.mobileLayout/save/')).toHaveLength(1));
    expect(sent('/portal/api/v1.mobileLayout/save/')[0]).toEqual({
      platformId: 7,
      groups: [
        {
          title: '常用服务',
          tiles: [{ kind: 'menu', name: 'helpIndex', url: '', title: '帮助中心', icon: 'help', badge: '' }],
        },
        DEFAULT[0],
      ],
    });
    await waitFor(() => expect(screen.getByText('已自定义')).toBeTruthy());
    expect(screen.queryByText('有未保存的修改')).toBeNull();
  });

  it('adds a custom link, renames a tile and turns on its unread badge, which the preview shows', async () => {
    renderPage();
    await waitFor(() => expect(groupTitles()).toEqual(['全部应用']));
    fireEvent.click(screen.getByRole('button', { name: '向分组 全部应用 添加应用' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('tab', { name: '自定义链接' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: '链接名称' }), { target: { value: '图书馆' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '链接地址' }), {
      target: { value: 'https://lib.example.edu/' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: '图书' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /添\s*加/ }));
    await waitFor(() => expect(tilesOf('全部应用')).toEqual(['首页', '帮助中心', '填写表单', '图书馆']));

    fireEvent.click(screen.getByRole('button', { name: '应用 首页' }));
    fireEvent.change(screen.getByRole('textbox', { name: '应用名称' }), { target: { value: '消息首页' } });
    fireEvent.click(screen.getByRole('switch', { name: '显示未读消息数' }));
    const preview = screen.getByRole('region', { name: '手机预览' });
    expect(within(preview).getByRole('button', { name: '消息首页，3 条未读' })).toBeTruthy();
    expect(within(preview).getByRole('button', { name: '图书馆' })).toBeTruthy();

    fireEvent.click(saveButton());
    await waitFor(() => expect(sent('/portal/api/v1.mobileLayout/save/')).toHaveLength(1));
    expect(sent('/portal/api/v1.mobileLayout/save/')[0].groups[0].tiles).toEqual([
      { kind: 'menu', name: 'webHomeIndex', url: '', title: '消息首页', icon: 'home', badge: 'messages' },
      DEFAULT[0]!.tiles[1],
      DEFAULT[0]!.tiles[2],
      { kind: 'link', name: '', url: 'https://lib.example.edu/', title: '图书馆', icon: 'library', badge: '' },
    ]);
  });

  it('removes a tile and moves one to another group from its settings', async () => {
    renderPage();
    await waitFor(() => expect(groupTitles()).toEqual(['全部应用']));
    fireEvent.click(screen.getByRole('button', { name: /添加分组/ }));
    fireEvent.click(screen.getByRole('button', { name: '移除首页' }));
    expect(tilesOf('全部应用')).toEqual(['帮助中心', '填写表单']);
    fireEvent.click(screen.getByRole('button', { name: '应用 填写表单' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '所在分组' }));
    fireEvent.click(await screen.findByText('分组2', { selector: '.ant-select-item-option-content' }));
    expect(tilesOf('全部应用')).toEqual(['帮助中心']);
    expect(tilesOf('分组2')).toEqual(['填写表单']);
  });

  it('does not send a layout the server would refuse, and says why', async () => {
    renderPage();
    await waitFor(() => expect(groupTitles()).toEqual(['全部应用']));
    fireEvent.change(screen.getByRole('textbox', { name: '分组名称 1' }), { target: { value: '' } });
    expect(screen.getByText('请填写名称')).toBeTruthy();
    fireEvent.click(saveButton());
    await waitFor(() => expect(document.body.textContent).toContain('第 1 个分组：请填写名称'));
    expect(sent('/portal/api/v1.mobileLayout/save/')).toHaveLength(0);
  });

  it('restores the default after confirmation', async () => {
    stored.set(7, [{ title: '常用', tiles: [] }]);
    renderPage();
    await waitFor(() => expect(groupTitles()).toEqual(['常用']));
    fireEvent.click(screen.getByRole('button', { name: /恢复默认/ }));
    // The confirmation's own button (the popover's primary one).
    await waitFor(() => expect(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary')).toBeTruthy());
    fireEvent.click(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary')!);
    await waitFor(() => expect(sent('/portal/api/v1.mobileLayout/reset/')).toEqual([{ platformId: 7 }]));
    await waitFor(() => expect(groupTitles()).toEqual(['全部应用']));
  });
});

describe('firstProblem', () => {
  it('names the group and tile the server would refuse', () => {
    expect(firstProblem(DEFAULT)).toBeNull();
    expect(
      firstProblem([
        {
          title: '常用',
          tiles: [{ kind: 'link', name: '', url: 'javascript:alert(1)', title: '外链', icon: 'link', badge: '' }],
        },
      ]),
    ).toBe('分组「常用」第 1 个应用：链接须以 http://、https:// 或 / 开头');
    expect(firstProblem([{ title: '一二三四五六七八九十一二三', tiles: [] }])).toBe('第 1 个分组：名称最多 12 个字');
  });
});
