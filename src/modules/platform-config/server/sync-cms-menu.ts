import type { Db } from '@/server/db/dialect';
import type { ModuleCatalog } from '@/shared/module';
import { audit } from '@/server/identity/audit';
import { addMissingRoutes } from './menu-tree';
import { anyUser, lockMenus } from './repository';

/**
 * Gives the cms menu a node for every back-office menu route of the catalogue it lacks, so a
 * release's new pages appear on existing installations (and a fresh non-demo install gets
 * its whole cms menu). Idempotent; runs once when the server is ready. Answers what it added.
 * An empty database (no users yet) is left alone: the first start's seed writes its own menus.
 */
export async function syncCmsMenu(db: Db, catalog: ModuleCatalog): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await lockMenus(trx);
    if (!(await anyUser(trx))) return [];
    const added = await addMissingRoutes(trx, 'cms', null, catalog);
    if (added.length)
      await audit(trx, {
        action: 'menu_synced',
        result: 'ok',
        actorName: 'system',
        target: 'menu:cms',
        detail: added.join(','),
      });
    return added;
  });
}
