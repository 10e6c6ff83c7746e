// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { AxiosAdapter } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import type { FormSchema } from '@/shared/forms/schema';
import type { SummaryPage, SummaryQuery } from '@/modules/forms/contract';
import * as api from '@/modules/forms/api';
import { saveFile } from '@/core/ui/save-file';
import { SummaryView } from './summary-view';

vi.mock('@/modules/forms/api', () => ({
  listSummaryForms: vi.fn(),
  listSummary: vi.fn(),
  exportSummary: vi.fn(),
  getSubmission: vi.fn(),
}));
vi.mock('@/core/ui/save-file', () => ({ saveFile: vi.fn() }));

const ok = <T,>(data: T) => Promise.resolve({ errorCode: '0x00000000', message: '成功', data });

const SCHEMA: FormSchema = {
  format: 1,
  rules: [],
  sections: [
    {
      id: 's1',
      title: '',
      columns: 2,
      fields: [
        { id: 'name', type: 'text', label: '姓名' },
        {
          id: 'kind',
          type: 'select',
          label: '请假类型',
          options: [
            { label: '病假', value: 'sick' },
            { label: '事假', value: 'personal' },
          ],
        },
        { id: 'days', type: 'number', label: '天数', unit: '天' },
        { id: 'fee', type: 'money', label: '费用' },
        { id: 'day', type: 'date', label: '请假日期' },
        {
          id: 'items',
          type: 'subTable',
          label: '物品明细',
          columns: [
            { id: 'item', type: 'text', label: '物品' },
            { id: 'qty', type: 'number', label: '数量' },
          ],
        },
        { id: 'proof', type: 'file', label: '证明材料' },
        { id: 'photo', type: 'image', label: '照片' },
        { id: 'note', type: 'richText', label: '说明', content: '<p>x</p>' },
      ],
    },
  ],
};
// The list answer names each column with its field of the newest version (as the server sends them).
const COLUMNS = SCHEMA.sections[0]!.fields.filter((f) => f.type !== 'richText').map((field) => ({
  id: field.id,
  label: field.label,
  type: field.type,
  field,
}));
const ROW = {
  id: 501,
  formId: 7,
  formName: '学生请假申请',
  version: 2,
  submittedAt: new Date('2026-03-02T09:30:00').getTime(),
  submitter: { id: 9, name: '张三', userNo: '20230101' },
  values: {
    name: '张三',
    kind: 'sick',
    days: 3,
    fee: 12.5,
    day: '2026-03-02',
    items: [
      { item: '笔记本', qty: 2 },
      { item: '钢笔', qty: 5 },
    ],
    proof: [
      { id: 'f1', name: '医院证明.pdf', size: 10, url: '/resource/api/v1.file/11111111-1111-1111-1111-111111111111' },
    ],
    photo: [
      { id: 'i1', name: '照片.png', size: 10, url: '/resource/api/v1.file/22222222-2222-2222-2222-222222222222' },
    ],
  },
};
const page = (q: SummaryQuery): SummaryPage => ({
  columns: COLUMNS,
  list: [ROW],
  total: 45,
  page: q.page,
  pageSize: q.pageSize,
});

const listSummary = vi.mocked(api.listSummary);
const lastList = () => listSummary.mock.calls.at(-1)![0];

beforeAll(() => {
  // jsdom has no object URLs; the thumbnails only need a string.
  URL.createObjectURL = vi.fn(() => 'blob:thumb');
  URL.revokeObjectURL = vi.fn();
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(api.listSummaryForms).mockImplementation(
    (q) =>
      ok({
        list: [
          { id: 7, name: '学生请假申请', category: '学工', submissionCount: 45, lastSubmittedAt: ROW.submittedAt },
        ].filter((f) => !q.keyword || f.name.includes(q.keyword)),
        total: 1,
        page: q.page,
        pageSize: q.pageSize,
      }) as never,
  );
  listSummary.mockImplementation((q) => ok(page(q)) as never);
  vi.mocked(api.exportSummary).mockImplementation(() => ok(new Blob(['xlsx'])) as never);
  // Attachments are fetched through the request layer (the token is a header).
  const adapter: AxiosAdapter = async (config) => ({
    data: new Blob(['png']),
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  });
  httpInstances.normal.defaults.adapter = adapter;
});
afterEach(cleanup);

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

const renderAt = (url: string) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/web/taskCenter/formSummary"
            element={
              <>
                <SummaryView detailPath="/web/taskCenter/formSummaryDetail" />
                <Where />
              </>
            }
          />
          <Route path="/web/taskCenter/formSummaryDetail" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

const pageButton = (n: number) => document.querySelector(`.ant-pagination-item-${n}`)!;

/** Types both ends of the RangePicker of the filter with this label. */
async function typeRange(label: string, start: string, end: string) {
  const item = screen.getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
  const [a, b] = within(item).getAllByRole('textbox');
  for (const [input, value] of [
    [a!, start],
    [b!, end],
  ] as const) {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  }
  await waitFor(() => expect((b as HTMLInputElement).value).toBe(end));
}

/** Opens an antd Select by its label and picks the option with this text. */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const items = await screen.findAllByTitle(option);
  fireEvent.click(items[items.length - 1]!);
}

