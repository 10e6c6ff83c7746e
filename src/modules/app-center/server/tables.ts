import type { Generated } from 'kysely';

/**
 * 应用中心's tables (migration 0054-app-center). An app belongs to a category; its visibility rows
 * (ac_app_role, ac_app_platform) narrow who sees it — none = everyone. Ratings, favourites and the
 * recently-used list are one row per (user, app); the app keeps its rating sum and count so lists
 * sort by them in SQL. search_text holds the name, description and their pinyin (lower case).
 */
export interface AcCategoryTable {
  id: Generated<number>;
  name: string;
  sort: number;
  createdAt: number;
}

export interface AcAppTable {
  id: Generated<number>;
  categoryId: number;
  name: string;
  description: string;
  color: string;
  /** 'internal' | 'external' */
  kind: string;
  url: string;
  sso: number;
  /** 'all' | 'desktop' | 'phone' */
  devices: string;
  enabled: number;
  navPinned: number;
  sort: number;
  searchText: string;
  ratingSum: number;
  ratingCount: number;
  useCount: number;
  createdAt: number;
  updatedAt: number;
}

export interface AcAppRoleTable {
  appId: number;
  roleId: number;
}

export interface AcAppPlatformTable {
  appId: number;
  platformId: number;
}

export interface AcFavoriteTable {
  userId: number;
  appId: number;
  createdAt: number;
}

export interface AcRatingTable {
  userId: number;
  appId: number;
  score: number;
  createdAt: number;
}

export interface AcRecentTable {
  userId: number;
  appId: number;
  usedAt: number;
}

declare module '../../../server/db/schema' {
  interface Database {
    acCategory: AcCategoryTable;
    acApp: AcAppTable;
    acAppRole: AcAppRoleTable;
    acAppPlatform: AcAppPlatformTable;
    acFavorite: AcFavoriteTable;
    acRating: AcRatingTable;
    acRecent: AcRecentTable;
  }
}
