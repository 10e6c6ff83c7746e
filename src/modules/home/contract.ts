import { Type, type Static } from 'typebox';
import { pageFields } from '@/shared/paging';
import { MAX_ID } from '@/shared/ids';
import { PageOf, StringEnum } from '@/shared/response-schema';

/** GET /portal/api/v1.notice/list/ */
export const NoticeListQuery = Type.Object({
  kind: Type.Union([Type.Literal('notice'), Type.Literal('news')], { default: 'notice' }),
  ...pageFields(10),
});
export type NoticeListQuery = Static<typeof NoticeListQuery>;

/** GET /portal/api/v1.notice/detail/?id= */
export const NoticeDetailQuery = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
export type NoticeDetailQuery = Static<typeof NoticeDetailQuery>;

export type NoticeKind = 'notice' | 'news';

/** One row of the notice list (its response schema: exactly these fields are written). */
export const NoticeSummary = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(['notice', 'news'] as const),
  title: Type.String(),
  summary: Type.String(),
  publishedAt: Type.Number(),
});
export type NoticeSummary = Static<typeof NoticeSummary>;
export const NoticeList = PageOf(NoticeSummary);

/** GET /portal/api/v1.notice/detail/: a published notice with its text. */
export const NoticeDetail = Type.Object({
  ...NoticeSummary.properties,
  /** HTML paragraphs */
  content: Type.String(),
});
export type NoticeDetail = Static<typeof NoticeDetail>;

/** GET /user/api/v1.dashboard/summary/ (administrators): the back-office home figures. */
export const DashboardSummary = Type.Object({
  users: Type.Integer(),
  students: Type.Integer(),
  staff: Type.Integer(),
  platforms: Type.Integer(),
  activeSessions: Type.Integer(),
  loginsToday: Type.Integer(),
  visitsToday: Type.Integer(),
  logins7d: Type.Array(Type.Object({ day: Type.String(), count: Type.Integer() })),
  recentAudit: Type.Array(
    Type.Object({
      at: Type.Number(),
      actorName: Type.String(),
      action: Type.String(),
      target: Type.String(),
      result: Type.String(),
    }),
  ),
});
export type DashboardSummary = Static<typeof DashboardSummary>;
