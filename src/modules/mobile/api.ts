import { http } from '@/core/http';
import type { LoginAnswer } from '@/modules/auth/contract';
import type { LoginParams } from '@/modules/auth/api';

/**
 * Password sign-in for the phone login: the same POST /user/login/ as auth's `login`, but silent,
 * so the phone shows the server's message (lockout, disabled, wrong code) as an antd-mobile Toast
 * instead of the desktop toast of the request layer.
 */
export const mobileLogin = (p: LoginParams) => http.post<LoginAnswer>('/user/login/', p, { silent: true });
