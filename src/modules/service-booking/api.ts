import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  BookBody,
  BookingOverview,
  BookingRow,
  CallbackActBody,
  CallbackBody,
  CallbackDetail,
  CallbackListQuery,
  CallbackRow,
  DeskQuery,
  DeskSummary,
  MyBookingsQuery,
  PermitDocument,
  PermitIssueBody,
  PermitListQuery,
  PermitRevokeBody,
  PermitRow,
  SlotView,
  StaffScope,
  VerifyAnswer,
  WindowListQuery,
  WindowRow,
  WindowSaveBody,
} from './contract';

const BOOKING = '/affairs/api/v1.booking';
const CALLBACK = '/affairs/api/v1.callback';
const PERMIT = '/affairs/api/v1.permit';

/** GET /affairs/api/v1.booking/overview/ */
export const bookingOverview = (itemId: number) =>
  http.get<BookingOverview>(`${BOOKING}/overview/`, { params: { itemId } });
/** GET /affairs/api/v1.booking/slots/ */
export const daySlots = (itemId: number, date?: string) =>
  http.get<SlotView[]>(`${BOOKING}/slots/`, { params: { itemId, date } });
/** POST /affairs/api/v1.booking/book/ — silent: the page shows 已约满 with the alternatives itself. */
export const book = (b: BookBody) => http.post<{ id: number }>(`${BOOKING}/book/`, b, { silent: true });
/** POST /affairs/api/v1.booking/cancel/ */
export const cancelBooking = (id: number) => http.post<null>(`${BOOKING}/cancel/`, { id });
/** GET /affairs/api/v1.booking/mine/ */
export const myBookings = (q: MyBookingsQuery) => http.get<Page<BookingRow>>(`${BOOKING}/mine/`, { params: q });

/** GET /affairs/api/v1.booking/manage/scope/ */
export const staffScope = () => http.get<StaffScope>(`${BOOKING}/manage/scope/`);
/** GET /affairs/api/v1.booking/manage/windows/ */
export const listWindows = (q: WindowListQuery) =>
  http.get<Page<WindowRow>>(`${BOOKING}/manage/windows/`, { params: q });
/** POST /affairs/api/v1.booking/manage/saveWindow/ (JSON) */
export const saveWindow = (b: WindowSaveBody) =>
  http.post<{ id: number }>(`${BOOKING}/manage/saveWindow/`, b, { json: true });
/** POST /affairs/api/v1.booking/manage/deleteWindow/ */
export const deleteWindow = (id: number) => http.post<null>(`${BOOKING}/manage/deleteWindow/`, { id });
/** GET /affairs/api/v1.booking/manage/desk/ */
export const deskBookings = (q: DeskQuery) => http.get<Page<BookingRow>>(`${BOOKING}/manage/desk/`, { params: q });
/** GET /affairs/api/v1.booking/manage/daySlots/ */
export const deskSlots = (date: string, windowId?: number) =>
  http.get<DeskSummary>(`${BOOKING}/manage/daySlots/`, { params: { date, windowId } });
/** POST /affairs/api/v1.booking/manage/attend/ */
export const attend = (id: number) => http.post<null>(`${BOOKING}/manage/attend/`, { id });

/** GET /affairs/api/v1.callback/item/ (public) */
export const callbackItem = (itemId: number) =>
  http.get<{ id: number; name: string; departmentName: string }>(`${CALLBACK}/item/`, { params: { itemId } });
/** POST /affairs/api/v1.callback/create/ */
export const createCallback = (b: CallbackBody) => http.post<{ id: number }>(`${CALLBACK}/create/`, b);
/** GET /affairs/api/v1.callback/mine/ */
export const myCallbacks = (q: CallbackListQuery) => http.get<Page<CallbackRow>>(`${CALLBACK}/mine/`, { params: q });
/** GET /affairs/api/v1.callback/detail/ */
export const callbackDetail = (id: number) => http.get<CallbackDetail>(`${CALLBACK}/detail/`, { params: { id } });
/** POST /affairs/api/v1.callback/cancel/ */
export const cancelCallback = (id: number) => http.post<null>(`${CALLBACK}/cancel/`, { id });
/** GET /affairs/api/v1.callback/manage/list/ */
export const callbackWorkList = (q: CallbackListQuery) =>
  http.get<Page<CallbackRow>>(`${CALLBACK}/manage/list/`, { params: q });
/** POST /affairs/api/v1.callback/manage/act/ */
export const actOnCallback = (b: CallbackActBody) => http.post<null>(`${CALLBACK}/manage/act/`, b);

/** GET /affairs/api/v1.permit/mine/ */
export const myPermits = (q: PermitListQuery) => http.get<Page<PermitRow>>(`${PERMIT}/mine/`, { params: q });
/** GET /affairs/api/v1.permit/document/ */
export const permitDocument = (id: number) => http.get<PermitDocument>(`${PERMIT}/document/`, { params: { id } });
/** GET /affairs/api/v1.permit/verify/ (public) */
export const verifyPermit = (code: string) => http.get<VerifyAnswer>(`${PERMIT}/verify/`, { params: { code } });
/** GET /affairs/api/v1.permit/manage/list/ */
export const staffPermits = (q: PermitListQuery) => http.get<Page<PermitRow>>(`${PERMIT}/manage/list/`, { params: q });
/** POST /affairs/api/v1.permit/manage/issue/ */
export const issuePermit = (b: PermitIssueBody) => http.post<{ id: number }>(`${PERMIT}/manage/issue/`, b);
/** POST /affairs/api/v1.permit/manage/revoke/ */
export const revokePermit = (b: PermitRevokeBody) => http.post<null>(`${PERMIT}/manage/revoke/`, b);
