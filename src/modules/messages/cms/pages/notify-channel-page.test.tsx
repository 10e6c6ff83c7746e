// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import type { ChannelList } from '@/modules/messages/contract';
import NotifyChannelPage from './notify-channel-page';

const LIST: ChannelList = {
  demoSink: true,
  general: { portalUrl: 'http://127.0.0.1:8080', siteName: '综合服务门户' },
  list: [
    {
      channel: 'email',
      enabled: true,
      settings: {
        host: 'smtp.hxlg.edu.cn',
        port: 587,
        security: 'starttls',
        allowSelfSigned: false,
        from: 'noreply@hxlg.edu.cn',
        user: 'notify',
      },
      keyStored: true,
      webhookHost: '',
      updatedAt: 1,
    },
    {
      channel: 'sms',
      enabled: false,
      settings: { url: '', appKey: '', signName: '', templateCode: '' },
      keyStored: false,
      webhookHost: '',
      updatedAt: null,
    },
    { channel: 'wecom', enabled: false, settings: {}, keyStored: false, webhookHost: '', updatedAt: null },
    { channel: 'dingtalk', enabled: false, settings: {}, keyStored: false, webhookHost: '', updatedAt: null },
  ],
};

const calls: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const data =
    {
      '/message/api/v1.notify/channel/list/': LIST,
      '/message/api/v1.notify/channel/save/': LIST.list[0],
      '/message/api/v1.notify/channel/test/': { ok: false, detail: 'EAUTH 535：Invalid username or password' },
    }[config.url ?? ''] ?? null;
  return {
    data: { errorCode: '0x00000000', message: '成功', data },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  };
};

beforeEach(() => {
  calls.length = 0;
  httpInstances.normal.defaults.adapter = adapter;
  httpInstances.slow.defaults.adapter = adapter;
});
afterEach(cleanup);

const renderPage = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <NotifyChannelPage />
      </MemoryRouter>
    </AppProviders>,
  );
const posted = (url: string) => calls.filter((c) => c.url === url && c.method === 'post');

describe('通知渠道 page', () => {
  it('shows the settings without the password, keeps it when left empty, and shows a 发送测试 failure', async () => {
    renderPage();
    expect((await screen.findByDisplayValue('smtp.hxlg.edu.cn')) as HTMLInputElement).toBeTruthy();
    expect(screen.getByText(/演示模式/)).toBeTruthy();
    expect(screen.getByText('已保存')).toBeTruthy();
    const password = screen.getByLabelText('密码') as HTMLInputElement;
    expect(password.value).toBe('');

    fireEvent.click(screen.getAllByRole('button', { name: /^保\s*存$/ }).at(-1)!);
    await waitFor(() => expect(posted('/message/api/v1.notify/channel/save/')).toHaveLength(1));
    const body = JSON.parse(String(posted('/message/api/v1.notify/channel/save/')[0]!.data)) as Record<string, unknown>;
    expect(body).toMatchObject({ channel: 'email', enabled: true, settings: { host: 'smtp.hxlg.edu.cn', port: 587 } });
    expect(body.secret ?? '').toBe('');

    const test = screen.getByRole('button', { name: '发送测试' }) as HTMLButtonElement;
    expect(test.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('测试收件地址'), { target: { value: 'someone@hxlg.edu.cn' } });
    fireEvent.click(test);
    expect(await screen.findByText('发送失败')).toBeTruthy();
    expect(screen.getByText(/EAUTH 535/)).toBeTruthy();
    expect(JSON.parse(String(posted('/message/api/v1.notify/channel/test/')[0]!.data))).toEqual({
      channel: 'email',
      address: 'someone@hxlg.edu.cn',
    });
  });
});
