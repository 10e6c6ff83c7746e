// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { clear as idbClear } from 'idb-keyval';
import { httpInstances } from '@/core/http';
import { useSession } from '@/core/session/store';
import { leaveSchema } from '@/modules/forms/components/testing/sample-schemas';
import type { OpenedForm } from '@/modules/forms/contract';
import MobileFormWritePage from './mobile-form-write-page';

const FORM: OpenedForm = {
  id: 12,
  name: '请假申请',
  description: '',
  access: 'public',
  version: 3,
  schema: leaveSchema,
  defaults: { name: '默认姓名' },
  submitLimit: 'none',
  closesAt: null,
};
const calls: InternalAxiosRequestConfig[] = [];
let refuse = true;
/** The form's access password (null: none); open/ refuses without it as the server does. */
let password: string | null = null;

const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const url = config.url ?? '';
  let status = 200;
  let body: unknown = { errorCode: '0x00000000', message: '成功', data: null };
  const sent = (config.headers as Record<string, unknown> | undefined)?.['x-form-password'];
  if (url.endsWith('.formFill/open/')) {
    if (password !== null && sent !== password) {
      status = 403;
      body = { errorCode: '0x00000964', message: '该表单需要访问密码', data: { needsPassword: true } };
    } else body = { errorCode: '0x00000000', message: '成功', data: FORM };
  }
  if (url.endsWith('.formFill/unlock/')) {
    const tried = (JSON.parse(String(config.data)) as { password: string }).password;
    if (tried === password) body = { errorCode: '0x00000000', message: '成功', data: FORM };
    else {
      status = 403;
      body = { errorCode: '0x00000965', message: '访问密码错误', data: null };
    }
  }
  if (url.endsWith('.formFill/submit/')) {
    if (refuse) {
      status = 400;
      body = {
        errorCode: '0x00000101',
        message: '输入有误',
        data: { fields: [{ field: 'name', message: '该姓名已提交过' }] },
      };
    } else {
      body = {
        errorCode: '0x00000000',
        message: '成功',
        data: {
          id: 8,
          submittedAt: Date.UTC(2026, 2, 1, 0, 0, 0),
          follow: { link: '/web/taskCenter/taskApproval?instanceId=7', label: '查看审批进度' },
        },
      };
    }
  }
  return { data: body, status, statusText: String(status), headers: { 'content-type': 'application/json' }, config };
};

beforeEach(async () => {
  calls.length = 0;
  refuse = true;
  password = null;
  httpInstances.normal.defaults.adapter = adapter;
  httpInstances.slow.defaults.adapter = adapter;
  await idbClear();
  useSession.setState({ token: null, userInfo: null });
});
afterEach(cleanup);

const open = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/mobile/formWrite?formId=12']}>
        <Routes>
          <Route path="/mobile/formWrite" element={<MobileFormWritePage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}
const field = (id: string) => document.querySelector<HTMLElement>(`[data-field="${id}"]`)!;
const submit = () =>
  Array.from(document.querySelectorAll<HTMLButtonElement>('button')).find((b) => b.textContent === '提交')!;

describe('/mobile/formWrite', () => {
  it('opens the form with its defaults and shows client messages before sending', async () => {
    open();
    await waitFor(() => expect(field('name')).toBeTruthy(), { timeout: 5000 });
    expect(field('name').querySelector('input')!.value).toBe('默认姓名');
    fireEvent.click(submit());
    await waitFor(() => expect(field('kind').querySelector('[role=alert]')?.textContent).toBe('请选择请假类型'));
    expect(calls.filter((c) => c.url?.endsWith('/submit/'))).toHaveLength(0);
  });

  it("shows the server's messages beside the fields, then the success page", async () => {
    open();
    await waitFor(() => expect(field('kind')).toBeTruthy(), { timeout: 5000 });
    // A wheel picker is hard to turn in jsdom: start from a value through the defaults' route instead.
    FORM.defaults = { name: '默认姓名', kind: 'personal' };
    cleanup();
    open();
    await waitFor(() => expect(field('kind').textContent).toContain('事假'), { timeout: 5000 });
    fireEvent.click(submit());
    await waitFor(() => expect(field('name').querySelector('[role=alert]')?.textContent).toBe('该姓名已提交过'), {
      timeout: 5000,
    });
    refuse = false;
    fireEvent.change(field('name').querySelector('input')!, { target: { value: '另一个名字' } });
    expect(field('name').querySelector('[role=alert]')).toBeNull();
    fireEvent.click(submit());
    expect(await screen.findByText('提交成功', {}, { timeout: 5000 })).toBeTruthy();
    // The approval it started opens on the phone's own progress page.
    fireEvent.click(screen.getByRole('button', { name: '查看审批进度' }));
    expect(screen.getByTestId('where').textContent).toBe('/mobile/mobileFlowChart?instanceId=7');
    FORM.defaults = { name: '默认姓名' };
  });

  it('explains a link without a form number', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/mobile/formWrite']}>
          <Routes>
            <Route path="/mobile/formWrite" element={<MobileFormWritePage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/缺少表单编号/)).toBeTruthy();
  });

  it('asks for the access password of a password form (0x00000964) and opens it with the right one', async () => {
    password = 'lecture2026';
    open();
    const passwordBox = () => {
      const el = document.querySelector<HTMLInputElement>('input[aria-label="访问密码"]');
      if (!el) throw new Error('no password box');
      return el;
    };
    const box = await waitFor(passwordBox, { timeout: 5000 });
    expect(screen.getAllByText('该表单需要访问密码').length).toBeGreaterThan(0);
    expect(field('name')).toBeNull();
    fireEvent.change(box, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('访问密码错误')).toBeTruthy();
    fireEvent.change(passwordBox(), { target: { value: 'lecture2026' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(field('name')).toBeTruthy());
    const unlocks = calls.filter((c) => c.url?.endsWith('/unlock/'));
    expect(unlocks.map((c) => JSON.parse(String(c.data)) as unknown)).toEqual([
      { formId: 12, password: 'wrong' },
      { formId: 12, password: 'lecture2026' },
    ]);
  });
});
