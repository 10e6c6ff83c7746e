import type { Generated } from 'kysely';

/** BI reports' tables (migration 0064-bi-reports). Times are ms, flags 0/1. */
export interface BiReportTable {
  id: Generated<number>;
  name: string;
  description: string;
  tableCode: string;
  /** JSON contract ReportDesign. */
  design: string;
  /** 'draft' | 'published' | 'inactive' */
  status: string;
  isTemplate: number;
  publishedAt: number | null;
  createdBy: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface BiReportPlatformTable {
  reportId: number;
  platformId: number;
}

export interface BiReportRoleTable {
  reportId: number;
  roleId: number;
}

declare module '../../../server/db/schema' {
  interface Database {
    biReport: BiReportTable;
    biReportPlatform: BiReportPlatformTable;
    biReportRole: BiReportRoleTable;
  }
}
