// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import type { DelegationItem } from '@/modules/workflow/contract';

const api = vi.hoisted(() => ({
  listDelegations: vi.fn(),
  createDelegation: vi.fn(),
  updateDelegation: vi.fn(),
  deleteDelegation: vi.fn(),
  getUserList: vi.fn(),
}));
vi.mock('@/modules/workflow/api', () => api);
const { default: ApprovalManagePage } = await import('./approval-manage-page');

const ok = <T,>(data: T) => Promise.resolve({ errorCode: '0x00000000', message: '成功', data });
const day = 86_400_000;
const now = Date.now();
const rows: DelegationItem[] = [
  {
    id: 1,
    from: { id: 11, name: '张老师' },
    to: { id: 12, name: '李老师' },
    startsAt: now - day,
    endsAt: now + day,
    note: '出差期间',
    enabled: true,
    createdAt: now - 2 * day,
  },
  {
    id: 2,
    from: { id: 13, name: '王老师' },
    to: { id: 12, name: '李老师' },
    startsAt: now + day,
    endsAt: now + 3 * day,
    note: '',
    enabled: true,
    createdAt: now,
  },
  {
    id: 3,
    from: { id: 13, name: '王老师' },
    to: { id: 11, name: '张老师' },
    startsAt: now - 3 * day,
    endsAt: now - day,
    note: '',
    enabled: true,
    createdAt: now,
  },
  {
    id: 4,
    from: { id: 14, name: '赵老师' },
    to: { id: 11, name: '张老师' },
    startsAt: now - day,
    endsAt: now + day,
    note: '',
    enabled: false,
    createdAt: now,
  },
];
const users = [
  { id: 11, username: 'zhang', realName: '张老师', userNo: 'T011', kind: 'staff', department: null, status: 'active' },
  { id: 12, username: 'li', realName: '李老师', userNo: 'T012', kind: 'staff', department: null, status: 'active' },
];

const renderPage = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <ApprovalManagePage />
      </MemoryRouter>
    </AppProviders>,
  );
const row = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

async function pickIn(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(scope).getByRole('combobox', { name: label }));
  const items = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(items[items.length - 1]!);
}

beforeEach(() => {
  for (const f of Object.values(api)) f.mockReset();
  api.listDelegations.mockImplementation(() => ok({ list: rows, total: 4, page: 1, pageSize: 10 }));
  api.getUserList.mockImplementation(() => ok({ list: users, total: 2, page: 1, pageSize: 20 }));
  for (const f of [api.createDelegation, api.updateDelegation, api.deleteDelegation])
    f.mockImplementation(() => ok(null));
});
afterEach(cleanup);

describe('approval management (delegation rules)', () => {
  it('lists the rules with who, when and whether each is in force', async () => {
    renderPage();
    const first = await row('出差期间');
    expect(within(first).getByText('张老师')).toBeTruthy();
    expect(within(first).getByText('李老师')).toBeTruthy();
    expect(within(first).getByText('生效中')).toBeTruthy();
    expect(screen.getByText('未开始')).toBeTruthy();
    expect(screen.getByText('已过期')).toBeTruthy();
    expect(screen.getByText('已停用')).toBeTruthy();
    expect(api.listDelegations).toHaveBeenLastCalledWith({ page: 1, pageSize: 10, userId: undefined });
  });

  it('creates a rule after checking the people and the dates', async () => {
    renderPage();
    await row('出差期间');
    fireEvent.click(screen.getByRole('button', { name: /新建委托/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '保 存' }));
    expect(await within(dialog).findByText('请选择委托人')).toBeTruthy();
    expect(within(dialog).getByText('请选择受托人')).toBeTruthy();
    expect(within(dialog).getByText('请选择委托的起止时间')).toBeTruthy();
    await pickIn(dialog, '委托人', '张老师（T011）');
    await pickIn(dialog, '受托人', '张老师（T011）');
    expect(await within(dialog).findByText('受托人不能是委托人本人')).toBeTruthy();
    await pickIn(dialog, '受托人', '李老师（T012）');
    await waitFor(() => expect(within(dialog).queryByText('受托人不能是委托人本人')).toBeNull());
    for (const [ph, value] of [
      ['开始时间', '2026-12-01 08:00'],
      ['结束时间', '2026-12-05 18:00'],
    ] as const) {
      const input = within(dialog).getByPlaceholderText(ph);
      fireEvent.mouseDown(input);
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    }
    fireEvent.change(within(dialog).getByRole('textbox', { name: '说明' }), { target: { value: ' 出国访问 ' } });
    await waitFor(() =>
      expect((within(dialog).getByPlaceholderText('结束时间') as HTMLInputElement).value).toBe('2026-12-05 18:00'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(api.createDelegation).toHaveBeenCalledTimes(1));
    const body = api.createDelegation.mock.calls[0]![0];
    expect(body).toMatchObject({ fromUserId: 11, toUserId: 12, note: '出国访问', enabled: true });
    expect(new Date(body.startsAt).getDate()).toBe(1);
    expect(body.endsAt - body.startsAt).toBe(4 * day + 10 * 3_600_000);
  });

  it('edits a rule with its values filled in, and deletes one after confirming', async () => {
    renderPage();
    fireEvent.click(within(await row('出差期间')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    // The chosen people are named like the picker's options (asked by id), not by bare number.
    expect(await within(dialog).findByText('张老师（T011）')).toBeTruthy();
    expect(within(dialog).getByText('李老师（T012）')).toBeTruthy();
    expect(api.getUserList).toHaveBeenCalledWith({ ids: [11], page: 1, pageSize: 1 });
    expect(api.getUserList).toHaveBeenCalledWith({ ids: [12], page: 1, pageSize: 1 });
    fireEvent.click(within(dialog).getByRole('switch', { name: '启用' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '保 存' }));
    await waitFor(() =>
      expect(api.updateDelegation).toHaveBeenCalledWith({
        id: 1,
        fromUserId: 11,
        toUserId: 12,
        startsAt: rows[0]!.startsAt,
        endsAt: rows[0]!.endsAt,
        note: '出差期间',
        enabled: false,
      }),
    );

    fireEvent.click(within(await row('未开始')).getByRole('button', { name: '删除' }));
    const pop = await waitFor(() => {
      const el = [...document.querySelectorAll('.ant-popover:not(.ant-popover-hidden)')].find((p) =>
        p.textContent?.includes('删除 王老师 → 李老师 的委托？'),
      );
      if (!el) throw new Error('no confirmation');
      return el as HTMLElement;
    });
    fireEvent.click(within(pop).getByRole('button', { name: '删 除' }));
    await waitFor(() => expect(api.deleteDelegation).toHaveBeenCalledWith(2));
  });
});
