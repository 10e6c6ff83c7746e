// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { useSession } from '@/core/session/store';
import { AppProviders } from '@/core/ui/app-providers';
import DisplaySettingsPage from './display-settings-page';

const calls: InternalAxiosRequestConfig[] = [];
let theme = { primaryColor: '#1677ff' };
const sso = {
  kind: 'oidc',
  cas: null,
  oidc: { issuer: 'https://idp.example.edu', clientId: 'portal', redirectUri: '', secretSet: true },
  retainBackDoor: true,
  adminHost: '',
  userLoginEnable: true,
  adminLoginEnable: true,
  logoutUrl: '',
  match: { field: 'username', claim: '' },
  provision: { enabled: false, kind: 'student', nameClaim: '', departmentClaim: '', userNoClaim: '', emailClaim: '' },
  backchannelLogoutUri: 'http://localhost/user/login/backchannel_logout/',
  signInPages: ['http://localhost/login', 'http://localhost/loginAdmin'],
};
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const answers: Record<string, unknown> = {
    '/portal/backend/organizationConfig/getCommonConfig/': {
      icon: '/favicon.svg',
      logo: '/logo.svg',
      backend: { title: '管理后台', font: '' },
      front: { title: '门户' },
    },
    '/portal/backend/organizationConfig/getTheme/': theme,
    '/portal/backend/organizationConfig/saveTheme/': null,
    '/user/api/v1.sso/settings/': sso,
    '/user/api/v1.sso/test/': { ok: false, message: '无法访问身份提供方：5 秒内无应答' },
    '/user/api/v1.sso/save/': sso,
  };
  if (config.url === '/portal/backend/organizationConfig/saveTheme/') {
    theme = { primaryColor: new URLSearchParams(config.data as string).get('primaryColor')!.toLowerCase() };
    answers[config.url] = theme;
  }
  return {
    data: { errorCode: '0x00000000', message: '成功', data: answers[config.url ?? ''] ?? null },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  };
};

const renderPage = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <DisplaySettingsPage />
      </MemoryRouter>
    </AppProviders>,
  );

beforeEach(() => {
  calls.length = 0;
  theme = { primaryColor: '#1677ff' };
  useSession.getState().setTheme(null);
  httpInstances.normal.defaults.adapter = adapter;
});
afterEach(cleanup);

describe('display settings page', () => {
  it('saves a preset theme colour with saveTheme and the whole app takes it from the session', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('tab', { name: '主题色' }));
    fireEvent.click(await screen.findByRole('radio', { name: '极光绿' }));
    expect(screen.getByLabelText('颜色值')).toHaveProperty('value', '#52c41a');
    fireEvent.click(screen.getByRole('button', { name: '保存主题色' }));
    await waitFor(() => expect(useSession.getState().theme).toEqual({ primaryColor: '#52c41a' }));
    const saved = calls.filter((c) => c.url === '/portal/backend/organizationConfig/saveTheme/');
    expect(saved).toHaveLength(1);
    expect(new URLSearchParams(saved[0]!.data as string).get('primaryColor')).toBe('#52c41a');
  });

  it('refuses a colour that is not #RRGGBB before sending anything', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('tab', { name: '主题色' }));
    const input = await screen.findByLabelText('颜色值');
    fireEvent.change(input, { target: { value: 'red' } });
    expect(screen.getByText('请输入 #RRGGBB 格式的颜色')).toBeTruthy();
    expect(screen.getByRole('button', { name: '保存主题色' })).toHaveProperty('disabled', true);
  });

  it('shows that a client secret is set without its value, and the connection test result', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('tab', { name: '登录方式与单点登录' }));
    expect(await screen.findByText('已设置密钥；留空表示保持不变')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /测试连接/ }));
    expect(await screen.findByText('无法访问身份提供方：5 秒内无应答')).toBeTruthy();
    const test = calls.find((c) => c.url === '/user/api/v1.sso/test/')!;
    expect(new URLSearchParams(test.data as string).get('url')).toBe('https://idp.example.edu');
  });

  it('will not switch off both sign-in sides', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('tab', { name: '登录方式与单点登录' }));
    await screen.findByText('已设置密钥；留空表示保持不变');
    fireEvent.click(screen.getByRole('switch', { name: '用户登录' }));
    fireEvent.click(screen.getByRole('switch', { name: '管理员登录' }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('用户登录与管理员登录不能同时关闭')).toBeTruthy();
    expect(calls.some((c) => c.url === '/user/api/v1.sso/save/')).toBe(false);
  });
});
