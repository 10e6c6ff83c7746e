import type { Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import type { LoginAnswer } from '@/modules/auth/contract';
import { CAPTCHA } from './server';

/** The fixed demo accounts (README; src/server/db/seed). */
export const ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@2026' },
  teacher: { username: 'teacher', password: 'Teacher@2026' },
  student: { username: 'student', password: 'Student@2026' },
} as const;

export interface Envelope<T> {
  errorCode: string;
  message: string;
  data: T;
}

const isLoginPost = (r: Response) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/user/login/';

/** The form's fields, found the way a person finds them: by their placeholder text. */
export const loginForm = (page: Page) => ({
  username: page.getByPlaceholder(/用户名/),
  password: page.getByPlaceholder(/密码/),
  code: page.getByPlaceholder(/验证码/),
  // antd puts a space between two CJK characters of a button ("登 录").
  submit: page.getByRole('button', { name: /^登\s*录$/ }),
  captchaImage: page.getByRole('img', { name: /验证码/ }),
});

/**
 * Signs in through the real login page: opens it (the administrator side when admin, or `path`),
 * fills 用户名/密码/验证码, clicks 登录 and answers the server's login envelope.
 */
export async function login(
  page: Page,
  username: string,
  password: string,
  opts: { admin?: boolean; code?: string; path?: string; stay?: boolean } = {},
): Promise<Envelope<LoginAnswer>> {
  // stay: the page is already on a login form (the caller got there its own way).
  if (!opts.stay) await page.goto(opts.path ?? (opts.admin ? '/loginAdmin' : '/login'));
  const form = loginForm(page);
  await form.username.fill(username);
  await form.password.fill(password);
  await form.code.fill(opts.code ?? CAPTCHA);
  const answer = page.waitForResponse(isLoginPost);
  await form.submit.click();
  return (await (await answer).json()) as Envelope<LoginAnswer>;
}

/** Waits until the page is at this pathname (client-side navigations included). */
export async function expectPath(page: Page, pathname: string | RegExp, timeout = 15_000): Promise<URL> {
  await page.waitForURL((u) => (typeof pathname === 'string' ? u.pathname === pathname : pathname.test(u.pathname)), {
    timeout,
  });
  const url = new URL(page.url());
  expect(url.pathname).toMatch(
    typeof pathname === 'string' ? new RegExp(`^${pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : pathname,
  );
  return url;
}

/** The session token the page keeps (spec section 3: localStorage 'Authorization'). */
export const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('Authorization'));
