import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  AdminCategory,
  AdminQuestionDetail,
  AdminQuestionQuery,
  AdminQuestionRow,
  AskAnswer,
  AskedConvertBody,
  AskedHandleBody,
  AskedListQuery,
  AskedRow,
  CategorySaveBody,
  FaqCategoryView,
  FaqHit,
  FaqQuestionDetail,
  FaqQuestionRow,
  QuestionListQuery,
  QuestionSaveBody,
  VoteAnswer,
} from './contract';

const A = '/portal/api/v1.assistant';
const ADMIN = '/portal/api/v1.assistantAdmin';

// ---- everybody ----

export const listCategories = () => http.get<FaqCategoryView[]>(`${A}/categories/`);
export const listQuestions = (q: Partial<QuestionListQuery>) =>
  http.get<Page<FaqQuestionRow>>(`${A}/questions/`, { params: q });
export const getQuestion = (id: number) => http.get<FaqQuestionDetail>(`${A}/detail/`, { params: { id } });
/** Spec section 7 topQuestions: the most read questions (the home's 热门问题). */
export const topQuestions = (limit = 8) =>
  http.get<FaqQuestionRow[]>(`${A}/topQuestions/`, { params: { limit }, silent: true }).then((r) => r.data);
export const searchQuestions = (q: { q: string; page?: number; pageSize?: number }) =>
  http.get<Page<FaqHit>>(`${A}/search/`, { params: q });
export const ask = (text: string) => http.post<AskAnswer>(`${A}/ask/`, { text }, { json: true });
export const submitQuestion = (text: string) => http.post<null>(`${A}/submitQuestion/`, { text }, { json: true });
export const vote = (id: number, helpful: boolean) =>
  http.post<VoteAnswer>(`${A}/vote/`, { id, helpful }, { json: true });

// ---- back office ----

export const adminCategories = () => http.get<AdminCategory[]>(`${ADMIN}/categories/`);
export const saveCategory = (b: CategorySaveBody) =>
  http.post<{ id: number }>(`${ADMIN}/saveCategory/`, b, { json: true });
export const deleteCategory = (id: number) => http.post<null>(`${ADMIN}/deleteCategory/`, { id }, { json: true });
export const adminQuestions = (q: AdminQuestionQuery) =>
  http.get<Page<AdminQuestionRow>>(`${ADMIN}/questions/`, { params: q });
export const adminQuestion = (id: number) => http.get<AdminQuestionDetail>(`${ADMIN}/question/`, { params: { id } });
export const saveQuestion = (b: QuestionSaveBody) =>
  http.post<{ id: number }>(`${ADMIN}/saveQuestion/`, b, { json: true });
export const deleteQuestion = (id: number) => http.post<null>(`${ADMIN}/deleteQuestion/`, { id }, { json: true });
export const listAsked = (q: AskedListQuery) => http.get<Page<AskedRow>>(`${ADMIN}/asked/`, { params: q });
export const handleAsked = (b: AskedHandleBody) => http.post<null>(`${ADMIN}/handleAsked/`, b, { json: true });
export const convertAsked = (b: AskedConvertBody) =>
  http.post<{ id: number }>(`${ADMIN}/convertAsked/`, b, { json: true });
