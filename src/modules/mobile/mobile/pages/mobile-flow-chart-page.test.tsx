// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { HttpError } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import { useSession } from '@/core/session/store';
import { instanceView } from '@/modules/workflow/testing';
import MobileFlowChartPage from './mobile-flow-chart-page';

vi.mock('@/modules/workflow/api', () => ({ getInstance: vi.fn(), publicRecord: vi.fn() }));
const api = await import('@/modules/workflow/api');
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '成功', data });

const TOKEN = 'Abc_def-123456789012345678901234';

beforeEach(() => {
  useSession.setState({ token: 'tok' });
  vi.mocked(api.getInstance).mockResolvedValue(envelope(instanceView()));
  const { id: _i, applicant, tasks, ...v } = instanceView();
  vi.mocked(api.publicRecord).mockResolvedValue(
    envelope({
      ...v,
      applicantName: applicant.name,
      tasks: tasks.map(({ assigneeId: _a, ...t }) => t),
      history: v.history.map(({ attachments: _a, actorId: _b, ...h }) => h),
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useSession.setState({ token: null });
});

function LoginProbe() {
  const { search } = useLocation();
  return <p>phone login {search}</p>;
}

const open = (path: string) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/mobile/mobileFlowChart" element={<MobileFlowChartPage />} />
          <Route path="/mobile/mobileLogin" element={<LoginProbe />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

describe('mobileFlowChart', () => {
  it('draws the instance’s progress and its steps', async () => {
    open('/mobile/mobileFlowChart?instanceId=40');
    await waitFor(() =>
      expect(document.querySelector('[data-node="counsellor"]')?.getAttribute('data-progress')).toBe('done'),
    );
    expect(document.querySelector('[data-node="dorm"]')?.getAttribute('data-progress')).toBe('notStarted');
    expect(screen.getByText('李老师 同意（辅导员审批）')).toBeTruthy();
    expect(screen.getByText('同意，注意安全')).toBeTruthy();
    expect(screen.getByText('王院长 审批中（学院审批）')).toBeTruthy();
  });

  it('keeps the empty state without an instance and shows the server’s refusal', async () => {
    open('/mobile/mobileFlowChart');
    expect(await screen.findByText('暂无流程信息')).toBeTruthy();
    expect(api.getInstance).not.toHaveBeenCalled();
    cleanup();
    vi.mocked(api.getInstance).mockRejectedValue(new HttpError('无权查看该审批单', '0x00000403', 403));
    open('/mobile/mobileFlowChart?instanceId=40');
    expect(await screen.findByText('无权查看该审批单')).toBeTruthy();
  });

  it('shows the progress to whoever holds the record link, signed out, through the public record only', async () => {
    useSession.setState({ token: null });
    open(`/mobile/mobileFlowChart?instanceId=40&token=${TOKEN}`);
    expect(await screen.findByText('王院长 审批中（学院审批）')).toBeTruthy();
    expect(document.querySelector('[data-node="counsellor"]')?.getAttribute('data-progress')).toBe('done');
    expect(api.publicRecord).toHaveBeenCalledWith(TOKEN);
    expect(api.getInstance).not.toHaveBeenCalled();
    expect(screen.queryByText(/phone login/)).toBeNull();
  });

  it('asks a signed-out phone to sign in only when no record link is given, and comes back after', async () => {
    useSession.setState({ token: null });
    open('/mobile/mobileFlowChart?instanceId=40');
    expect(await screen.findByText(/phone login/)).toBeTruthy();
    expect(screen.getByText(/phone login/).textContent).toContain(
      `?to=${encodeURIComponent('/mobile/mobileFlowChart?instanceId=40')}`,
    );
    expect(api.getInstance).not.toHaveBeenCalled();
  });
});
