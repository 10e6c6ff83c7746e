import { http } from '@/core/http';
import { useSession } from '@/core/session/store';
import type { PlatformMenus } from '@/shared/menus';
import { getConfig } from '@/modules/org-config/api';
import type { ChoicePlatformAnswer } from './contract';

/** Tell the server which platform this session works in; answers its menu. POST /user/api/v1.platform/choice_platform/ */
export const choicePlatform = (platform_id: number) =>
  http.post<ChoicePlatformAnswer>('/user/api/v1.platform/choice_platform/', { platform_id });

/**
 * Enter a platform (spec section 4): keep it in the session, load its logo config, tell the
 * server, then keep the server's view of its menu. Used by sign-in, platform selection and the
 * header's platform switch, so all three behave the same.
 */
export async function enterPlatform(p: PlatformMenus): Promise<PlatformMenus> {
  const session = useSession.getState();
  session.choosePlatform(p);
  const logo = await getConfig(p.platform_id);
  session.setLogoConfig(logo.data);
  const chosen = await choicePlatform(p.platform_id);
  const menus = chosen.data ?? p;
  useSession.getState().choosePlatform(menus);
  return menus;
}
