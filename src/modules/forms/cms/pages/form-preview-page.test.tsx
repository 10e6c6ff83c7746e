// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import type { FormSchema } from '@/shared/forms/schema';
import type { FormDetail } from '@/modules/forms/contract';
import { emptyFillView } from '@/modules/forms/contract';

const api = vi.hoisted(() => ({
  getForm: vi.fn(),
  getFormVersion: vi.fn(),
  pickUsers: vi.fn(),
  pickDepartments: vi.fn(),
}));
vi.mock('@/modules/forms/api', () => api);

const { default: FormPreviewPage } = await import('./form-preview-page');

const ok = <T,>(data: T) => Promise.resolve({ errorCode: '0x00000000', message: '成功', data });

const draft: FormSchema = {
  format: 1,
  sections: [
    {
      id: 'section_a',
      title: '申请信息',
      columns: 1,
      fields: [{ id: 'reason', type: 'text', label: '草稿里的原因', required: true }],
    },
  ],
  rules: [],
};
const v1: FormSchema = {
  format: 1,
  sections: [
    {
      id: 'section_a',
      title: '申请信息',
      columns: 1,
      fields: [{ id: 'title', type: 'text', label: '第一版的标题', required: true }],
    },
  ],
  rules: [],
};
const detail: FormDetail = {
  id: 8,
  name: '出差申请',
  category: '',
  description: '',
  status: 'published',
  access: 'signedIn',
  audience: [],
  fill: emptyFillView(),
  managers: [],
  draft,
  versions: [{ version: 1, publishedAt: 1, publishedBy: 'admin' }],
  submissionCount: 0,
  updatedAt: 0,
  updatedBy: 'admin',
};

const renderAt = (url: string) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/cms/workflow/preview" element={<FormPreviewPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

beforeEach(() => {
  for (const f of Object.values(api)) f.mockReset();
  api.getForm.mockImplementation(() => ok(detail));
  api.getFormVersion.mockImplementation(() => ok(v1));
});
afterEach(cleanup);

describe('form preview page', () => {
  it('shows the draft and checks it like the server, without sending anything', async () => {
    renderAt('/cms/workflow/preview?id=8');
    const frame = await screen.findByTestId('preview-desktop');
    expect(await within(frame).findByText('草稿里的原因', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('草稿')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /校\s?验/ }));
    expect(await screen.findByText('有 1 处填写不符合要求')).toBeTruthy();
    expect(api.getFormVersion).not.toHaveBeenCalled();
  });

  it('shows a published version when asked, at phone width too', async () => {
    renderAt('/cms/workflow/preview?id=8&version=1');
    const frame = await screen.findByTestId('preview-desktop');
    expect(await within(frame).findByText('第一版的标题', {}, { timeout: 10_000 })).toBeTruthy();
    expect(api.getFormVersion).toHaveBeenCalledWith(8, 1);
    expect(screen.getByText('第 1 版', { selector: '.ant-tag' })).toBeTruthy();
    fireEvent.click(screen.getByText('手机'));
    const phone = await screen.findByTestId('preview-phone');
    expect(await within(phone).findByText('第一版的标题', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('says so when no form is named', async () => {
    renderAt('/cms/workflow/preview');
    await waitFor(() => expect(screen.getByText('未指定要预览的表单')).toBeTruthy());
    expect(api.getForm).not.toHaveBeenCalled();
  });
});
