import type { Generated } from 'kysely';

/**
 * 资源中心's tables (migration 0046-resource-center). A resource is a stored file (upload table,
 * purpose 'resource') or a link; labels and scope rows are what the hall filters and the label
 * report group by; an access row is one preview, download or link visit.
 */
export interface RcResourceTable {
  id: Generated<number>;
  title: string;
  description: string;
  /** 'document' | 'image' | 'video' | 'link' */
  kind: string;
  uploadId: string | null;
  /** A link's target ('' for files). */
  url: string;
  mime: string;
  fileName: string;
  size: number;
  departmentId: number | null;
  /** JSON string[]: the labels as shown (rc_resource_label holds them for filters). */
  labels: string;
  /** 'all' | 'roles' | 'departments' */
  visibility: string;
  /** 'draft' | 'released' */
  status: string;
  ownerId: number;
  /** Lower-cased title, description and labels: what the keyword search matches. */
  searchText: string;
  viewCount: number;
  releasedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface RcResourceLabelTable {
  resourceId: number;
  name: string;
}

export interface RcResourceScopeTable {
  resourceId: number;
  /** 'role' | 'department' */
  kind: string;
  refId: number;
}

export interface RcFavoriteTable {
  userId: number;
  resourceId: number;
  createdAt: number;
}

export interface RcAccessTable {
  id: Generated<number>;
  resourceId: number;
  userId: number | null;
  linkId: number | null;
  /** 'view' | 'download' | 'link' */
  action: string;
  /** 'YYYY-MM-DD' in Beijing time: the access report's day. */
  day: string;
  createdAt: number;
}

export interface RcLinkTable {
  id: Generated<number>;
  resourceId: number;
  token: string;
  passwordHash: string | null;
  expiresAt: number;
  /** 0: no limit. */
  maxVisits: number;
  visits: number;
  revokedAt: number | null;
  createdBy: number;
  createdAt: number;
}

export interface RcViewTicketTable {
  tokenHash: string;
  resourceId: number;
  userId: number | null;
  linkId: number | null;
  expiresAt: number;
}

declare module '../../../server/db/schema' {
  interface Database {
    rcResource: RcResourceTable;
    rcResourceLabel: RcResourceLabelTable;
    rcResourceScope: RcResourceScopeTable;
    rcFavorite: RcFavoriteTable;
    rcAccess: RcAccessTable;
    rcLink: RcLinkTable;
    rcViewTicket: RcViewTicketTable;
  }
}
