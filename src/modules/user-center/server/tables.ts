import type { Generated } from 'kysely';

/**
 * 个人中心's tables (migration 0044-user-center). Campus facts (card, loans, payslips, timetable,
 * research) are not here: they are read from the data centre's tables through data-tables'
 * commands. What is here is the personal centre's own state.
 */
export interface UcFavoriteTable {
  id: Generated<number>;
  userId: number;
  /** 'app' | 'article' | 'form' | 'page' (service items stay in service-hall's svc_favorite). */
  kind: string;
  refKey: string;
  title: string;
  link: string;
  createdAt: number;
}

export interface UcFootprintTable {
  id: Generated<number>;
  userId: number;
  /** 'page' | 'item' */
  kind: string;
  path: string;
  title: string;
  visitedAt: number;
}

export interface UcCardRequestTable {
  id: Generated<number>;
  userId: number;
  userNo: string;
  userName: string;
  cardNo: string;
  /** 'loss' (挂失) | 'unfreeze' (解冻) */
  kind: string;
  reason: string;
  /** 'pending' | 'done' | 'rejected' */
  status: string;
  remark: string;
  handledByName: string;
  handledAt: number | null;
  createdAt: number;
}

export interface UcSalaryUnlockTable {
  /** The session's token hash: the unlock belongs to the session that re-entered the password. */
  tokenHash: string;
  userId: number;
  expiresAt: number;
}

export interface UcRenewalTable {
  id: Generated<number>;
  userId: number;
  loanId: number;
  oldDue: string;
  newDue: string;
  createdAt: number;
}

export interface UcIcalTokenTable {
  userId: number;
  tokenHash: string;
  createdAt: number;
}

export interface UcSignatureTable {
  userId: number;
  url: string;
  updatedAt: number;
}

export interface UcContactCodeTable {
  id: Generated<number>;
  userId: number;
  /** 'phone' | 'email' */
  channel: string;
  target: string;
  codeHash: string;
  attempts: number;
  expiresAt: number;
  createdAt: number;
}

declare module '../../../server/db/schema' {
  interface Database {
    ucFavorite: UcFavoriteTable;
    ucFootprint: UcFootprintTable;
    ucCardRequest: UcCardRequestTable;
    ucSalaryUnlock: UcSalaryUnlockTable;
    ucRenewal: UcRenewalTable;
    ucIcalToken: UcIcalTokenTable;
    ucSignature: UcSignatureTable;
    ucContactCode: UcContactCodeTable;
  }
}
