import { describe, expect, it } from 'vitest';
import { isMobilePath, loginRedirect } from './login-path';

describe('loginRedirect', () => {
  it('sends a phone page to the phone login, carrying the page', () => {
    expect(loginRedirect('/mobile/home')).toBe('/mobile/mobileLogin?to=%2Fmobile%2Fhome');
    expect(loginRedirect('/mobile/me?tab=1')).toBe('/mobile/mobileLogin?to=%2Fmobile%2Fme%3Ftab%3D1');
  });

  it('sends the phone login itself to the phone login without a to', () => {
    expect(loginRedirect('/mobile/mobileLogin?to=/mobile/me')).toBe('/mobile/mobileLogin');
  });

  it('keeps desktop and back-office pages on their own logins', () => {
    expect(loginRedirect('/web/home/index')).toBe('/login?to=%2Fweb%2Fhome%2Findex');
    expect(loginRedirect('/cms/home/index')).toBe('/loginAdmin?to=%2Fcms%2Fhome%2Findex');
    expect(loginRedirect('/mobileish')).toBe('/login?to=%2Fmobileish');
  });

  it('tells phone paths by their /mobile prefix only', () => {
    expect(isMobilePath('/mobile')).toBe(true);
    expect(isMobilePath('/mobile/home#x')).toBe(true);
    expect(isMobilePath('/web/mobile/x')).toBe(false);
  });
});
