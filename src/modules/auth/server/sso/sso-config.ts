import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { Db } from '@/server/db/dialect';
import { getSetting, putSetting } from '@/server/identity/settings';
import type { SsoEnv } from '@/server/config';

/** Single sign-on settings, kept in the `setting` table under 'sso' (edited in the back office). */
export const SSO_SETTING = 'sso';

const HttpUrl = Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 500 });

export const SsoMatch = Type.Object({
  field: Type.Union([Type.Literal('username'), Type.Literal('userNo'), Type.Literal('email')]),
  claim: Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9_:.-]*$' }),
});
export type SsoMatch = Static<typeof SsoMatch>;

const ClaimName = Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9_:.-]*$' });

/**
 * 自动创建账号: a sign-in whose provider account matches no account here creates one (SSO-only:
 * no password) from the named claims / CAS attributes ('' = not taken), as a student or staff
 * member with the role of that code; later sign-ins refresh name, department and e-mail.
 */
export const SsoProvision = Type.Object({
  enabled: Type.Boolean(),
  kind: Type.Union([Type.Literal('student'), Type.Literal('staff')]),
  nameClaim: ClaimName,
  /** Matched against a department's code, then its name. */
  departmentClaim: ClaimName,
  userNoClaim: ClaimName,
  emailClaim: ClaimName,
});
export type SsoProvision = Static<typeof SsoProvision>;

export const SsoConfig = Type.Object({
  kind: Type.Union([Type.Literal('none'), Type.Literal('cas'), Type.Literal('oidc')]),
  cas: Type.Optional(
    Type.Object({
      /** CAS server base, e.g. https://cas.example.edu/cas (the server adds /login, /logout, /p3/serviceValidate). */
      serverUrl: HttpUrl,
    }),
  ),
  oidc: Type.Optional(
    Type.Object({
      issuer: HttpUrl,
      clientId: Type.String({ minLength: 1, maxLength: 200 }),
      clientSecret: Type.String({ minLength: 1, maxLength: 500 }),
      /** Registered redirect URI; '' = this site's /login (or /loginAdmin for the administrators' side). */
      redirectUri: Type.String({ maxLength: 500 }),
    }),
  ),
  /** With SSO on, keep the password form available as a back door. */
  retainBackDoor: Type.Boolean(),
  /** Host name of the administrators' host; '' = every host. */
  adminHost: Type.String({ maxLength: 253 }),
  userLoginEnable: Type.Boolean(),
  adminLoginEnable: Type.Boolean(),
  /**
   * Which account a sign-in names: the provider's `claim` (OIDC id_token claim, CAS attribute;
   * '' = OIDC preferred_username else sub, CAS user) matched against the account's user name,
   * 学号/工号 (userNo) or e-mail. Absent = the provider's user name against the user name.
   */
  match: Type.Optional(SsoMatch),
  /** Accounts created or refreshed from the provider's attributes; absent = off. */
  provision: Type.Optional(SsoProvision),
  /** Where the browser goes after logout; '' or absent = derived from the SSO server. */
  logoutUrl: Type.Optional(Type.String({ maxLength: 500 })),
});
export type SsoConfig = Static<typeof SsoConfig>;

export const DEFAULT_SSO_CONFIG: SsoConfig = {
  kind: 'none',
  retainBackDoor: true,
  adminHost: '',
  userLoginEnable: true,
  adminLoginEnable: true,
};

/**
 * The stored settings merged over the defaults. A stored value that no longer fits the schema
 * (hand-edited, older shape) falls back to SSO off rather than half-working.
 */
export async function getSsoConfig(db: Db): Promise<SsoConfig> {
  const stored = await getSetting<Partial<SsoConfig>>(db, SSO_SETTING);
  const merged: unknown = { ...DEFAULT_SSO_CONFIG, ...(stored ?? {}) };
  if (!Value.Check(SsoConfig, merged)) return DEFAULT_SSO_CONFIG;
  if (merged.kind === 'cas' && !merged.cas) return { ...merged, kind: 'none' };
  if (merged.kind === 'oidc' && !merged.oidc) return { ...merged, kind: 'none' };
  return merged;
}

/** Validate and store (the back office's save, and tests). Throws with the first bad field. */
export async function putSsoConfig(db: Db, config: SsoConfig): Promise<void> {
  if (!Value.Check(SsoConfig, config)) {
    const first = [...Value.Errors(SsoConfig, config)][0];
    throw new Error(`invalid SSO setting ${first?.instancePath ?? ''}: ${first?.message ?? ''}`);
  }
  if (config.kind === 'cas' && !config.cas) throw new Error('invalid SSO setting: kind cas needs cas.serverUrl');
  if (config.kind === 'oidc' && !config.oidc) throw new Error('invalid SSO setting: kind oidc needs oidc settings');
  await putSetting(db, SSO_SETTING, config);
}

/**
 * Install single sign-on given by the environment (at start): kind, server and back-door
 * settings from SSO_*; what the environment does not name (which sides are on, logout
 * address) stays as the back office stored it.
 */
export async function applySsoEnv(db: Db, env: SsoEnv): Promise<void> {
  const { cas: _cas, oidc: _oidc, ...kept } = await getSsoConfig(db);
  await putSsoConfig(db, {
    ...kept,
    kind: env.kind,
    ...(env.casServerUrl ? { cas: { serverUrl: env.casServerUrl } } : {}),
    ...(env.oidc ? { oidc: env.oidc } : {}),
    retainBackDoor: env.retainBackDoor,
    adminHost: env.adminHost,
  });
}
