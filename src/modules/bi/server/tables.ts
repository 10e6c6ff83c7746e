import type { Generated } from 'kysely';

/** BI's tables (migration 0060-bi). Times are ms. */
export interface BiIndicatorTable {
  id: Generated<number>;
  name: string;
  code: string;
  description: string;
  /** JSON contract Metric. */
  metric: string;
  /** The metric's data table (the after-sync fingerprint reads these). */
  tableCode: string;
  unit: string;
  /** JSON contract Threshold[]. */
  thresholds: string;
  /** 'active' | 'inactive' */
  status: string;
  lastPeriod: string | null;
  lastValue: number | null;
  lastEvaluatedAt: number | null;
  lastError: string;
  createdBy: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface BiIndicatorOwnerTable {
  indicatorId: number;
  userId: number;
}

export interface BiIndicatorValueTable {
  id: Generated<number>;
  indicatorId: number;
  period: string;
  value: number | null;
  evaluatedAt: number;
}

export interface BiWarningTable {
  id: Generated<number>;
  indicatorId: number;
  /** 'open' | 'acknowledged' | 'closed' */
  status: string;
  level: string;
  bound: string;
  threshold: number;
  period: string;
  value: number;
  latestValue: number;
  openedAt: number;
  ackBy: number | null;
  ackName: string;
  ackNote: string;
  ackAt: number | null;
  closedAt: number | null;
  closeNote: string;
  recoveredAt: number | null;
}

export interface BiWarningNoticeTable {
  id: Generated<number>;
  warningId: number;
  userId: number;
  userName: string;
  notifiedAt: number;
}

// --- dashboards (migration 0063-bi-dashboards) ---

/** A dashboard's working draft. Times are ms. */
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
    biIndicator: BiIndicatorTable;
    biIndicatorOwner: BiIndicatorOwnerTable;
    biIndicatorValue: BiIndicatorValueTable;
    biWarning: BiWarningTable;
    biWarningNotice: BiWarningNoticeTable;
    biDashboard: BiDashboardTable;
    biDashboardAudience: BiDashboardAudienceTable;
    biDashboardVersion: BiDashboardVersionTable;
  }
}
