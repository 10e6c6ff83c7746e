// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { get as idbGet, set as idbSet } from 'idb-keyval';
import { http, httpInstances, HttpError } from './index';
import { setNavigator } from '../routing/navigate';
import { useSession } from '../session/store';
import { toast } from '../ui/toast';
import type { SessionUser } from '../session/types';

type Handler = (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;

let handler: Handler;
const adapter = vi.fn<AxiosAdapter>((config) => handler(config));
const nav = vi.fn();

function answer(
  status: number,
  body: unknown,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): Handler {
  return async (config) => ({
    status,
    statusText: String(status),
    headers,
    config,
    request: {},
    data: typeof body === 'string' || body instanceof Blob ? body : JSON.stringify(body),
  });
}

const okBody = (data: unknown = null) => ({ errorCode: '0x00000000', message: '成功', data });
const lastConfig = () => adapter.mock.calls.at(-1)![0] as InternalAxiosRequestConfig;
const header = (c: InternalAxiosRequestConfig, name: string) => c.headers.get(name);

const user: SessionUser = {
  id: 7,
  username: 'teacher',
  real_name: '王老师',
  user_no: 'T001',
  kind: 'staff',
  is_admin: 0,
  department: { id: 1, name: '计算机学院' },
  avatar: null,
  roles: [],
  must_change_pwd: 0,
};

// IndexedDB (fake-indexeddb) schedules with setImmediate: only the page's timers are faked.
const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

let errorSpy: ReturnType<typeof vi.spyOn>;
let destroySpy: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  httpInstances.normal.defaults.adapter = adapter;
  httpInstances.slow.defaults.adapter = adapter;
  adapter.mockClear();
  nav.mockReset();
  setNavigator(nav);
  handler = answer(200, okBody());
  errorSpy = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
  destroySpy = vi.spyOn(toast, 'destroy').mockImplementation(() => undefined);
  await useSession.getState().clear();
  localStorage.setItem('Authorization', 'tok-123');
  useSession.setState({ token: 'tok-123', userInfo: user });
  window.history.pushState({}, '', '/web/taskCenter/taskWorkBench?tab=dsp');
});

