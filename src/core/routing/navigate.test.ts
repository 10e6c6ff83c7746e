// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, navigate, setNavigator } from './navigate';
import { isLoginPath, loginRedirect } from './login-path';

afterEach(() => setNavigator(null));

describe('navigate', () => {
  it('uses the registered router navigate for in-app paths', () => {
    const nav = vi.fn();
    setNavigator(nav);
    navigate('/notLicense', { replace: true });
    expect(nav).toHaveBeenCalledWith('/notLicense', { replace: true });
  });

  it('reports the current path with its query', () => {
    window.history.pushState({}, '', '/web/feedback/index?page=2');
    expect(currentPath()).toBe('/web/feedback/index?page=2');
  });
});

describe('login paths', () => {
  it('knows the sign-in pages', () => {
    expect(isLoginPath('/login?to=%2Fweb')).toBe(true);
    expect(isLoginPath('/loginAdmin')).toBe(true);
    expect(isLoginPath('/web/login-help')).toBe(false);
  });

  it('builds the login address with to, the administrator one for /cms', () => {
    expect(loginRedirect('/web/a?b=1')).toBe('/login?to=%2Fweb%2Fa%3Fb%3D1');
    expect(loginRedirect('/cms/home/index')).toBe('/loginAdmin?to=%2Fcms%2Fhome%2Findex');
    expect(loginRedirect('/cmsx')).toBe('/login?to=%2Fcmsx');
    expect(loginRedirect('/login')).toBe('/login');
  });
});