describe('form summary', () => {
  it('lists the forms to choose from, searches them, and opens the chosen one', async () => {
    renderAt('/web/taskCenter/formSummary');
    expect(await screen.findByText('学生请假申请')).toBeTruthy();
    expect(screen.getByText('共 1 个表单')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('搜索表单'), { target: { value: ' 请假 ' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(vi.mocked(api.listSummaryForms).mock.calls.at(-1)![0]).toEqual({ page: 1, pageSize: 20, keyword: '请假' }),
    );

    fireEvent.click(await screen.findByText('学生请假申请'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/web/taskCenter/formSummary?formId=7'));
    await waitFor(() => expect(lastList()).toEqual({ formId: 7, page: 1, pageSize: 20 }));
    expect(await screen.findByText('学生请假申请 · 汇总')).toBeTruthy();
  });

  it('shows each value as formatted text, sub-tables as rows in a popover, files as links and images as thumbnails', async () => {
    renderAt('/web/taskCenter/formSummary?formId=7');
    const row = (await screen.findByText('20230101')).closest('tr')!;
    // Option labels and units come from the columns' field definitions.
    await waitFor(() => expect(within(row).getByText('病假')).toBeTruthy());
    expect(api.getSubmission).not.toHaveBeenCalled();
    expect(within(row).getByText('3天')).toBeTruthy();
    expect(within(row).getByText('12.50')).toBeTruthy();
    expect(within(row).getByText('2026-03-02')).toBeTruthy();
    expect(within(row).getByText('2026-03-02 09:30:00')).toBeTruthy();
    expect(within(row).getByText('v2')).toBeTruthy();
    expect(within(row).getAllByText('张三')).toHaveLength(2); // submitter and the name field
    expect(within(row).getByText(/医院证明\.pdf/)).toBeTruthy();
    expect(await within(row).findByAltText('照片.png')).toBeTruthy();
    expect(screen.getByText('共 45 条提交')).toBeTruthy();
    // A column per value field; display-only blocks get none.
    expect(screen.queryByRole('columnheader', { name: '说明' })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: '2 行' }));
    const pop = await screen.findByText('物品明细（2 行）');
    const box = pop.closest('.ant-popover')! as HTMLElement;
    expect(within(box).getByText('钢笔')).toBeTruthy();
    expect(within(box).getAllByText('数量').length).toBeGreaterThan(0);
    // Opening the popover is not opening the row.
    expect(screen.getByTestId('where').textContent).toBe('/web/taskCenter/formSummary?formId=7');
  });

  it('downloads an attachment through the request layer under its own name', async () => {
    renderAt('/web/taskCenter/formSummary?formId=7');
    const link = await screen.findByText(/医院证明\.pdf/);
    fireEvent.click(link);
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), '医院证明.pdf'));
    expect(screen.getByTestId('where').textContent).toBe('/web/taskCenter/formSummary?formId=7');
  });

  it('sends the filter bar as the filters JSON, starts again at page 1, and exports with the same filters', async () => {
    renderAt('/web/taskCenter/formSummary?formId=7');
    await screen.findByText('20230101');
    fireEvent.click(pageButton(3));
    await waitFor(() => expect(lastList()).toMatchObject({ page: 3 }));

    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: ' 张 ' } });
    await waitFor(() => expect(screen.getByLabelText('请假类型').getAttribute('role')).toBe('combobox'));
    await pick('请假类型', '事假');
    fireEvent.click(screen.getByRole('button', { name: /展开/ }));
    fireEvent.change(screen.getByLabelText('天数最小值'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('天数最大值'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    const filters = JSON.stringify({ name: '张', kind: 'personal', days: { min: 1, max: 5 } });
    await waitFor(() => expect(lastList()).toEqual({ formId: 7, page: 1, pageSize: 20, filters }));
    // The filters live in the address: the detail page's 返回 comes back to them.
    expect(new URLSearchParams(screen.getByTestId('where').textContent!.split('?')[1]).get('filters')).toBe(filters);

    fireEvent.click(pageButton(2));
    await waitFor(() => expect(lastList()).toEqual({ formId: 7, page: 2, pageSize: 20, filters }));

    fireEvent.click(screen.getByRole('button', { name: /导出 Excel/ }));
    await waitFor(() => expect(api.exportSummary).toHaveBeenCalledWith({ formId: 7, filters }));
    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith(
        expect.any(Blob),
        expect.stringMatching(/^学生请假申请-汇总-\d{8}-\d{4}\.xlsx$/),
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(lastList()).toEqual({ formId: 7, page: 1, pageSize: 20 }));
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('');
  });

  it('sends a date column’s range and the submitted-time range', async () => {
    renderAt('/web/taskCenter/formSummary?formId=7');
    await screen.findByText('20230101');
    expect(screen.queryByText('请假日期', { selector: 'label' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /展开（3）/ }));
    await typeRange('请假日期', '2026-03-01', '2026-03-05');
    await typeRange('提交时间', '2026-02-01', '2026-02-28');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(lastList()).toEqual({
        formId: 7,
        page: 1,
        pageSize: 20,
        filters: JSON.stringify({ day: { min: '2026-03-01', max: '2026-03-05' } }),
        submittedFrom: new Date('2026-02-01T00:00:00').getTime(),
        submittedTo: new Date('2026-02-28T23:59:59.999').getTime(),
      }),
    );
  });

  it('restores the filters and page from the address into the bar', async () => {
    const filters = JSON.stringify({ name: '李', days: { max: 2 } });
    renderAt(`/web/taskCenter/formSummary?formId=7&page=2&filters=${encodeURIComponent(filters)}&from=1772323200000`);
    await screen.findByText('20230101');
    expect(lastList()).toEqual({ formId: 7, page: 2, pageSize: 20, filters, submittedFrom: 1772323200000 });
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('李');
    // A filter in force beyond the first row opens the bar, so nothing applied is out of sight.
    expect((screen.getByLabelText('天数最大值') as HTMLInputElement).value).toBe('2');
  });

  it('opens a submission’s detail page from its row', async () => {
    renderAt('/web/taskCenter/formSummary?formId=7');
    fireEvent.click(await screen.findByText('20230101'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/web/taskCenter/formSummaryDetail?id=501'),
    );
  });
});
