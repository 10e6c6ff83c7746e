// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import { MESSAGE_KINDS } from '@/modules/messages/contract';
import type { MyPreferences } from '@/modules/messages/contract';
import NotifySettingsPage from './notify-settings-page';

const PREFS: MyPreferences = {
  email: 'wangjianguo@hxlg.edu.cn',
  emailValid: true,
  phone: '',
  phoneValid: false,
  channels: ['email', 'sms'],
  choices: MESSAGE_KINDS.flatMap((kind) => [
    { kind, channel: 'email' as const, enabled: kind === 'task' || kind === 'result' },
    { kind, channel: 'sms' as const, enabled: false },
    { kind, channel: 'wecom' as const, enabled: false },
    { kind, channel: 'dingtalk' as const, enabled: false },
  ]),
};

const calls: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  return {
    data: { errorCode: '0x00000000', message: '成功', data: PREFS },
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
        <NotifySettingsPage />
      </MemoryRouter>
    </AppProviders>,
  );

describe('个人中心 → 通知设置', () => {
  it('shows the defaults, keeps in-app always on, offers SMS only with a mobile, and saves the choices', async () => {
    renderPage();
    const taskMail = (await screen.findByRole('checkbox', { name: '待办 电子邮件' })) as HTMLInputElement;
    expect(taskMail.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: '通知 电子邮件' }) as HTMLInputElement).checked).toBe(false);
    // In-app: checked and locked on every row.
    const inApp = screen.getAllByRole('checkbox', { name: '站内消息' }) as HTMLInputElement[];
    expect(inApp).toHaveLength(MESSAGE_KINDS.length);
    expect(inApp.every((c) => c.checked && c.disabled)).toBe(true);
    // No mobile on the account: SMS cannot be turned on.
    expect((screen.getByRole('checkbox', { name: '待办 短信' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('未绑定')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: '通知 电子邮件' }));
    fireEvent.click(taskMail);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    const sent = JSON.parse(String(calls.find((c) => c.method === 'post')!.data)) as {
      choices: { kind: string; channel: string; enabled: boolean }[];
    };
    expect(sent.choices.find((c) => c.kind === 'notice' && c.channel === 'email')?.enabled).toBe(true);
    expect(sent.choices.find((c) => c.kind === 'task' && c.channel === 'email')?.enabled).toBe(false);
    expect(sent.choices.find((c) => c.kind === 'result' && c.channel === 'email')?.enabled).toBe(true);
    expect(sent.choices.every((c) => c.channel === 'email' || c.channel === 'sms')).toBe(true);
  });
});
