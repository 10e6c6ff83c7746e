import { Type, type Static } from 'typebox';
import { PageFields } from '@/shared/paging';
import { MAX_ID } from '@/shared/ids';

/** Notices (通知公告) and news (新闻动态); the home module lists the published ones (same names). */
export type NoticeKind = 'notice' | 'news';

/** Field limits: the server's schemas and the pages' form rules both read them. */
export const CONTENT_LIMITS = {
  noticeTitle: 100,
  noticeSummary: 200,
  /** Rich text HTML, before sanitising. */
  html: 200_000,
  keyword: 50,
  helpCategoryName: 30,
  helpTitle: 100,
  helpKeywords: 200,
  imageBytes: 5 * 1024 * 1024,
} as const;

const Kind = Type.Union([Type.Literal('notice'), Type.Literal('news')]);
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Keyword = Type.String({ maxLength: CONTENT_LIMITS.keyword });

// --- notices and news (administrators) -----------------------------------------------------

export type NoticeStatus = 'draft' | 'published' | 'withdrawn';

/** GET /portal/api/v1.notice/adminList/ */
export const NoticeAdminListQuery = Type.Object({
  kind: Kind,
  status: Type.Optional(Type.Union([Type.Literal('draft'), Type.Literal('published'), Type.Literal('withdrawn')])),
  keyword: Type.Optional(Keyword),
  ...PageFields,
});
export type NoticeAdminListQuery = Static<typeof NoticeAdminListQuery>;

export const IdQuery = Type.Object({ id: Id });
export type IdQuery = Static<typeof IdQuery>;

/** POST /portal/api/v1.notice/create/ (JSON); update adds `id`. */
export const NoticeInput = Type.Object({
  kind: Kind,
  title: Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.noticeTitle }),
  summary: Type.Optional(Type.String({ maxLength: CONTENT_LIMITS.noticeSummary })),
  content: Type.String({ maxLength: CONTENT_LIMITS.html }),
  /** null or absent: every platform. */
  platformId: Type.Optional(Type.Union([Id, Type.Null()])),
});
export type NoticeInput = Static<typeof NoticeInput>;

export const NoticeUpdate = Type.Object({ id: Id, ...NoticeInput.properties });
export type NoticeUpdate = Static<typeof NoticeUpdate>;

export interface NoticeAdminRow {
  id: number;
  kind: NoticeKind;
  title: string;
  summary: string;
  status: NoticeStatus;
  platformId: number | null;
  platformName: string | null;
  publishedAt: number | null;
  updatedAt: number;
  createdByName: string | null;
}

export interface NoticeAdminDetail extends NoticeAdminRow {
  /** Sanitised HTML. */
  content: string;
}

/** POST /portal/api/v1.notice/uploadImage/ and /portal/api/v1.help/uploadImage/ answer. */
export interface UploadedImage {
  id: string;
  url: string;
}

// --- help centre ---------------------------------------------------------------------------

export type HelpStatus = 'draft' | 'published';
const HelpStatusSchema = Type.Union([Type.Literal('draft'), Type.Literal('published')]);

export interface HelpCategory {
  id: number;
  name: string;
  sort: number;
  /** Administrators: every article; the public list: published ones. */
  articleCount: number;
}

/** POST /portal/api/v1.help/saveCategory/ (no id: create). */
export const HelpCategoryInput = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.helpCategoryName }),
  sort: Type.Integer({ minimum: 0, maximum: 9999, default: 0 }),
});
export type HelpCategoryInput = Static<typeof HelpCategoryInput>;

/** GET /portal/api/v1.help/articleList/ (administrators). */
export const HelpAdminListQuery = Type.Object({
  categoryId: Type.Optional(Id),
  status: Type.Optional(HelpStatusSchema),
  keyword: Type.Optional(Keyword),
  ...PageFields,
});
export type HelpAdminListQuery = Static<typeof HelpAdminListQuery>;

/** GET /portal/api/v1.help/list/ (public: published articles only). */
export const HelpPublicListQuery = Type.Object({
  categoryId: Type.Optional(Id),
  keyword: Type.Optional(Keyword),
  ...PageFields,
});
export type HelpPublicListQuery = Static<typeof HelpPublicListQuery>;

/** POST /portal/api/v1.help/createArticle/ (JSON); updateArticle adds `id`. */
export const HelpArticleInput = Type.Object({
  categoryId: Id,
  title: Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.helpTitle }),
  content: Type.String({ maxLength: CONTENT_LIMITS.html }),
  keywords: Type.Optional(Type.String({ maxLength: CONTENT_LIMITS.helpKeywords })),
  status: HelpStatusSchema,
  sort: Type.Integer({ minimum: 0, maximum: 9999, default: 0 }),
});
export type HelpArticleInput = Static<typeof HelpArticleInput>;

export const HelpArticleUpdate = Type.Object({ id: Id, ...HelpArticleInput.properties });
export type HelpArticleUpdate = Static<typeof HelpArticleUpdate>;

export interface HelpArticleRow {
  id: number;
  categoryId: number;
  categoryName: string;
  title: string;
  keywords: string;
  status: HelpStatus;
  sort: number;
  updatedAt: number;
}

export interface HelpArticle extends HelpArticleRow {
  /** Sanitised HTML. */
  content: string;
}
