import type { Generated } from 'kysely';

/** One backup file under DATA_DIR/backups (migration 0004-maintenance). Times ms. */
export interface BackupTable {
  id: Generated<number>;
  /** Server-made name of the file in DATA_DIR/backups. */
  fileName: string;
  size: number;
  createdAt: number;
  createdBy: number | null;
  /** Kept as text: a restore replaces the users, the catalogue still says who made it. */
  createdByName: string | null;
  /** 'manual' | 'scheduled' | 'uploaded' */
  kind: string;
  note: string | null;
  /** SHA-256 of the file, hex (migration 0026); null for files catalogued before it was kept. */
  checksum: string | null;
}

declare module '@/server/db/schema' {
  interface Database {
    backup: BackupTable;
  }
}
