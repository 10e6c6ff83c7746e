import type { Selectable } from 'kysely';

/** One platform's phone home layout (migration 0007-mobile-layout); no row = the default layout. */
export interface MobileLayoutTable {
  /** No foreign key: deleting a platform must not depend on this module (its row is simply never read again). */
  platformId: number;
  /** JSON: LayoutGroup[] */
  groups: string;
  updatedAt: number;
  updatedBy: number | null;
}

export type MobileLayoutRow = Selectable<MobileLayoutTable>;

declare module '../../../server/db/schema' {
  interface Database {
    mobileLayout: MobileLayoutTable;
  }
}
