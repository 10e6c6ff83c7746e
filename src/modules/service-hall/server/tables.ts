import type { Generated } from 'kysely';

/**
 * The service hall's tables (migration 0030-service-hall). An item is one service (办事事项) with
 * its guide; rules say who may see and who may apply; favourites and use counts are per user;
 * a special service (专题服务) is an ordered set of items with its own banner, intro and steps.
 */
export interface SvcItemTable {
  id: Generated<number>;
  name: string;
  /** One line shown in the catalogue. */
  summary: string;
  departmentId: number;
  /** contract THEMES */
  theme: string;
  /** Audience flags (0/1): 学生, 教职工, 访客, 校友. */
  forStudent: number;
  forStaff: number;
  forVisitor: number;
  forAlumni: number;
  /** Handling mode flags (0/1). */
  modeOnline: number;
  modeOffline: number;
  modeBooking: number;
  /** Guide: sanitised rich text. */
  conditions: string;
  /** JSON contract Material[]. */
  materials: string;
  /** JSON contract Step[]. */
  steps: string;
  timeLimit: string;
  fees: string;
  legalBasis: string;
  contact: string;
  /** Sanitised rich text. */
  faq: string;
  /** JSON contract OfflineWindow[]. */
  windows: string;
  openingHours: string;
  /** Upload id of the map image (public upload), or null. */
  mapUploadId: string | null;
  bring: string;
  formId: number | null;
  processId: number | null;
  issuesPermit: number;
  permitTitle: string | null;
  /** 'draft' | 'published' | 'withdrawn' */
  status: string;
  sort: number;
  /** Uses by everybody (ranking of 热门事项). */
  useCount: number;
  createdBy: number | null;
  createdAt: number;
  updatedAt: number;
  publishedAt: number | null;
}

/** Who may see / apply: one row per allowed subject. */
export interface SvcItemRuleTable {
  itemId: number;
  /** 'see' | 'apply' */
  action: string;
  /** 'public' | 'user' | 'role' | 'dept' | 'platform' */
  subject: string;
  /** The role, department or platform id; 0 for public/user. */
  subjectId: number;
}

export interface SvcFavoriteTable {
  userId: number;
  itemId: number;
  createdAt: number;
}

export interface SvcItemUseTable {
  userId: number;
  itemId: number;
  count: number;
  lastUsedAt: number;
}

export interface SvcSpecialTable {
  id: Generated<number>;
  name: string;
  summary: string;
  /** Upload id of the banner image, or null (a gradient is drawn). */
  bannerUploadId: string | null;
  /** Sanitised rich text. */
  intro: string;
  /** JSON contract Step[]. */
  steps: string;
  /** 'draft' | 'published' */
  status: string;
  sort: number;
  createdAt: number;
  updatedAt: number;
}

export interface SvcSpecialItemTable {
  specialId: number;
  itemId: number;
  sort: number;
}

declare module '@/server/db/schema' {
  interface Database {
    svcItem: SvcItemTable;
    svcItemRule: SvcItemRuleTable;
    svcFavorite: SvcFavoriteTable;
    svcItemUse: SvcItemUseTable;
    svcSpecial: SvcSpecialTable;
    svcSpecialItem: SvcSpecialItemTable;
  }
}
