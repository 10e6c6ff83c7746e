// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useSession } from '@/core/session/store';
import { PASSWORD_TOO_LONG_MESSAGE } from '@/core/crypto/encrypt-password';
import { LOGIN_RETRY_DELAY_MS } from '@/shared/constants';
import { ok as envelope } from '@/shared/envelope';
import type { LoginParams } from './api';
import type { LoginAnswer } from './contract';
import { useSignInFlow, type SignInFlowOptions } from './sign-in-flow';
import { decryptSentPassword, fakeSignInNetwork, loginAnswer, samplePlatform, SIGN_IN_PEM } from './testing';

const net = fakeSignInNetwork();
const ANSWER = loginAnswer([samplePlatform(1, '学生服务平台')]);

function setup(over: Partial<SignInFlowOptions> = {}) {
  const options = {
    isAdmin: false,
    to: '/web/x' as string | undefined,
    send: vi.fn(async (_p: LoginParams) => envelope(ANSWER)),
    land: vi.fn(async (_a: LoginAnswer) => undefined),
    clearCode: vi.fn(),
    report: vi.fn(),
    onRefused: vi.fn(),
    ...over,
  };
  const hook = renderHook(() => useSignInFlow(options));
  return { ...hook, options };
}

const fields = { username: '  student ', password: 'Student@2026', code: ' AB12 ' };

beforeEach(() => net.install());
afterEach(async () => {
  vi.useRealTimers();
  await useSession.getState().clear();
});

describe('useSignInFlow', () => {
  it('fetches the server key afresh on open, even when one is kept from an earlier visit', async () => {
    useSession.getState().setPublicKey('stale');
    setup();
    await waitFor(() => expect(useSession.getState().publicKey).toBe(SIGN_IN_PEM));
    expect(net.paths()).toContain('/user/commonInterface/get_public_key/');
  });

  it('sends the trimmed name and captcha with the password OAEP-encrypted, then lands the answer', async () => {
    const { result, options } = setup({ isAdmin: true });
    await waitFor(() => expect(useSession.getState().publicKey).toBe(SIGN_IN_PEM));
    await act(() => result.current.submit(fields));
    const sent = vi.mocked(options.send).mock.calls[0]![0];
    expect(sent).toMatchObject({ is_admin: 1, username: 'student', code: 'AB12', to: '/web/x' });
    expect(sent.password).not.toContain('Student');
    expect(decryptSentPassword(sent.password)).toBe('Student@2026');
    expect(options.land).toHaveBeenCalledWith(ANSWER);
    // a page that stays (a platform to pick) can be submitted again
    expect(result.current.submitting).toBe(false);
    expect(options.clearCode).not.toHaveBeenCalled();
  });

  it('after a refusal keeps the button busy, then renews the captcha and empties its input 200 ms later', async () => {
    const refused = new Error('验证码错误');
    const { result, options } = setup({ send: vi.fn(async () => Promise.reject(refused)) });
    await waitFor(() => expect(useSession.getState().publicKey).toBe(SIGN_IN_PEM));
    const before = result.current.captchaSrc;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(() => result.current.submit(fields));
    expect(options.onRefused).toHaveBeenCalledWith(refused);
    expect(options.land).not.toHaveBeenCalled();
    expect(result.current.submitting).toBe(true);
    expect(result.current.captchaSrc).toBe(before);
    expect(options.clearCode).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(LOGIN_RETRY_DELAY_MS + 10);
    });
    expect(options.clearCode).toHaveBeenCalledTimes(1);
    expect(result.current.captchaSrc).not.toBe(before);
    expect(result.current.captchaSrc).toMatch(/^\/user\/login\/get_code\/\?r=/);
    expect(result.current.submitting).toBe(false);
  });

  it('treats a failed landing (the platform could not be entered) like a refusal', async () => {
    const { result, options } = setup({ land: vi.fn(async () => Promise.reject(new Error('请求服务失败'))) });
    await waitFor(() => expect(useSession.getState().publicKey).toBe(SIGN_IN_PEM));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(() => result.current.submit(fields));
    await act(async () => {
      vi.advanceTimersByTime(LOGIN_RETRY_DELAY_MS + 10);
    });
    expect(options.clearCode).toHaveBeenCalledTimes(1);
    expect(result.current.submitting).toBe(false);
  });

  it('reports a password too long for the key and sends nothing', async () => {
    const { result, options } = setup();
    await waitFor(() => expect(useSession.getState().publicKey).toBe(SIGN_IN_PEM));
    await act(() => result.current.submit({ ...fields, password: 'x'.repeat(100) }));
    expect(options.report).toHaveBeenCalledWith(PASSWORD_TOO_LONG_MESSAGE);
    expect(options.send).not.toHaveBeenCalled();
    expect(result.current.submitting).toBe(false);
  });

  it('drops the pending captcha renewal when the page closes', async () => {
    const { result, options, unmount } = setup({ send: vi.fn(async () => Promise.reject(new Error('x'))) });
    await waitFor(() => expect(useSession.getState().publicKey).toBe(SIGN_IN_PEM));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(() => result.current.submit(fields));
    unmount();
    vi.advanceTimersByTime(LOGIN_RETRY_DELAY_MS + 10);
    expect(options.clearCode).not.toHaveBeenCalled();
  });

  it('draws a 140×40 captcha that a click renews', () => {
    const { result } = setup();
    const first = result.current.captchaImage;
    expect(first).toMatchObject({ src: result.current.captchaSrc, width: 140, height: 40, alt: '验证码' });
    act(() => first.onClick());
    expect(result.current.captchaImage.src).not.toBe(first.src);
    expect(result.current.captchaImage.src).toMatch(/^\/user\/login\/get_code\/\?r=/);
  });
});
