import type { Generated } from 'kysely';

/**
 * 校历与日程's tables (migration 0053-calendar). The school calendar's entries are whole days
 * ('YYYY-MM-DD', inclusive); events are instants (ms). A department event belongs to its
 * department (department_id) and was written by owner_id; a personal one only to owner_id.
 * A reminder is due at remind_at and sent once (reminded_at). A feed keeps only its token's hash.
 */
export interface CalSchoolTable {
  id: Generated<number>;
  kind: string;
  title: string;
  startDate: string;
  endDate: string;
  note: string;
  createdAt: number;
  updatedAt: number;
}

export interface CalEventTable {
  id: Generated<number>;
  /** 'personal' | 'department' */
  scope: string;
  ownerId: number;
  departmentId: number | null;
  title: string;
  location: string;
  note: string;
  startAt: number;
  endAt: number;
  allDay: number;
  remindMinutes: number | null;
  remindAt: number | null;
  remindedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface CalFeedTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  createdAt: number;
  revokedAt: number | null;
  lastFetchedAt: number | null;
}

declare module '../../../server/db/schema' {
  interface Database {
    calSchool: CalSchoolTable;
    calEvent: CalEventTable;
    calFeed: CalFeedTable;
  }
}
