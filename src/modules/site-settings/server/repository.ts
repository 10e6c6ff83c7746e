import type { Db } from '@/server/db/dialect';
import { getSetting, putSetting } from '@/server/identity/settings';
import type { HomeModule } from '../contract';

/** Setting key of one home's module list: 'visitor' or a platform id. */
export const homeModulesKey = (scope: string) => `homepage.modules.${scope}`;

export const readHomeModules = (db: Db, scope: string) => getSetting<HomeModule[]>(db, homeModulesKey(scope));

export const writeHomeModules = (db: Db, scope: string, modules: HomeModule[]) =>
  putSetting(db, homeModulesKey(scope), modules);

export async function platformExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('platform').select('id').where('id', '=', id).executeTakeFirst());
}
