import type { Db } from '@/server/db/dialect';
import type { AuthContext } from '@/server/identity/sessions';
import { setSessionPlatform } from '@/server/identity/sessions';
import { platformMenusFor, userPlatforms } from '@/server/identity/menus';
import { audit } from '@/server/identity/audit';
import { noPermission } from '@/server/errors';
import type { ChoicePlatformAnswer } from '../contract';

/**
 * Make one of the caller's active platforms the platform of this session (spec section 4):
 * from now on the route-name permissions of the session are that platform's menu.
 * Administrators have no platforms and are refused, as is a platform that is not the
 * caller's or is disabled (userPlatforms lists active ones only).
 */
export async function choosePlatform(
  db: Db,
  auth: AuthContext,
  platformId: number,
  ip: string,
): Promise<ChoicePlatformAnswer> {
  const platform = auth.isAdmin ? undefined : (await userPlatforms(db, auth.userId)).find((p) => p.id === platformId);
  if (!platform) {
    await audit(db, {
      action: 'choice_platform',
      result: 'fail',
      actorId: auth.userId,
      actorName: auth.username,
      target: `platform:${platformId}`,
      ip,
    });
    throw noPermission(auth.isAdmin ? '管理员不使用服务平台，请进入管理后台' : '无权进入该平台');
  }
  await setSessionPlatform(db, auth.tokenHash, platform.id);
  await audit(db, {
    action: 'choice_platform',
    result: 'ok',
    actorId: auth.userId,
    actorName: auth.username,
    target: `platform:${platform.id} ${platform.name}`,
    ip,
  });
  return platformMenusFor(db, auth.userId, platform);
}
