// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { useSession } from '@/core/session/store';
import { AppProviders } from '@/core/ui/app-providers';
import type { SessionUser } from '@/core/session/types';
import { AvatarModal } from './avatar-modal';

const FILE_URL = '/resource/api/v1.file/0f8fad5b-d9cb-469f-a165-70867728950e';
const calls: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  if (config.url === FILE_URL)
    return { data: new Blob(['png'], { type: 'image/png' }), status: 200, statusText: 'OK', headers: {}, config };
  const data = { errorCode: '0x00000000', message: '', data: { url: FILE_URL } };
  return { data, status: 200, statusText: 'OK', headers: {}, config };
};

beforeEach(() => {
  httpInstances.normal.defaults.adapter = adapter;
  URL.createObjectURL = vi.fn(() => 'blob:avatar');
  URL.revokeObjectURL = vi.fn();
  useSession.setState({ token: 't', userInfo: { id: 7, username: 'student', avatar: null } as unknown as SessionUser });
});
afterEach(async () => {
  cleanup();
  calls.length = 0;
  await useSession.getState().clear();
});

const pick = (file: File) => fireEvent.change(screen.getByLabelText('选择头像图片'), { target: { files: [file] } });

describe('更换头像', () => {
  it('sends the chosen image to uploadAvatar, keeps the new address in the session and shows it', async () => {
    const onClose = vi.fn();
    render(
      <AppProviders>
        <AvatarModal open onClose={onClose} />
      </AppProviders>,
    );
    pick(new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.find((c) => c.url === '/user/api/v1.user/uploadAvatar/')!;
    expect(sent.method).toBe('post');
    expect((sent.data as FormData).get('file')).toBeInstanceOf(File);
    expect(useSession.getState().userInfo?.avatar).toBe(FILE_URL);
    expect(JSON.parse(localStorage.getItem('userInfo')!).avatar).toBe(FILE_URL);
    // the private file is fetched with the session (an <img> would not send it) and shown from a blob
    await waitFor(() => expect(calls.some((c) => c.url === FILE_URL && c.responseType === 'blob')).toBe(true));
    await waitFor(() => expect(screen.getByAltText('当前头像').getAttribute('src')).toBe('blob:avatar'));
  });

  it('refuses a file that is no image or over 2 MB without sending it', async () => {
    render(
      <AppProviders>
        <AvatarModal open onClose={() => undefined} />
      </AppProviders>,
    );
    pick(new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(await screen.findByText('请选择 PNG、JPG、GIF 或 WebP 图片')).toBeTruthy();
    pick(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('头像图片不能超过 2 MB')).toBeTruthy();
    expect(calls.some((c) => c.url === '/user/api/v1.user/uploadAvatar/')).toBe(false);
  });
});
