import type { Generated } from 'kysely';

/**
 * The content module's tables: notices and news (migration 0001-notice, split from 0001-core) and
 * the help centre (migration 0003-help). Times ms.
 */
export interface NoticeTable {
  id: Generated<number>;
  /** 'notice' | 'news' */
  kind: string;
  title: string;
  summary: string | null;
  content: string;
  /** 'draft' | 'published' | 'withdrawn' */
  status: string;
  platformId: number | null;
  publishedAt: number | null;
  createdBy: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface HelpCategoryTable {
  id: Generated<number>;
  name: string;
  sort: number;
}

export interface HelpArticleTable {
  id: Generated<number>;
  categoryId: number;
  title: string;
  /** Sanitised HTML (src/server/rich-text). */
  content: string;
  /** Space- or comma-separated words searched with the title and content. */
  keywords: string;
  /** 'draft' | 'published' */
  status: string;
  sort: number;
  updatedAt: number;
  createdBy: number | null;
}

declare module '@/server/db/schema' {
  interface Database {
    notice: NoticeTable;
    helpCategory: HelpCategoryTable;
    helpArticle: HelpArticleTable;
  }
}
