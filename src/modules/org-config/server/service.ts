import type { Db } from '@/server/db/dialect';
import type { AuthContext } from '@/server/identity/sessions';
import { userPlatforms } from '@/server/identity/menus';
import { audit } from '@/server/identity/audit';
import { noPermission, notFound } from '@/server/errors';
import type { LoginConfig, LogoConfig, SaveThemeBody, Theme } from '../contract';
import type { SaveLoginBody, SaveLogoBody } from '@/modules/org-config/contract';
import { DEFAULT_LOGO } from './defaults';
import { platformExists, readLogo, readPlatformLogo, writeLogin, writeLogo, writeTheme } from './repository';

/**
 * The logo config of one platform: the common one with the platform's own front.title when
 * it has one. Without a platform (none asked, none chosen yet) it is the common one.
 * A user may only read a platform of their own; an administrator any.
 */
export async function platformLogo(db: Db, auth: AuthContext, askedId: number | undefined): Promise<LogoConfig> {
  const common = await readLogo(db);
  const platformId = askedId ?? auth.platformId;
  if (platformId === null) return common;
  if (!(await platformExists(db, platformId))) throw notFound('平台不存在');
  if (!auth.isAdmin && !(await userPlatforms(db, auth.userId)).some((p) => p.id === platformId)) {
    throw noPermission('无权访问该平台');
  }
  const own = await readPlatformLogo(db, platformId);
  return own?.front?.title ? { ...common, front: { ...common.front, title: own.front.title } } : common;
}

export async function saveTheme(db: Db, auth: AuthContext, body: SaveThemeBody, ip: string): Promise<Theme> {
  const theme: Theme = { primaryColor: body.primaryColor.toLowerCase() };
  await writeTheme(db, theme);
  await audit(db, {
    action: 'theme_saved',
    result: 'ok',
    actorId: auth.userId,
    actorName: auth.username,
    target: 'theme',
    detail: JSON.stringify(theme),
    ip,
  });
  return theme;
}

// Titles are stored trimmed: what the administrator sees after a save is what every page shows.
export async function saveLogo(db: Db, auth: AuthContext, body: SaveLogoBody, ip: string): Promise<LogoConfig> {
  const logo: LogoConfig = {
    icon: body.icon,
    logo: body.logo,
    backend: { title: body.backend.title.trim(), font: body.backend.font.trim() || DEFAULT_LOGO.backend.font },
    front: { title: body.front.title.trim() },
  };
  await db.transaction().execute(async (trx) => {
    await writeLogo(trx, logo);
    await audit(trx, {
      action: 'logo_config_saved',
      result: 'ok',
      actorId: auth.userId,
      actorName: auth.username,
      target: 'logo',
      detail: JSON.stringify(logo),
      ip,
    });
  });
  return logo;
}

export async function saveLogin(db: Db, auth: AuthContext, body: SaveLoginBody, ip: string): Promise<LoginConfig> {
  const login: LoginConfig = {
    picture: body.picture,
    browsers: body.browsers.map((b) => b.trim()).filter(Boolean),
    resolution: body.resolution.trim(),
    filings: body.filings.map((f) => ({ text: f.text.trim(), url: f.url })),
    copyright: body.copyright.trim(),
  };
  await db.transaction().execute(async (trx) => {
    await writeLogin(trx, login);
    await audit(trx, {
      action: 'login_config_saved',
      result: 'ok',
      actorId: auth.userId,
      actorName: auth.username,
      target: 'login',
      detail: JSON.stringify(login),
      ip,
    });
  });
  return login;
}
