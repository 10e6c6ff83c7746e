// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import MobileProcessServicesPage from './mobile-process-services-page';

vi.mock('@/modules/workflow/api', () => ({ startableProcesses: vi.fn() }));
const api = await import('@/modules/workflow/api');
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

describe('mobileProcessServices', () => {
  it('lists the processes I may start and opens the form on the phone', async () => {
    vi.mocked(api.startableProcesses).mockResolvedValue({
      errorCode: '0x00000000',
      message: '成功',
      data: {
        list: [
          {
            processId: 2,
            processName: '学生请假审批',
            formId: 5,
            formName: '学生请假申请',
            category: '学生事务',
            description: '',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      },
    } as never);
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/mobile/processServices']}>
          <Routes>
            <Route path="/mobile/processServices" element={<MobileProcessServicesPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText('审批流程：学生请假审批')).toBeTruthy();
    fireEvent.click(screen.getByText('学生请假申请'));
    expect(screen.getByTestId('where').textContent).toBe('/mobile/formWrite?formId=5');
  });
});
