import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  Audience,
  CorrectionItem,
  CorrectionProcess,
  CorrectionState,
  DecideBody,
  Evidence,
  LayoutSaveBody,
  LayoutView,
  MineQuery,
  MyDataView,
  ResolveBody,
  RevealBody,
  SubmitBody,
  SummaryView,
  TodoQuery,
} from './contract';

const P = '/data/api/v1.oneTable';

/** GET layout/ (back office) */
export const getLayout = (audience: Audience) => http.get<LayoutView>(`${P}/layout/`, { params: { audience } });
/** POST layout/save/ (JSON) */
/** GET processes/: the processes a field's corrections may run through (the built-in 数据纠错 first). */
export const listCorrectionProcesses = () => http.get<CorrectionProcess[]>(`${P}/processes/`);
export const saveLayout = (b: LayoutSaveBody) => http.post<null>(`${P}/layout/save/`, b, { json: true });
/** GET myData/: mine, or a person's (staff in scope; audited) */
export const getMyData = (userNo?: string) =>
  http.get<MyDataView>(`${P}/myData/`, { params: userNo ? { userNo } : {} });
/** POST reveal/ (JSON): a masked value, audited */
export const revealValue = (b: RevealBody) => http.post<{ value: string }>(`${P}/reveal/`, b, { json: true });
/** POST evidence/ (multipart) */
export const uploadEvidence = (file: File) => {
  const fd = new FormData();
  fd.append('file', file);
  return http.post<Evidence>(`${P}/evidence/`, fd);
};
/** POST correction/submit/ (JSON) */
export const submitCorrection = (b: SubmitBody) =>
  http.post<{ id: number }>(`${P}/correction/submit/`, b, { json: true });
/** GET correction/mine/ */
export const listMine = (q: MineQuery) => http.get<Page<CorrectionItem>>(`${P}/correction/mine/`, { params: q });
/** GET correction/todo/ */
export const listTodo = (q: TodoQuery) => http.get<Page<CorrectionItem>>(`${P}/correction/todo/`, { params: q });
/** POST correction/approve/ (JSON) */
export const approveCorrection = (b: DecideBody) =>
  http.post<CorrectionItem>(`${P}/correction/approve/`, b, { json: true });
/** POST correction/reject/ (JSON) */
/** POST correction/resolveConflict/: take the source system's value or keep the approved one. */
export const resolveConflict = (b: ResolveBody) => http.post<CorrectionItem>(`${P}/correction/resolveConflict/`, b);
export const rejectCorrection = (b: DecideBody) =>
  http.post<CorrectionItem>(`${P}/correction/reject/`, b, { json: true });
/** GET summary/ */
export const getSummary = () => http.get<SummaryView>(`${P}/summary/`);
/** GET summary/export/ (xlsx) */
export const exportSummary = () => http.get<Blob>(`${P}/summary/export/`, { responseType: 'blob', slow: true });

export type { CorrectionState };
