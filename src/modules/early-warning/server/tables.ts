import type { Generated } from 'kysely';

/** 学生预警's tables (migration 0048-early-warning). Times are ms, days China-time day numbers. */
export interface EwRuleTable {
  list: string;
  /** JSON { key: number } (contract RULE_PARAMS). */
  params: string;
  updatedAt: number;
  updatedBy: number | null;
}

export interface EwWarningTable {
  id: Generated<number>;
  list: string;
  studentNo: string;
  studentId: number | null;
  studentName: string;
  collegeId: number | null;
  counsellorId: number | null;
  assigneeId: number | null;
  /** The week (its Monday) or term the rule looked at: with list and student, the unique key. */
  period: string;
  reason: string;
  amount: number | null;
  /** JSON evidence rows, as the rule found them. */
  evidence: string;
  status: string;
  detectedAt: number;
  updatedAt: number;
}

export interface EwCareTable {
  id: Generated<number>;
  warningId: number | null;
  studentNo: string;
  action: string;
  actorId: number;
  actorName: string;
  content: string;
  outcome: string;
  at: number;
}

export interface EwVisitTable {
  id: Generated<number>;
  studentNo: string;
  studentName: string;
  collegeId: number | null;
  counsellorId: number | null;
  visitorId: number;
  visitorName: string;
  place: string;
  content: string;
  warningId: number | null;
  visitedAt: number;
}

export interface EwLeaveTable {
  id: Generated<number>;
  instanceId: number;
  studentId: number;
  studentNo: string;
  studentName: string;
  collegeId: number | null;
  startDate: string;
  endDate: string;
  startDay: number;
  endDay: number;
  kind: string;
  approvedAt: number;
}

export interface EwCounsellorTable {
  studentId: number;
  studentNo: string;
  counsellorId: number;
  collegeId: number | null;
}

export interface EwFollowTable {
  id: Generated<number>;
  userId: number;
  studentNo: string;
  studentName: string;
  collegeId: number | null;
  reason: string;
  /** 'following' | 'ending' (不再关注 waiting for the leader) | 'ended' */
  status: string;
  createdAt: number;
}

export interface EwRequestTable {
  id: Generated<number>;
  /** 'report' | 'assist' | 'unfollow' */
  kind: string;
  /** 'warning' | 'focus' */
  source: string;
  refId: number;
  studentNo: string;
  studentName: string;
  authorId: number;
  authorName: string;
  departmentId: number | null;
  approverId: number | null;
  /** 不再关注's workflow instance (migration 0049); null for 报告/协助 and requests from before it. */
  instanceId: number | null;
  content: string;
  /** 'submitted' | 'answered' | 'pending' | 'approved' | 'rejected' */
  status: string;
  reply: string;
  replierName: string;
  createdAt: number;
  decidedAt: number | null;
}

declare module '../../../server/db/schema' {
  interface Database {
    ewRule: EwRuleTable;
    ewWarning: EwWarningTable;
    ewCare: EwCareTable;
    ewVisit: EwVisitTable;
    ewLeave: EwLeaveTable;
    ewCounsellor: EwCounsellorTable;
    ewFollow: EwFollowTable;
    ewRequest: EwRequestTable;
  }
}
