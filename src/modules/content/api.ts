import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  HelpAdminListQuery,
  HelpArticle,
  HelpArticleInput,
  HelpArticleRow,
  HelpArticleUpdate,
  HelpCategory,
  HelpCategoryInput,
  HelpPublicListQuery,
  NoticeAdminDetail,
  NoticeAdminListQuery,
  NoticeAdminRow,
  NoticeInput,
  NoticeUpdate,
  UploadedImage,
} from './contract';

const N = '/portal/api/v1.notice';
const H = '/portal/api/v1.help';

const imageForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

// --- notices and news (administrators) ---

/** GET /portal/api/v1.notice/adminList/ */
export const listNoticesForAdmin = (q: NoticeAdminListQuery) =>
  http.get<Page<NoticeAdminRow>>(`${N}/adminList/`, { params: q });

/** GET /portal/api/v1.notice/adminDetail/ */
export const getNoticeForAdmin = (id: number) => http.get<NoticeAdminDetail>(`${N}/adminDetail/`, { params: { id } });

/** POST /portal/api/v1.notice/create/ (JSON) */
export const createNotice = (body: NoticeInput) => http.post<{ id: number }>(`${N}/create/`, body, { json: true });

/** POST /portal/api/v1.notice/update/ (JSON) */
export const updateNotice = (body: NoticeUpdate) => http.post<null>(`${N}/update/`, body, { json: true });

/** POST /portal/api/v1.notice/publish/ */
export const publishNotice = (id: number) => http.post<null>(`${N}/publish/`, { id });

/** POST /portal/api/v1.notice/withdraw/ */
export const withdrawNotice = (id: number) => http.post<null>(`${N}/withdraw/`, { id });

/** POST /portal/api/v1.notice/delete/ */
export const deleteNotice = (id: number) => http.post<null>(`${N}/delete/`, { id });

/** POST /portal/api/v1.notice/uploadImage/ (multipart): an image for the rich text, answers its URL. */
export const uploadNoticeImage = (file: File) =>
  http.post<UploadedImage>(`${N}/uploadImage/`, imageForm(file), { slow: true }).then((r) => r.data.url);

// --- help centre (administrators) ---

/** GET /portal/api/v1.help/categoryList/ */
export const listHelpCategoriesForAdmin = () => http.get<HelpCategory[]>(`${H}/categoryList/`);

/** POST /portal/api/v1.help/saveCategory/ */
export const saveHelpCategory = (body: HelpCategoryInput) => http.post<{ id: number }>(`${H}/saveCategory/`, body);

/** POST /portal/api/v1.help/deleteCategory/ */
export const deleteHelpCategory = (id: number) => http.post<null>(`${H}/deleteCategory/`, { id });

/** GET /portal/api/v1.help/articleList/ */
export const listHelpArticlesForAdmin = (q: HelpAdminListQuery) =>
  http.get<Page<HelpArticleRow>>(`${H}/articleList/`, { params: q });

/** GET /portal/api/v1.help/articleDetail/ */
export const getHelpArticleForAdmin = (id: number) => http.get<HelpArticle>(`${H}/articleDetail/`, { params: { id } });

/** POST /portal/api/v1.help/createArticle/ (JSON) */
export const createHelpArticle = (body: HelpArticleInput) =>
  http.post<{ id: number }>(`${H}/createArticle/`, body, { json: true });

/** POST /portal/api/v1.help/updateArticle/ (JSON) */
export const updateHelpArticle = (body: HelpArticleUpdate) =>
  http.post<null>(`${H}/updateArticle/`, body, { json: true });

/** POST /portal/api/v1.help/deleteArticle/ */
export const deleteHelpArticle = (id: number) => http.post<null>(`${H}/deleteArticle/`, { id });

/** POST /portal/api/v1.help/uploadImage/ (multipart): answers the image's URL. */
export const uploadHelpImage = (file: File) =>
  http.post<UploadedImage>(`${H}/uploadImage/`, imageForm(file), { slow: true }).then((r) => r.data.url);

// --- help centre (everyone) ---

/** GET /portal/api/v1.help/categories/ (public) */
export const listHelpCategories = () => http.get<HelpCategory[]>(`${H}/categories/`);

/** GET /portal/api/v1.help/list/ (public: published articles) */
export const listHelpArticles = (q: HelpPublicListQuery) => http.get<Page<HelpArticleRow>>(`${H}/list/`, { params: q });

/** GET /portal/api/v1.help/detail/ (public) */
export const getHelpArticle = (id: number) => http.get<HelpArticle>(`${H}/detail/`, { params: { id } });
