import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { expect } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { useSession } from '@/core/session/store';
import type { PlatformMenus } from '@/shared/menus';
import type { LoginAnswer, UrlsAnswer } from './contract';

/**
 * The steps every sign-in page test repeats (desktop /login, /loginAdmin and the phone's
 * /mobile/mobileLogin), for tests only: a real RSA key pair the fake server hands out, the
 * network faked at the axios adapter, a LoginAnswer, and filling in and submitting the form.
 */

const pair = generateKeyPairSync('rsa', { modulusLength: 1024, publicExponent: 65537 });
/** The public key the fake get_public_key answers. */
export const SIGN_IN_PEM = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** What the server would read from an encrypted password (RSA-OAEP-SHA-256, base64). */
export const decryptSentPassword = (cipher: string) =>
  privateDecrypt(
    { key: pair.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(cipher, 'base64'),
  ).toString();

/** get_urls with both sides on and no single sign-on. */
export const SIGN_IN_URLS: UrlsAnswer = {
  cas_enable: 0,
  is_admin_host: 1,
  retain_back_door: 0,
  user_login_enable: 1,
  admin_login_enable: 1,
  sso_kind: '',
  sso_login_url: '',
  logout_url: '',
};

type Answer = () => { status?: number; body: unknown };

/** A success envelope. */
export const okAnswer =
  (data: unknown): Answer =>
  () => ({ body: { errorCode: '0x00000000', message: '成功', data } });

/** A refusal envelope with its HTTP status. */
export const refusal =
  (status: number, errorCode: string, message: string): Answer =>
  () => ({ status, body: { errorCode, message, data: null } });

/**
 * The network of a sign-in page: answers by path (an unknown path answers 404), every call
 * recorded. `install()` in beforeEach resets both to the sign-in defaults plus `extra`.
 */
export function fakeSignInNetwork() {
  const net = {
    answers: {} as Record<string, Answer>,
    calls: [] as InternalAxiosRequestConfig[],
    install(extra: Record<string, Answer> = {}) {
      net.calls.length = 0;
      net.answers = {
        '/user/login/get_urls/': okAnswer(SIGN_IN_URLS),
        '/user/commonInterface/get_public_key/': okAnswer({ public_key: SIGN_IN_PEM, max_plain_bytes: 62 }),
        '/portal/backend/organizationConfig/getCommonConfig/': okAnswer({
          icon: '',
          logo: '',
          backend: { title: '后台', font: '' },
          front: { title: '华夏理工大学综合服务平台' },
        }),
        ...extra,
      };
      httpInstances.normal.defaults.adapter = adapter;
    },
    /** Paths called, in order. */
    paths: () => net.calls.map((c) => c.url),
    /** The form body of the (last) password sign-in. */
    sentLogin: () => new URLSearchParams(String(net.calls.findLast((c) => c.url === '/user/login/')?.data ?? '')),
  };
  const adapter: AxiosAdapter = async (config) => {
    net.calls.push(config);
    const path = (config.url ?? '').split('?')[0]!;
    const a = net.answers[path]?.() ?? {
      status: 404,
      body: { errorCode: '0x00000404', message: '无此接口', data: null },
    };
    return { data: a.body, status: a.status ?? 200, statusText: 'OK', headers: {}, config };
  };
  return net;
}

/** A platform with one page, as the login answer's menus carry it. */
export const samplePlatform = (id: number, name: string, indexUrl = ''): PlatformMenus => ({
  platform_id: id,
  platform_name: name,
  icon: '',
  index_url: indexUrl,
  kind: 'normal',
  web: [
    {
      name: `p${id}Home`,
      path: indexUrl || `/web/p${id}`,
      title: '首页',
      icon: null,
      children: [],
      relationRoutes: [],
    },
  ],
});

/** A successful password sign-in of the student 张三 on these platforms. */
export const loginAnswer = (platforms: PlatformMenus[], over: Partial<LoginAnswer> = {}): LoginAnswer => ({
  Authorization: 'tok',
  is_admin: 0,
  redirect: '',
  to: '',
  message: '',
  error: '',
  user_info: {
    id: 2,
    username: 'student',
    real_name: '张三',
    user_no: 'S1',
    kind: 'student',
    is_admin: 0,
    department: null,
    avatar: null,
    roles: [],
    must_change_pwd: 0,
  },
  menus: { plant_front: platforms, cms: [] },
  ...over,
});

/** The captcha image's address (a new one means a new captcha). */
export const captchaSrc = () => screen.getByAltText('验证码').getAttribute('src');

const FIELDS = [
  ['用户名 / 学工号', '请输入用户名'],
  ['密码', '请输入密码'],
  ['验证码', '请输入验证码'],
] as const;

/** Each input, left empty, says what is missing when it loses focus (and not before). */
export async function expectMissingFieldMessages() {
  for (const [placeholder, text] of FIELDS) {
    const input = screen.getByPlaceholderText(placeholder);
    expect(screen.queryByText(text)).toBeNull();
    fireEvent.focus(input);
    fireEvent.blur(input);
    expect(await screen.findByText(text)).toBeTruthy();
  }
}

/** Submits the sign-in form as it stands. */
export const submitSignIn = () => fireEvent.submit(screen.getByPlaceholderText('验证码').closest('form')!);

/** Waits for the page's fresh public key, fills the three inputs and submits. */
export async function fillAndSubmitSignIn(username = 'student', password = 'Student@2026', code = 'TEST') {
  await waitFor(() => expect(useSession.getState().publicKey).toBe(SIGN_IN_PEM));
  fireEvent.change(screen.getByPlaceholderText('用户名 / 学工号'), { target: { value: username } });
  fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: password } });
  fireEvent.change(screen.getByPlaceholderText('验证码'), { target: { value: code } });
  submitSignIn();
}
