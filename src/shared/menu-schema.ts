import { Type, type Static } from 'typebox';
import type { LoginMenus, MenuNode } from './menus';
import { DefRef, Nullable } from './response-schema';

/**
 * Response schemas of the menu shapes (issue 15), for the login answer and the platform choice.
 * A menu tree is recursive, so a node refers to itself through `$defs`: a route answering menus
 * passes `MENU_DEFS` to `okResponse`. Kept apart from `menus.ts`, which the client guard loads.
 */
const Node = DefRef<MenuNode>('MenuNode');

export const MENU_DEFS = {
  MenuNode: Type.Object({
    name: Type.String(),
    path: Type.String(),
    title: Type.String(),
    icon: Nullable(Type.String()),
    children: Type.Array(Node),
    relationRoutes: Type.Array(Type.String()),
  }),
};

export const PlatformMenusSchema = Type.Object({
  platform_id: Type.Integer(),
  platform_name: Type.String(),
  icon: Type.String(),
  index_url: Type.String(),
  kind: Type.String(),
  web: Type.Array(Node),
});

export const LoginMenusSchema = Type.Object({
  plant_front: Type.Array(PlatformMenusSchema),
  cms: Type.Array(Node),
});

// The schemas describe exactly the interfaces of menus.ts (a field added there must be added here).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameNode: Same<Static<(typeof MENU_DEFS)['MenuNode']>, MenuNode> = true;
const sameMenus: Same<Static<typeof LoginMenusSchema>, LoginMenus> = true;
void sameNode;
void sameMenus;
