// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { isPhone, prefersMobile, rememberDevice } from './device-choice';

const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36';

afterEach(() => localStorage.clear());

describe('device choice', () => {
  it('counts a narrow viewport or a mobile user agent as a phone', () => {
    expect(isPhone(360, DESKTOP_UA)).toBe(true);
    expect(isPhone(768, DESKTOP_UA)).toBe(true);
    expect(isPhone(769, DESKTOP_UA)).toBe(false);
    expect(isPhone(1024, 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36')).toBe(true);
  });

  it('remembers the last choice only', () => {
    expect(prefersMobile()).toBe(false);
    rememberDevice('mobile');
    expect(prefersMobile()).toBe(true);
    rememberDevice('desktop');
    expect(prefersMobile()).toBe(false);
    expect(localStorage.getItem('preferDesktop')).toBe('1');
    expect(localStorage.getItem('preferMobile')).toBeNull();
  });
});
