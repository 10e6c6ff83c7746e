import { Type, type Static } from 'typebox';
import type { PlatformMenus } from '@/shared/menus';
import { MAX_ID } from '@/shared/ids';

/** POST /user/api/v1.platform/choice_platform/ */
export const ChoicePlatformBody = Type.Object({ platform_id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
export type ChoicePlatformBody = Static<typeof ChoicePlatformBody>;

/** The chosen platform with this user's menu of it (the session now carries it). */
export type ChoicePlatformAnswer = PlatformMenus;
