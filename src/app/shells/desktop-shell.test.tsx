// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { set as idbSet } from 'idb-keyval';
import { httpInstances } from '@/core/http';
import { IDB_KEYS, useSession } from '@/core/session/store';
import type { PlatformMenus } from '@/shared/menus';
import { DesktopShell } from './desktop-shell';

const logo = (title: string) => ({ icon: '', logo: '', backend: { title: '', font: '' }, front: { title } });
const calls: InternalAxiosRequestConfig[] = [];
const answers: Record<string, unknown> = {
  '/portal/backend/organizationConfig/getTheme/': { primaryColor: '#1677ff' },
  '/portal/backend/organizationConfig/getCommonConfig/': logo('智慧校园综合服务平台'),
  '/portal/backend/organizationConfig/getConfig/': logo('一表通平台'),
};
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const data = { errorCode: '0x00000000', message: '', data: answers[config.url ?? ''] ?? null };
  return { data, status: 200, statusText: 'OK', headers: {}, config };
};

const oneForm: PlatformMenus = {
  platform_id: 3,
  platform_name: '一表通平台',
  icon: '',
  index_url: '/web/home/index',
  kind: 'one-form',
  web: [],
};

function mount() {
  const router = createMemoryRouter([{ element: <DesktopShell />, children: [{ path: '*', element: <p>page</p> }] }], {
    initialEntries: ['/web/home/index'],
  });
  render(<RouterProvider router={router} />);
}

afterEach(async () => {
  cleanup();
  calls.length = 0;
  await useSession.getState().clear();
});

describe('DesktopShell branding after a reload', () => {
  it("restores the chosen platform's logo config (kept in storage) instead of the organisation's", async () => {
    httpInstances.normal.defaults.adapter = adapter;
    localStorage.setItem('Authorization', 'tok');
    useSession.setState({ token: 'tok', hydrated: false, platform: null, logoConfig: logo('一表通平台') });
    await idbSet(IDB_KEYS.platform, oneForm);
    mount();
    expect(await screen.findByText('page')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url?.endsWith('/getConfig/'))).toBe(true));
    const asked = calls.find((c) => c.url?.endsWith('/getConfig/'))!;
    expect(new URLSearchParams(String(asked.data)).get('platform_id')).toBe('3');
    expect(calls.some((c) => c.url?.endsWith('/getCommonConfig/'))).toBe(false);
    await waitFor(() => expect(document.title).toBe('一表通平台'));
    expect(useSession.getState().logoConfig?.front.title).toBe('一表通平台');
  });

  it("takes the organisation's logo config when no platform is chosen", async () => {
    httpInstances.normal.defaults.adapter = adapter;
    useSession.setState({ hydrated: false });
    mount();
    await waitFor(() => expect(useSession.getState().logoConfig?.front.title).toBe('智慧校园综合服务平台'));
    expect(calls.some((c) => c.url?.endsWith('/getConfig/'))).toBe(false);
  });
});
