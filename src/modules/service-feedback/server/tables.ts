import type { Generated } from 'kysely';

/**
 * 好差评's tables (migration 0032-service-feedback). A rateable is an ended application or booking
 * of a service item offered to its applicant for rating (filled from workflow and service-booking
 * when the applicant looks); an evaluation is one rating (one per rateable); a 差评 opens one
 * rectification for the item's department. Item and department names are copied at rating time,
 * so aggregates and searches stay in this module's own tables.
 */
export interface FbLabelTable {
  id: Generated<number>;
  level: number;
  name: string;
  sort: number;
  enabled: number;
  createdAt: number;
}

export interface FbRateableTable {
  id: Generated<number>;
  /** 'instance' | 'booking' */
  kind: string;
  refId: number;
  userId: number;
  itemId: number;
  itemName: string;
  departmentId: number;
  departmentName: string;
  title: string;
  endedAt: number;
  evaluationId: number | null;
}

export interface FbEvaluationTable {
  id: Generated<number>;
  kind: string;
  refId: number;
  itemId: number;
  itemName: string;
  departmentId: number;
  departmentName: string;
  userId: number;
  title: string;
  /** 1 when a visitor could see the item at rating time: the public summary lists only those items. */
  itemPublic: number;
  level: number;
  /** JSON string[]: the chosen labels' names. */
  labels: string;
  comment: string;
  anonymous: number;
  /** The back office's public answer. */
  reply: string;
  repliedAt: number | null;
  repliedByName: string;
  /** 'YYYY-MM' in Beijing time: the statistics' period. */
  month: string;
  createdAt: number;
}

export interface FbEvaluationLabelTable {
  evaluationId: number;
  itemId: number;
  name: string;
}

export interface FbRectificationTable {
  id: Generated<number>;
  evaluationId: number;
  itemId: number;
  departmentId: number;
  /** 'open' | 'replied' | 'closed' */
  status: string;
  deadline: number;
  /** 1 once it passed its deadline unanswered (kept after a late answer). */
  overdue: number;
  overdueNotifiedAt: number | null;
  reply: string;
  repliedAt: number | null;
  repliedByName: string;
  visitResult: string;
  visitSatisfied: number | null;
  visitedAt: number | null;
  closedAt: number | null;
  createdAt: number;
}

declare module '../../../server/db/schema' {
  interface Database {
    fbLabel: FbLabelTable;
    fbRateable: FbRateableTable;
    fbEvaluation: FbEvaluationTable;
    fbEvaluationLabel: FbEvaluationLabelTable;
    fbRectification: FbRectificationTable;
  }
}
