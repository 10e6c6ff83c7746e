import { ConfigError } from '../../../server/config';

/**
 * Per-IP limits of the sign-in routes (requests a minute). Defaults suit people; automated
 * runs that sign in many times from one address (e2e, bench) raise them through the
 * environment. Each app server counts on its own: the limit is a brake on one address, the
 * database-held lockout is what protects an account across servers.
 */
export interface SignInRateLimits {
  login: number;
  captcha: number;
  visit: number;
}

function perMinute(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw new ConfigError(`${name} must be an integer between 1 and 1000000 (got "${raw}")`);
  return n;
}

export function signInRateLimits(): SignInRateLimits {
  return {
    login: perMinute('LOGIN_RATE_LIMIT', 20),
    captcha: perMinute('CAPTCHA_RATE_LIMIT', 30),
    visit: perMinute('VISIT_RATE_LIMIT', 60),
  };
}
