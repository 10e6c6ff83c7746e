import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  AdminEvaluation,
  AdminExportQuery,
  AdminListQuery,
  FeedbackSettings,
  ItemReviews,
  ItemReviewsQuery,
  LabelSaveBody,
  LabelView,
  MyEvaluation,
  Overview,
  PendingRow,
  RateBody,
  RectifyListQuery,
  ReplyBody,
  RectifyRow,
  RectifyVisitBody,
  StatsAnswer,
  StatsExportQuery,
  StatsQuery,
  SummaryQuery,
  SummaryRow,
} from './contract';

const PUBLIC = '/affairs/api/v1.feedback';
const RECTIFY = '/affairs/api/v1.rectify';
const ADMIN = '/affairs/api/v1.feedbackAdmin';

/** GET /affairs/api/v1.feedback/overview/ */
export const fetchOverview = () => http.get<Overview>(`${PUBLIC}/overview/`);
/** GET /affairs/api/v1.feedback/summary/ */
export const fetchSummary = (q: SummaryQuery) => http.get<Page<SummaryRow>>(`${PUBLIC}/summary/`, { params: q });
/** GET /affairs/api/v1.feedback/itemReviews/ */
export const fetchItemReviews = (q: ItemReviewsQuery) => http.get<ItemReviews>(`${PUBLIC}/itemReviews/`, { params: q });
/** GET /affairs/api/v1.feedback/labels/ */
export const fetchLabels = () => http.get<LabelView[]>(`${PUBLIC}/labels/`);
/** GET /affairs/api/v1.feedback/pending/ */
export const fetchPending = (q: { page: number; pageSize: number }) =>
  http.get<Page<PendingRow>>(`${PUBLIC}/pending/`, { params: q });
/** GET /affairs/api/v1.feedback/mine/ */
export const fetchMine = (q: { page: number; pageSize: number }) =>
  http.get<Page<MyEvaluation>>(`${PUBLIC}/mine/`, { params: q });
/** POST /affairs/api/v1.feedback/rate/ (JSON) */
export const rate = (b: RateBody) =>
  http.post<{ id: number; rectificationId: number | null }>(`${PUBLIC}/rate/`, b, { json: true });

/** GET /affairs/api/v1.rectify/list/ */
export const fetchRectifications = (q: RectifyListQuery) =>
  http.get<Page<RectifyRow>>(`${RECTIFY}/list/`, { params: q });
/** POST /affairs/api/v1.rectify/reply/ (JSON) */
export const replyRectification = (b: ReplyBody) => http.post<null>(`${RECTIFY}/reply/`, b, { json: true });
/** POST /affairs/api/v1.rectify/visit/ (JSON) */
export const visitRectification = (b: RectifyVisitBody) => http.post<null>(`${RECTIFY}/visit/`, b, { json: true });

/** GET /affairs/api/v1.feedbackAdmin/list/ */
export const fetchEvaluations = (q: AdminListQuery) => http.get<Page<AdminEvaluation>>(`${ADMIN}/list/`, { params: q });
/** POST /affairs/api/v1.feedbackAdmin/reply/ (JSON) */
export const replyEvaluation = (b: { id: number; reply: string }) =>
  http.post<null>(`${ADMIN}/reply/`, b, { json: true });
/** GET /affairs/api/v1.feedbackAdmin/export/ (xlsx, streamed) */
export const exportEvaluations = (q: AdminExportQuery) =>
  http.get<Blob>(`${ADMIN}/export/`, { params: q, responseType: 'blob', slow: true });
/** GET /affairs/api/v1.feedbackAdmin/labels/ */
export const fetchAllLabels = () => http.get<LabelView[]>(`${ADMIN}/labels/`);
/** POST /affairs/api/v1.feedbackAdmin/labelSave/ (JSON) */
export const saveLabel = (b: LabelSaveBody) => http.post<{ id: number }>(`${ADMIN}/labelSave/`, b, { json: true });
/** POST /affairs/api/v1.feedbackAdmin/labelDelete/ (JSON) */
export const deleteLabel = (id: number) => http.post<null>(`${ADMIN}/labelDelete/`, { id }, { json: true });
/** GET /affairs/api/v1.feedbackAdmin/settings/ */
export const fetchSettings = () => http.get<FeedbackSettings>(`${ADMIN}/settings/`);
/** POST /affairs/api/v1.feedbackAdmin/settings/ (JSON) */
export const saveSettings = (b: FeedbackSettings) =>
  http.post<FeedbackSettings>(`${ADMIN}/settings/`, b, { json: true });
/** GET /affairs/api/v1.feedbackAdmin/stats/ */
export const fetchStats = (q: StatsQuery) => http.get<StatsAnswer>(`${ADMIN}/stats/`, { params: q });
/** GET /affairs/api/v1.feedbackAdmin/statsExport/ (xlsx, streamed) */
export const exportStats = (q: StatsExportQuery) =>
  http.get<Blob>(`${ADMIN}/statsExport/`, { params: q, responseType: 'blob', slow: true });
