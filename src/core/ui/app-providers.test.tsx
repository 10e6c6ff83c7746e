// @vitest-environment jsdom
import '../testing/dom-polyfills';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Empty, message, theme } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/store';
import { AppProviders } from './app-providers';
import { toast } from './toast';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.setState({ theme: null });
});

function Probe() {
  const { token } = theme.useToken();
  const client = useQueryClient();
  return (
    <span>
      primary:{token.colorPrimary} query:{client ? 'yes' : 'no'}
    </span>
  );
}

describe('AppProviders', () => {
  it('speaks Chinese, applies the session theme and provides a query client', () => {
    useSession.setState({ theme: { primaryColor: '#0a5fb4' } });
    render(
      <AppProviders>
        <Empty />
        <Probe />
      </AppProviders>,
    );
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
    expect(screen.getByText('primary:#0a5fb4 query:yes')).toBeTruthy();
  });

  it('routes core toasts through the App context while mounted', async () => {
    const staticError = vi.spyOn(message, 'error');
    render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    );
    await act(async () => toast.error('保存失败'));
    expect(await screen.findByText('保存失败')).toBeTruthy();
    expect(staticError).not.toHaveBeenCalled();
  });
});
