// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import { NoticeEditorDrawer } from './notice-editor-drawer';

const calls: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const data =
    config.url === '/user/api/v1.platform/list/'
      ? [{ id: 1, name: '学生服务平台' }]
      : config.url === '/portal/api/v1.notice/create/'
        ? { id: 41 }
        : null;
  return {
    data: { errorCode: '0x00000000', message: '成功', data },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  };
};

let saved = 0;
const renderDrawer = () =>
  render(
    <AppProviders>
      <NoticeEditorDrawer
        open
        kind="notice"
        id={null}
        onClose={() => undefined}
        onSaved={() => {
          saved += 1;
        }}
      />
    </AppProviders>,
  );

beforeEach(() => {
  calls.length = 0;
  saved = 0;
  httpInstances.normal.defaults.adapter = adapter;
  httpInstances.slow.defaults.adapter = adapter;
});
afterEach(cleanup);

const writes = () => calls.filter((c) => c.method === 'post');

describe('notice editor drawer', () => {
  it('requires a title before saving and sends nothing without one', async () => {
    renderDrawer();
    fireEvent.click(await screen.findByRole('button', { name: '保存草稿' }));
    expect(await screen.findByText('请输入标题')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入通知公告标题'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    await waitFor(() => expect(screen.getByText('请输入标题')).toBeTruthy());
    expect(writes()).toHaveLength(0);
    expect(saved).toBe(0);
  });

  it('refuses to publish without a body, then saves a draft as JSON for all platforms', async () => {
    renderDrawer();
    fireEvent.change(await screen.findByPlaceholderText('请输入通知公告标题'), {
      target: { value: '  期末考试安排 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: '保存并发布' }));
    expect(await screen.findByText('请填写正文后再发布')).toBeTruthy();
    expect(writes()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    await waitFor(() => expect(saved).toBe(1));
    const create = writes().find((c) => c.url === '/portal/api/v1.notice/create/')!;
    expect(JSON.parse(create.data as string)).toEqual({
      kind: 'notice',
      title: '期末考试安排',
      summary: '',
      content: '',
      platformId: null,
    });
    expect(writes().some((c) => c.url === '/portal/api/v1.notice/publish/')).toBe(false);
  });
});
