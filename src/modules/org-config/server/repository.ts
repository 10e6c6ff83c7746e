import type { Db } from '@/server/db/dialect';
import { getSetting, putSetting } from '@/server/identity/settings';
import type { LoginConfig, LogoConfig, Theme } from '../contract';
import { DEFAULT_LOGIN, DEFAULT_LOGO, DEFAULT_THEME, OrgSettingKeys, type PlatformLogoOverride } from './defaults';

// Stored values are merged over the defaults section by section, so a value saved by an
// older version (missing a newer field) still yields a complete config.

export async function readLogo(db: Db): Promise<LogoConfig> {
  const s = await getSetting<Partial<LogoConfig>>(db, OrgSettingKeys.logo);
  return {
    ...DEFAULT_LOGO,
    ...s,
    backend: { ...DEFAULT_LOGO.backend, ...s?.backend },
    front: { ...DEFAULT_LOGO.front, ...s?.front },
  };
}

export const readPlatformLogo = (db: Db, platformId: number) =>
  getSetting<PlatformLogoOverride>(db, OrgSettingKeys.platformLogo(platformId));

export async function readLogin(db: Db): Promise<LoginConfig> {
  return { ...DEFAULT_LOGIN, ...(await getSetting<Partial<LoginConfig>>(db, OrgSettingKeys.login)) };
}

export async function readTheme(db: Db): Promise<Theme> {
  return { ...DEFAULT_THEME, ...(await getSetting<Partial<Theme>>(db, OrgSettingKeys.theme)) };
}

export const writeTheme = (db: Db, theme: Theme) => putSetting(db, OrgSettingKeys.theme, theme);

export const writeLogo = (db: Db, logo: LogoConfig) => putSetting(db, OrgSettingKeys.logo, logo);

export const writeLogin = (db: Db, login: LoginConfig) => putSetting(db, OrgSettingKeys.login, login);

export async function platformExists(db: Db, platformId: number): Promise<boolean> {
  return !!(await db.selectFrom('platform').select('id').where('id', '=', platformId).executeTakeFirst());
}
