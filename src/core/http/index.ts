import axios, {
  AxiosError,
  AxiosHeaders,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { Codes, DEFAULT_MESSAGES, OK_CODES, TIMEOUT_CODES } from '@/shared/errors';
import {
  EXPIRED_REDIRECT_DELAY_MS,
  NO_PERMISSION_REDIRECT_DELAY_MS,
  REQUEST_TIMEOUT_MS,
  SLOW_REQUEST_TIMEOUT_MS,
} from '@/shared/constants';
import type { Envelope } from '@/shared/envelope';
import { currentPath, navigate } from '../routing/navigate';
import { isAdminPath, isLoginPath, loginRedirect } from '../routing/login-path';
import { STORAGE_KEYS, useSession } from '../session/store';
import { showError } from '../ui/toast';
import { encodeFormBody, encodeQuery } from './form-encode';
import { HttpError, TRANSPORT_CODES } from './http-error';

export { HttpError, TRANSPORT_CODES } from './http-error';
export type { Envelope } from '@/shared/envelope';

/** The request layer of spec sections 7–8 (DESIGN §4). Pages call their module's api.ts, never axios. */
export interface RequestOptions {
  params?: Record<string, unknown>;
  json?: boolean;
  slow?: boolean;
  responseType?: 'json' | 'blob' | 'text';
  silent?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    /** No toast and no global action on a non-ok answer. */
    silent?: boolean;
    /** Send the body as JSON instead of form-urlencoded. */
    json?: boolean;
  }
}

export const TRANSPORT_FAILURE_MESSAGE = '请求服务失败';
export const LOGOUT_PATH = '/user/login/login_out/';
export const exportFailureMessage = (status: number) => `导出失败（${status}）`;

const INVOKER = '/invoker_server/';
const FORM_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';
const JSON_TYPE = 'application/json;charset=UTF-8';

const isOkCode = (c: unknown) => c !== undefined && c !== null && OK_CODES.includes(c as string | number);

function isPlainBody(body: unknown): body is Record<string, unknown> {
  return (
    typeof body === 'object' &&
    body !== null &&
    !(body instanceof Blob) &&
    !(body instanceof ArrayBuffer) &&
    !ArrayBuffer.isView(body) &&
    !(body instanceof URLSearchParams) &&
    !(typeof FormData !== 'undefined' && body instanceof FormData)
  );
}

/** Headers and body encoding of every call. */
function prepare(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const headers = AxiosHeaders.from(config.headers);
  const invoker = (config.url ?? '').includes(INVOKER);
  if (invoker) {
    // The invoker service knows users by name, not by token.
    headers.delete('Authorization');
    if (!headers.has('username')) headers.set('username', useSession.getState().userInfo?.username ?? '');
  } else if (!headers.has('Authorization')) {
    const token = localStorage.getItem(STORAGE_KEYS.token);
    if (token) headers.set('Authorization', token);
  }
  const body = config.data;
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    // axios's browser adapters drop this header so the browser writes it with its boundary.
    headers.set('Content-Type', 'multipart/form-data');
  } else if (isPlainBody(body) || Array.isArray(body)) {
    if (config.json || invoker) {
      headers.set('Content-Type', JSON_TYPE);
      config.data = JSON.stringify(body);
    } else {
      headers.set('Content-Type', FORM_TYPE);
      config.data = encodeFormBody(body);
    }
  }
  config.headers = headers;
  return config;
}

let expiryScheduled = false;
let logoutScheduled = false;

/** Timeout / not authenticated: clear everything, then sign in again where the user was (spec section 4). */
function onExpired(): void {
  const path = currentPath();
  if (isLoginPath(path) || expiryScheduled) return;
  expiryScheduled = true;
  const target = loginRedirect(path);
  void useSession.getState().clear();
  setTimeout(() => {
    expiryScheduled = false;
    navigate(target);
  }, EXPIRED_REDIRECT_DELAY_MS);
}

/**
 * No permission forces sign-out: tell the server, clear, leave through the logout address (or
 * the sign-in page of the side the user was on). On a sign-in page there is no session to end:
 * a refused sign-in (a user at /loginAdmin) keeps its message there and the page stays.
 */
function onNoPermission(instance: AxiosInstance): void {
  const path = currentPath();
  if (logoutScheduled || isLoginPath(path)) return;
  logoutScheduled = true;
  const session = useSession.getState();
  const target = session.ssoInfo?.logout_url || (isAdminPath(path) ? '/loginAdmin' : '/login');
  const token = localStorage.getItem(STORAGE_KEYS.token);
  // The token goes explicitly: storage is cleared before the request interceptor runs.
  instance
    .post(LOGOUT_PATH, undefined, { silent: true, headers: token ? { Authorization: token } : {} })
    .catch(() => undefined);
  void session.clear();
  setTimeout(() => {
    logoutScheduled = false;
    navigate(target);
  }, NO_PERMISSION_REDIRECT_DELAY_MS);
}

function codeOf(body: unknown): string | number | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as { errorCode?: string | number; code?: string | number };
  return b.errorCode ?? b.code;
}

