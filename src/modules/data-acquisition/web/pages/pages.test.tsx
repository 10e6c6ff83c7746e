// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import { FORM_SCHEMA_FORMAT } from '@/shared/forms/schema';
import type { FillView, MineItem } from '../../contract';
import DataFillingPage from './data-filling-page';
import { autoMatch } from '../components/mapping-editor';

vi.mock('@/modules/data-acquisition/api', () => ({
  listMine: vi.fn(),
  openFill: vi.fn(),
  saveFill: vi.fn(),
  submitFill: vi.fn(),
}));
vi.mock('@/modules/forms/api', () => ({ pickUsers: vi.fn(), pickDepartments: vi.fn(), uploadFormFile: vi.fn() }));
const api = await import('@/modules/data-acquisition/api');
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '成功', data });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const item: MineItem = {
  assignmentId: 5,
  taskId: 1,
  title: '返乡信息采集',
  formName: '返乡登记',
  deadline: Date.UTC(2026, 11, 1, 10),
  taskStatus: 'published',
  recordLabel: '张三',
  part: 'unfilled',
  recordState: 'draft',
  collaborative: true,
  updatedAt: 0,
  note: '',
};
const view: FillView = {
  assignmentId: 5,
  taskId: 1,
  title: '返乡信息采集',
  description: '',
  deadline: item.deadline,
  formId: 3,
  formVersion: 1,
  schema: {
    format: FORM_SCHEMA_FORMAT,
    sections: [
      {
        id: 's',
        title: '',
        columns: 1,
        fields: [
          { id: 'city', type: 'text', label: '返乡城市', required: true },
          { id: 'days', type: 'number', label: '天数' },
        ],
      },
    ],
    rules: [],
  },
  values: { days: 3 },
  editable: ['city'],
  part: 'unfilled',
  recordState: 'draft',
  recordLabel: '张三',
  canEdit: true,
  note: '',
  instanceId: null,
  parts: [{ userName: '李四', fields: ['days'], part: 'submitted' }],
};

const open = (path: string) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/web/dataAcquisition/dataFilling" element={<DataFillingPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

describe('数据填报', () => {
  it('lists my tasks and opens one', async () => {
    vi.mocked(api.listMine).mockResolvedValue(envelope({ list: [item], total: 1, page: 1, pageSize: 10 }));
    vi.mocked(api.openFill).mockResolvedValue(envelope(view));
    open('/web/dataAcquisition/dataFilling');
    fireEvent.click(await screen.findByRole('button', { name: '返乡信息采集' }));
    expect(await screen.findByText(/协同填报：您负责 1 个字段；李四（已提交）/)).toBeTruthy();
    expect(api.openFill).toHaveBeenCalledWith(5);
  });

  it('submits only my own fields, and shows what the form still needs first', async () => {
    vi.mocked(api.openFill).mockResolvedValue(envelope(view));
    vi.mocked(api.submitFill).mockResolvedValue(
      envelope({ recordState: 'draft', part: 'submitted', instanceId: null }),
    );
    open('/web/dataAcquisition/dataFilling?assignmentId=5');
    const submit = await screen.findByRole('button', { name: /提\s*交/ });
    fireEvent.click(submit);
    expect(await screen.findByText(/请填写返乡城市|返乡城市.*必填|不能为空/)).toBeTruthy();
    expect(api.submitFill).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: /返乡城市/ }), { target: { value: '长沙' } });
    fireEvent.click(submit);
    await waitFor(() => expect(api.submitFill).toHaveBeenCalledWith({ assignmentId: 5, values: { city: '长沙' } }));
  });
});

describe('mapping auto-match', () => {
  it('matches by label, then by name, each table field once', () => {
    const fields = [
      { id: 'no', type: 'text', label: '学号' },
      { id: 'city', type: 'text', label: '城市' },
      { id: 'x', type: 'text', label: '其他' },
    ] as never;
    const table = {
      id: 1,
      code: 't',
      name: 'T',
      uniqueKey: [],
      fields: [
        { name: 'student_no', label: '学号', type: 'string', required: true },
        { name: 'city', label: '返乡城市', type: 'string', required: false },
      ],
    };
    expect(autoMatch(fields, table)).toEqual([
      { from: 'no', to: 'student_no' },
      { from: 'city', to: 'city' },
    ]);
  });
});
