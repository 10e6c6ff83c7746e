// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter } from 'axios';
import { httpInstances } from '../http';
import { useSession } from '../session/store';
import { getPublicKey } from './public-key';

const adapter = vi.fn<AxiosAdapter>(async (config) => ({
  status: 200,
  statusText: 'OK',
  headers: {},
  config,
  request: {},
  data: JSON.stringify({
    errorCode: '0x00000000',
    message: '成功',
    data: { public_key: 'PEM-1', max_plain_bytes: 62 },
  }),
}));

beforeEach(() => {
  httpInstances.normal.defaults.adapter = adapter;
  adapter.mockClear();
  useSession.setState({ publicKey: null });
  localStorage.clear();
});

describe('getPublicKey', () => {
  it('fetches the key once with POST get_public_key and keeps it in the session', async () => {
    const [a, b] = await Promise.all([getPublicKey(), getPublicKey()]);
    expect([a, b]).toEqual(['PEM-1', 'PEM-1']);
    expect(adapter).toHaveBeenCalledTimes(1);
    expect(adapter.mock.calls[0]![0]).toMatchObject({ method: 'post', url: '/user/commonInterface/get_public_key/' });
    expect(useSession.getState().publicKey).toBe('PEM-1');
    expect(await getPublicKey()).toBe('PEM-1');
    expect(adapter).toHaveBeenCalledTimes(1);
  });

  it('fetches again when asked to refresh', async () => {
    useSession.setState({ publicKey: 'OLD' });
    expect(await getPublicKey()).toBe('OLD');
    expect(await getPublicKey(true)).toBe('PEM-1');
    expect(adapter).toHaveBeenCalledTimes(1);
  });
});