afterEach(() => {
  if (vi.isFakeTimers()) vi.runOnlyPendingTimers();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('encodings and headers', () => {
  it('sends GET parameters in the query string with the Authorization header from localStorage', async () => {
    await http.get('/portal/api/v1.search/list/', { params: { page: 1, kind: ['a', 'b'], empty: null } });
    const c = lastConfig();
    expect(c.method).toBe('get');
    expect(httpInstances.normal.getUri(c)).toBe('/portal/api/v1.search/list/?page=1&kind=a&kind=b');
    expect(header(c, 'Authorization')).toBe('tok-123');
    expect(c.baseURL).toBe('');
  });

  it('omits Authorization when localStorage holds no token', async () => {
    localStorage.removeItem('Authorization');
    await http.get('/user/login/get_urls/');
    expect(header(lastConfig(), 'Authorization')).toBeFalsy();
  });

  it('form-urlencodes a POST object with qs', async () => {
    await http.post('/user/login/', { is_admin: 0, username: '张三', filter: { a: 1 } });
    const c = lastConfig();
    expect(c.data).toBe('is_admin=0&username=%E5%BC%A0%E4%B8%89&filter%5Ba%5D=1');
    expect(String(header(c, 'Content-Type'))).toContain('application/x-www-form-urlencoded');
  });

  it('sends FormData as multipart, leaving the boundary to the browser', async () => {
    const fd = new FormData();
    fd.append('file', new Blob(['x']), 'a.txt');
    await http.post('/user/api/v1.user/uploadAvatar/', fd);
    const c = lastConfig();
    expect(c.data).toBe(fd);
    expect(header(c, 'Content-Type')).toBe('multipart/form-data');
  });

  it('sends JSON when the call asks for it', async () => {
    await http.post('/workflow/api/v1.form/save/', { schema: { fields: [1, 2] } }, { json: true });
    const c = lastConfig();
    expect(c.data).toBe('{"schema":{"fields":[1,2]}}');
    expect(String(header(c, 'Content-Type'))).toContain('application/json');
  });

  it('sends a body with DELETE and PUT', async () => {
    await http.delete('/user/api/v1.role/delete/', { ids: [3, 4] });
    expect(lastConfig().method).toBe('delete');
    expect(lastConfig().data).toBe('ids%5B0%5D=3&ids%5B1%5D=4');
    await http.put('/user/api/v1.role/update/', { id: 3, name: '管理员' });
    expect(lastConfig().method).toBe('put');
    expect(lastConfig().data).toBe('id=3&name=%E7%AE%A1%E7%90%86%E5%91%98');
  });

  it('sends the username instead of Authorization to /invoker_server/ paths, as JSON', async () => {
    await http.post('/data/invoker_server/query/', { sql_id: 5 });
    const c = lastConfig();
    expect(header(c, 'username')).toBe('teacher');
    expect(header(c, 'Authorization')).toBeFalsy();
    expect(c.data).toBe('{"sql_id":5}');
  });
});

describe('timeouts', () => {
  it('configures 20 s on the default instance and 50 s on the slow one', async () => {
    expect(httpInstances.normal.defaults.timeout).toBe(20000);
    expect(httpInstances.slow.defaults.timeout).toBe(50000);
    await http.get('/a/');
    expect(lastConfig().timeout).toBe(20000);
    await http.get('/b/', { slow: true });
    expect(lastConfig().timeout).toBe(50000);
  });

  it('rejects a call that outlives its timeout with the transport toast', async () => {
    fakeTimers();
    // Like the real adapters: give up after config.timeout.
    handler = (config) =>
      new Promise((_, reject) => {
        setTimeout(
          () => reject(new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ECONNABORTED, config)),
          config.timeout,
        );
      });
    let settled: unknown = 'pending';
    const p = http.get('/slow/').then(
      (v) => (settled = v),
      (e: unknown) => (settled = e),
    );
    await vi.advanceTimersByTimeAsync(19999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(settled).toBeInstanceOf(HttpError);
    expect((settled as HttpError).code).toBe('TIMEOUT');
    expect((settled as HttpError).message).toContain('请求超时');
    expect(errorSpy).toHaveBeenCalledWith('请求服务失败');
  });
});

describe('ok list', () => {
  it.each([
    ['errorCode 0x00000000', { errorCode: '0x00000000', message: '成功', data: 1 }],
    ['numeric code 0', { code: 0, msg: 'ok', data: 1 }],
    ['string code "0"', { code: '0', data: 1 }],
    ['numeric errorCode 0', { errorCode: 0, data: 1 }],
  ])('accepts %s with HTTP 200', async (_name, body) => {
    handler = answer(200, body);
    const r = await http.get<number>('/x/');
    expect(r.data).toBe(1);
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it('normalises a code/msg answer into the envelope', async () => {
    handler = answer(200, { code: 0, msg: '好的', data: { a: 1 } });
    const r = await http.get('/x/');
    expect(r).toMatchObject({ errorCode: '0', message: '好的', data: { a: 1 } });
  });

  it('rejects an ok code that arrives with a non-200 status', async () => {
    handler = answer(500, okBody());
    await expect(http.get('/x/')).rejects.toMatchObject({ status: 500 });
  });

  it('rejects a 200 answer whose code is not ok, toasting its message after dismissing earlier ones', async () => {
    handler = answer(200, { errorCode: '0x00000101', message: '手机号格式不正确', data: null });
    await expect(http.post('/x/', { a: 1 })).rejects.toMatchObject({
      code: '0x00000101',
      message: '手机号格式不正确',
      status: 200,
    });
    expect(destroySpy).toHaveBeenCalled();
    expect(errorSpy).toHaveBeenCalledWith('手机号格式不正确');
    expect(destroySpy.mock.invocationCallOrder[0]).toBeLessThan(errorSpy.mock.invocationCallOrder[0]!);
  });

  it('uses msg when there is no message', async () => {
    handler = answer(200, { code: 1, msg: '保存失败' });
    await expect(http.get('/x/')).rejects.toMatchObject({ message: '保存失败', code: 1 });
    expect(errorSpy).toHaveBeenCalledWith('保存失败');
  });

  it('stays quiet when silent but still rejects', async () => {
    fakeTimers();
    handler = answer(401, { errorCode: '0x00000014', message: '登录超时' });
    await expect(http.get('/x/', { silent: true })).rejects.toBeInstanceOf(HttpError);
    await vi.advanceTimersByTimeAsync(2000);
    expect(errorSpy).not.toHaveBeenCalled();
    expect(nav).not.toHaveBeenCalled();
    expect(localStorage.getItem('Authorization')).toBe('tok-123');
  });
});

describe('session expiry (timeout / not authenticated)', () => {
  it.each([
    ['0x00000014', 200],
    ['0x00103990', 200],
    ['0x00000011', 401],
    [undefined, 401],
  ])('code %s (HTTP %s) clears storage, then after 1 s goes to login with to', async (code, status) => {
    fakeTimers();
    sessionStorage.setItem('draft', '1');
    await idbSet('menus', { plant_front: [], cms: [] });
    handler = answer(status, code ? { errorCode: code, message: '登录超时，请重新登录' } : 'Unauthorized', {
      'content-type': 'text/plain',
    });
    await expect(http.get('/x/')).rejects.toBeInstanceOf(HttpError);
    await vi.advanceTimersByTimeAsync(0);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(useSession.getState().token).toBeNull();
    expect(await idbGet('menus')).toBeUndefined();
    await vi.advanceTimersByTimeAsync(999);
    expect(nav).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(nav).toHaveBeenCalledTimes(1);
    expect(nav).toHaveBeenCalledWith('/login?to=%2Fweb%2FtaskCenter%2FtaskWorkBench%3Ftab%3Ddsp', undefined);
  });

  it('sends back-office pages to the administrator login', async () => {
    fakeTimers();
    window.history.pushState({}, '', '/cms/systemSetting/account');
    handler = answer(401, { errorCode: '0x00000014', message: '登录超时' });
    await expect(http.get('/x/')).rejects.toBeInstanceOf(HttpError);
    await vi.advanceTimersByTimeAsync(1000);
    expect(nav).toHaveBeenCalledWith('/loginAdmin?to=%2Fcms%2FsystemSetting%2Faccount', undefined);
  });

  it('redirects once for several expired answers', async () => {
    fakeTimers();
    handler = answer(401, { errorCode: '0x00000014', message: '登录超时' });
    await Promise.allSettled([http.get('/a/'), http.get('/b/'), http.get('/c/')]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(nav).toHaveBeenCalledTimes(1);
  });

  it.each(['/login', '/loginAdmin'])('does nothing when already on %s', async (path) => {
    fakeTimers();
    window.history.pushState({}, '', path);
    handler = answer(401, { errorCode: '0x00000014', message: '登录超时' });
    await expect(http.get('/x/')).rejects.toBeInstanceOf(HttpError);
    await vi.advanceTimersByTimeAsync(2000);
    expect(nav).not.toHaveBeenCalled();
    expect(localStorage.getItem('Authorization')).toBe('tok-123');
  });
});

describe('licence and no permission', () => {
  it.each([200, 503])('replaces the route with /notLicense on the licence code (HTTP %s)', async (status) => {
    handler = answer(status, { errorCode: '0x10000506', message: '服务未授权，请联系管理员' });
    await expect(http.get('/x/')).rejects.toMatchObject({ code: '0x10000506' });
    expect(nav).toHaveBeenCalledWith('/notLicense', { replace: true });
    expect(errorSpy).toHaveBeenCalledWith('服务未授权，请联系管理员');
  });

  it('on no permission calls login_out with the old token, clears storage and leaves for /login after 3 s', async () => {
    fakeTimers();
    const calls: InternalAxiosRequestConfig[] = [];
    handler = async (config) => {
      calls.push(config);
      return config.url === '/user/login/login_out/'
        ? answer(401, { errorCode: '0x00000011', message: '未登录' })(config)
        : answer(403, { errorCode: '0x00000010', message: '无资源访问权限' })(config);
    };
    await expect(http.get('/x/')).rejects.toMatchObject({ code: '0x00000010' });
    await vi.advanceTimersByTimeAsync(0);
    const logout = calls.find((c) => c.url === '/user/login/login_out/');
    expect(logout?.method).toBe('post');
    expect(header(logout!, 'Authorization')).toBe('tok-123');
    expect(localStorage.length).toBe(0);
    // the follow-up call is silent: its own failure neither toasts nor schedules a login redirect
    expect(errorSpy).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2999);
    expect(nav).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(nav).toHaveBeenCalledTimes(1);
    expect(nav).toHaveBeenCalledWith('/login', undefined);
  });

  it("leaves the back office for the administrators' sign-in, /loginAdmin, when no SSO logout address is kept", async () => {
    fakeTimers();
    window.history.pushState({}, '', '/cms/systemSetting/account');
    handler = answer(403, { errorCode: '0x00000010', message: '无资源访问权限' });
    await expect(http.get('/x/')).rejects.toMatchObject({ code: '0x00000010' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(nav).toHaveBeenCalledWith('/loginAdmin', undefined);
  });

  it.each(['/loginAdmin', '/login', '/mobile/mobileLogin'])(
    'on a sign-in page (%s) shows the refusal and stays: no sign-out call, nothing cleared, no redirect',
    async (page) => {
      fakeTimers();
      window.history.pushState({}, '', page);
      handler = answer(403, { errorCode: '0x00000010', message: '该账号不是管理员，不能登录管理端' });
      await expect(http.post('/user/login/', { username: 'teacher' })).rejects.toMatchObject({ code: '0x00000010' });
      await vi.advanceTimersByTimeAsync(5000);
      expect(errorSpy).toHaveBeenCalledWith('该账号不是管理员，不能登录管理端');
      expect(adapter.mock.calls.map((c) => c[0].url)).toEqual(['/user/login/']);
      expect(localStorage.getItem('Authorization')).toBe('tok-123');
      expect(nav).not.toHaveBeenCalled();
    },
  );

  it('leaves through the single-sign-on logout address when one is kept', async () => {
    fakeTimers();
    useSession.setState({
      ssoInfo: {
        cas_enable: 1,
        is_admin_host: 0,
        retain_back_door: 0,
        logout_url: '/sso/logout?service=portal',
        sso_login_url: '',
      },
    });
    handler = async (config) =>
      answer(
        config.url === '/x/' ? 403 : 200,
        config.url === '/x/' ? { errorCode: '0x00000010', message: '无权限' } : okBody(),
      )(config);
    await expect(http.get('/x/')).rejects.toBeInstanceOf(HttpError);
    await vi.advanceTimersByTimeAsync(3000);
    expect(nav).toHaveBeenCalledWith('/sso/logout?service=portal', undefined);
  });
});

describe('transport failures and pass-through', () => {
  it("toasts '请求服务失败' when no answer arrives", async () => {
    handler = (config) => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config));
    await expect(http.get('/x/')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(errorSpy).toHaveBeenCalledWith('请求服务失败');
  });

  it('does not toast a cancelled call', async () => {
    const ctrl = new AbortController();
    ctrl.abort();
    await expect(http.get('/x/', { signal: ctrl.signal })).rejects.toMatchObject({ code: 'CANCELED' });
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it('passes a blob answer through untouched', async () => {
    const file = new Blob(['a,b\n1,2'], { type: 'text/csv' });
    handler = answer(200, file, { 'content-type': 'text/csv' });
    const r = await http.get<Blob>('/data/export/', { responseType: 'blob' });
    expect(r).toEqual({ errorCode: '0x00000000', message: '', data: file });
    expect(r.data).toBe(file);
  });

  it('passes markdown text through untouched', async () => {
    handler = answer(200, '# 帮助\n\n{"errorCode":1}', { 'content-type': 'text/markdown' });
    const r = await http.get<string>('/portal/help.md', { responseType: 'text' });
    expect(r.data).toBe('# 帮助\n\n{"errorCode":1}');
  });

  it("toasts '导出失败（500）' when an export answers 500", async () => {
    handler = answer(500, new Blob(['boom']), { 'content-type': 'text/plain' });
    await expect(http.get('/data/export/', { responseType: 'blob' })).rejects.toMatchObject({
      status: 500,
      message: '导出失败（500）',
    });
    expect(errorSpy).toHaveBeenCalledWith('导出失败（500）');
  });

  it('still sends an expired session on an export to login', async () => {
    fakeTimers();
    handler = answer(401, new Blob([JSON.stringify({ errorCode: '0x00000014', message: '登录超时' })]), {
      'content-type': 'application/json',
    });
    await expect(http.get('/data/export/', { responseType: 'blob' })).rejects.toMatchObject({ code: '0x00000014' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(nav).toHaveBeenCalledWith('/login?to=%2Fweb%2FtaskCenter%2FtaskWorkBench%3Ftab%3Ddsp', undefined);
  });

  it('rejects a 200 export that is really an error envelope', async () => {
    handler = answer(200, new Blob([JSON.stringify({ errorCode: '0x00000104', message: '导出数据过多' })]), {
      'content-type': 'application/json',
    });
    await expect(http.get('/data/export/', { responseType: 'blob' })).rejects.toMatchObject({ code: '0x00000104' });
    expect(errorSpy).toHaveBeenCalledWith('导出数据过多');
  });
});
