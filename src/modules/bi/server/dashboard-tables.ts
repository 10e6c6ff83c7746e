import type { Generated } from 'kysely';

/** BI dashboards' tables (migration 0063-bi-dashboards). Times are ms. */
export interface BiDashboardTable {
  id: Generated<number>;
  name: string;
  description: string;
  theme: string;
  /** 'draft' | 'published' | 'inactive' */
  status: string;
  /** JSON contract Widget[]: the working draft (viewers see the published version). */
  widgets: string;
  isPublic: number;
  publishedVersion: number | null;
  publishedAt: number | null;
  createdBy: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface BiDashboardAudienceTable {
  dashboardId: number;
  /** 'platform' (value = platform id) | 'role' (value = role code) */
  kind: string;
  value: string;
}

export interface BiDashboardVersionTable {
  id: Generated<number>;
  dashboardId: number;
  version: number;
  name: string;
  description: string;
  theme: string;
  widgets: string;
  publishedBy: number | null;
  publishedName: string;
  publishedAt: number;
}

declare module '../../../server/db/schema' {
  interface Database {
    biDashboard: BiDashboardTable;
    biDashboardAudience: BiDashboardAudienceTable;
    biDashboardVersion: BiDashboardVersionTable;
  }
}