function messageOf(body: unknown, code: string | number | undefined, status: number): string {
  const b = (typeof body === 'object' && body !== null ? body : {}) as { message?: unknown; msg?: unknown };
  const m = typeof b.message === 'string' && b.message ? b.message : typeof b.msg === 'string' && b.msg ? b.msg : '';
  return m || (code !== undefined ? DEFAULT_MESSAGES[String(code)] : undefined) || `请求失败（${status}）`;
}

/** A non-ok answer: toast, the global action of its code, reject. */
function fail(instance: AxiosInstance, response: AxiosResponse, body: unknown, toastText?: string): never {
  const status = response.status;
  const code = codeOf(body) ?? status;
  const text = messageOf(body, codeOf(body), status);
  if (!response.config.silent) {
    showError(toastText ?? text);
    if (TIMEOUT_CODES.includes(code) || status === 401) onExpired();
    else if (code === Codes.licenseCheckError) navigate('/notLicense', { replace: true });
    else if (code === Codes.noPermission) onNoPermission(instance);
  }
  throw new HttpError(toastText ?? text, code, status, body);
}

const ACTION_CODES: ReadonlyArray<string | number> = [...TIMEOUT_CODES, Codes.licenseCheckError, Codes.noPermission];

async function readJsonBlob(data: unknown): Promise<unknown> {
  try {
    const text = data instanceof Blob ? await data.text() : typeof data === 'string' ? data : null;
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

function normalise(body: Record<string, unknown>): Envelope<unknown> {
  const text = typeof body.message === 'string' ? body.message : typeof body.msg === 'string' ? body.msg : '';
  return { ...body, errorCode: String(codeOf(body)), message: text, data: body.data } as Envelope<unknown>;
}

async function settle(instance: AxiosInstance, response: AxiosResponse): Promise<AxiosResponse> {
  const { status, data } = response;
  const type = response.config.responseType;
  if (type === 'blob' || type === 'text') {
    const contentType = String(response.headers['content-type'] ?? '');
    const envelope = contentType.includes('json') ? await readJsonBlob(data) : null;
    if (status !== 200) {
      const code = codeOf(envelope);
      // An expired session on an export still sends the user to sign in; anything else is an export failure.
      if (code !== undefined && ACTION_CODES.includes(code)) fail(instance, response, envelope);
      fail(instance, response, envelope ?? data, type === 'blob' ? exportFailureMessage(status) : undefined);
    }
    if (envelope && codeOf(envelope) !== undefined && !isOkCode(codeOf(envelope))) fail(instance, response, envelope);
    // Files and markdown pass through untouched.
    return { ...response, data: { errorCode: Codes.ok, message: '', data } };
  }
  if (status === 200 && typeof data === 'object' && data !== null && isOkCode(codeOf(data))) {
    return { ...response, data: normalise(data as Record<string, unknown>) };
  }
  return fail(instance, response, data);
}

function transportFailure(error: unknown): Promise<never> {
  if (axios.isCancel(error)) {
    return Promise.reject(new HttpError('请求已取消', TRANSPORT_CODES.canceled, 0));
  }
  const e = error as AxiosError;
  const timedOut = e.code === AxiosError.ECONNABORTED || e.code === AxiosError.ETIMEDOUT;
  if (!e.config?.silent) showError(TRANSPORT_FAILURE_MESSAGE);
  const detail = timedOut ? `${TRANSPORT_FAILURE_MESSAGE}：请求超时` : TRANSPORT_FAILURE_MESSAGE;
  return Promise.reject(new HttpError(detail, timedOut ? TRANSPORT_CODES.timeout : TRANSPORT_CODES.network, 0));
}

/** One axios instance with the interceptors of spec sections 7–8. */
export function createHttpInstance(timeout: number): AxiosInstance {
  const instance = axios.create({
    baseURL: '',
    timeout,
    // Every status is judged by settle(): a 401 or 503 carries an envelope too.
    validateStatus: () => true,
    paramsSerializer: { serialize: (params) => encodeQuery(params) },
  });
  instance.interceptors.request.use(prepare);
  instance.interceptors.response.use(
    (response) => settle(instance, response),
    (error: unknown) => (error instanceof HttpError ? Promise.reject(error) : transportFailure(error)),
  );
  return instance;
}

/** The 20 s instance and the 50 s one of the secondary helper. */
export const httpInstances = {
  normal: createHttpInstance(REQUEST_TIMEOUT_MS),
  slow: createHttpInstance(SLOW_REQUEST_TIMEOUT_MS),
};

type Method = 'get' | 'post' | 'put' | 'delete';

async function send<T>(method: Method, url: string, body: unknown, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const instance = opts.slow ? httpInstances.slow : httpInstances.normal;
  const response = await instance.request<Envelope<T>>({
    method,
    url,
    data: body,
    params: opts.params,
    headers: opts.headers,
    signal: opts.signal,
    responseType: opts.responseType ?? 'json',
    silent: opts.silent,
    json: opts.json,
  });
  return response.data;
}

export const http = {
  get: <T>(url: string, opts?: RequestOptions) => send<T>('get', url, undefined, opts),
  post: <T>(url: string, body?: unknown, opts?: RequestOptions) => send<T>('post', url, body, opts),
  put: <T>(url: string, body?: unknown, opts?: RequestOptions) => send<T>('put', url, body, opts),
  delete: <T>(url: string, body?: unknown, opts?: RequestOptions) => send<T>('delete', url, body, opts),
};
