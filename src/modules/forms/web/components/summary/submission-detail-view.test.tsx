// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import { HttpError } from '@/core/http';
import type { SubmissionDetail } from '@/modules/forms/contract';
import * as api from '@/modules/forms/api';
import { SubmissionDetailView } from './submission-detail-view';

vi.mock('@/modules/forms/api', () => ({ getSubmission: vi.fn() }));

const DETAIL: SubmissionDetail = {
  id: 501,
  formId: 7,
  formName: '学生请假申请',
  version: 2,
  submittedAt: new Date('2026-03-02T09:30:00').getTime(),
  submitter: { id: 9, name: '张三', userNo: '20230101' },
  schema: {
    format: 1,
    rules: [],
    sections: [
      {
        id: 's1',
        title: '请假信息',
        columns: 1,
        fields: [
          { id: 'reason', type: 'textarea', label: '请假事由' },
          { id: 'kind', type: 'select', label: '请假类型', options: [{ label: '病假', value: 'sick' }] },
        ],
      },
    ],
  },
  values: { reason: '发烧需要就医', kind: 'sick' },
};

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(api.getSubmission).mockResolvedValue({ errorCode: '0x00000000', message: '成功', data: DETAIL });
});
afterEach(cleanup);

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

const renderAt = (entries: string[]) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route path="/cms/workflow/summary" element={<Where />} />
          <Route
            path="/cms/workflow/summaryDetail"
            element={
              <>
                <SubmissionDetailView summaryPath="/cms/workflow/summary" />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

describe('submission detail', () => {
  it('shows the submission in its version’s form, read-only, with who sent it and when', async () => {
    renderAt(['/cms/workflow/summaryDetail?id=501']);
    expect(await screen.findByText('学生请假申请 · 提交详情')).toBeTruthy();
    expect(api.getSubmission).toHaveBeenCalledWith(501);
    expect(screen.getByText('张三')).toBeTruthy();
    expect(screen.getByText('20230101')).toBeTruthy();
    expect(screen.getByText('2026-03-02 09:30:00')).toBeTruthy();
    expect(screen.getByText('v2')).toBeTruthy();
    expect(await screen.findByText('发烧需要就医')).toBeTruthy();
    expect(screen.getByText('病假')).toBeTruthy();
    // Read-only: no inputs to change the stored values.
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('goes back to the summary it came from, with its page and filters', async () => {
    renderAt(['/cms/workflow/summary?formId=7&page=3', '/cms/workflow/summaryDetail?id=501']);
    fireEvent.click(await screen.findByRole('button', { name: /返回汇总/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/cms/workflow/summary?formId=7&page=3'));
  });

  it('opened directly, goes to the form’s summary', async () => {
    renderAt(['/cms/workflow/summaryDetail?id=501']);
    await screen.findByText('学生请假申请 · 提交详情');
    fireEvent.click(screen.getByRole('button', { name: /返回汇总/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/cms/workflow/summary?formId=7'));
  });

  it('says why when the submission cannot be read, and when no id is given', async () => {
    vi.mocked(api.getSubmission).mockRejectedValue(new HttpError('无权查看该提交记录', '0x00000010', 403));
    renderAt(['/cms/workflow/summaryDetail?id=502']);
    expect(await screen.findByText('无法查看该提交记录')).toBeTruthy();
    expect(screen.getByText('无权查看该提交记录')).toBeTruthy();
    cleanup();
    renderAt(['/cms/workflow/summaryDetail']);
    expect(await screen.findByText('缺少提交记录编号')).toBeTruthy();
    expect(api.getSubmission).toHaveBeenCalledTimes(1);
  });
});
