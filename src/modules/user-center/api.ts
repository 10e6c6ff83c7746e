import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import {
  UC,
  USER,
  type CardInfo,
  type CardMonth,
  type CardRequestKind,
  type CardRequestRow,
  type CardTxn,
  type CardTxnQuery,
  type FavoriteAddBody,
  type FavoriteKind,
  type FavoriteRow,
  type FootprintRecordBody,
  type FootprintRow,
  type HomeSummary,
  type IcalInfo,
  type LoanQuery,
  type LoanRow,
  type MyInfo,
  type Payslip,
  type PersonalInfo,
  type SalaryStatus,
  type ScienceKind,
  type SessionRow,
  type TimetableWeek,
} from './contract';

/** GET /user/api/v1.user/getMyInfo/ */
export const getMyInfo = () => http.get<MyInfo>(`${USER}/getMyInfo/`);
/** GET /user/api/v1.user/getPersonalInfo/ */
export const getPersonalInfo = () => http.get<PersonalInfo>(`${USER}/getPersonalInfo/`);
/** GET /user/api/v1.user/getMyPic/ */
export const getMyPic = () => http.get<{ url: string | null }>(`${USER}/getMyPic/`);
/** Image ≤ 1 MB. POST /user/api/v1.user/upload_signature/ */
export const uploadSignature = (file: File) => {
  const fd = new FormData();
  fd.append('file', file);
  return http.post<{ url: string }>(`${USER}/upload_signature/`, fd);
};
/** GET /user/api/v1.user/get_signature/ */
export const getSignature = () => http.get<{ url: string; updatedAt: number } | null>(`${USER}/get_signature/`);

/** Today's classes, card, loans, latest favourites and visits. GET /user/api/v1.userCenter/home/ */
export const fetchHome = () => http.get<HomeSummary>(`${UC}/home/`);

/** GET /user/api/v1.userCenter/favorite/list/ */
export const listFavorites = (q: { kind?: FavoriteKind; page: number; pageSize: number }) =>
  http.get<Page<FavoriteRow>>(`${UC}/favorite/list/`, { params: q });
/** GET /user/api/v1.userCenter/favorite/check/ */
export const checkFavorite = (kind: FavoriteKind, refKey: string) =>
  http.get<{ favorite: boolean }>(`${UC}/favorite/check/`, { params: { kind, refKey } });
/** POST /user/api/v1.userCenter/favorite/add/ */
export const addFavorite = (b: FavoriteAddBody) => http.post<null>(`${UC}/favorite/add/`, b);
/** POST /user/api/v1.userCenter/favorite/remove/ */
export const removeFavorite = (kind: FavoriteKind, refKey: string) =>
  http.post<null>(`${UC}/favorite/remove/`, { kind, refKey });

/** A batch of visits (a list: JSON). POST /user/api/v1.userCenter/footprint/record/ */
export const recordFootprints = (b: FootprintRecordBody) =>
  http.post<{ recorded: number }>(`${UC}/footprint/record/`, b, { json: true, silent: true });
/** GET /user/api/v1.userCenter/footprint/list/ */
export const listFootprints = (q: { page: number; pageSize: number }) =>
  http.get<Page<FootprintRow>>(`${UC}/footprint/list/`, { params: q });
/** POST /user/api/v1.userCenter/footprint/clear/ */
export const clearFootprints = () => http.post<{ deleted: number }>(`${UC}/footprint/clear/`, {});

/** GET /user/api/v1.userCenter/card/info/ */
export const fetchCard = () => http.get<CardInfo | null>(`${UC}/card/info/`);
/** GET /user/api/v1.userCenter/card/txns/ */
export const listCardTxns = (q: Partial<CardTxnQuery> & { page: number; pageSize: number }) =>
  http.get<Page<CardTxn>>(`${UC}/card/txns/`, { params: q });
/** GET /user/api/v1.userCenter/card/monthly/ */
export const fetchCardMonthly = () => http.get<CardMonth[]>(`${UC}/card/monthly/`);
/** GET /user/api/v1.userCenter/card/requests/ */
export const listMyCardRequests = () => http.get<CardRequestRow[]>(`${UC}/card/requests/`);
/** 挂失 / 解冻 request to the card office. POST /user/api/v1.userCenter/card/request/ */
export const requestCard = (kind: CardRequestKind, reason: string) =>
  http.post<{ id: number }>(`${UC}/card/request/`, { kind, reason });
/** GET /user/api/v1.userCenter/cardOffice/list/ */
export const listCardOffice = (q: { status?: string; page: number; pageSize: number }) =>
  http.get<Page<CardRequestRow>>(`${UC}/cardOffice/list/`, { params: q });
/** POST /user/api/v1.userCenter/cardOffice/handle/ */
export const handleCardRequest = (id: number, approve: boolean, remark: string) =>
  http.post<null>(`${UC}/cardOffice/handle/`, { id, approve, remark });

/** GET /user/api/v1.userCenter/salary/status/ */
export const fetchSalaryStatus = () => http.get<SalaryStatus>(`${UC}/salary/status/`);
/** Password encrypted with the server key (core/crypto). POST /user/api/v1.userCenter/salary/verify/ */
export const verifySalary = (password: string) =>
  http.post<{ unlockedUntil: number }>(`${UC}/salary/verify/`, { password });
/** GET /user/api/v1.userCenter/salary/detail/ */
export const fetchPayslip = (month: string) => http.get<Payslip | null>(`${UC}/salary/detail/`, { params: { month } });

/** GET /user/api/v1.userCenter/library/loans/ */
export const listLoans = (q: LoanQuery) => http.get<Page<LoanRow>>(`${UC}/library/loans/`, { params: q });
/** POST /user/api/v1.userCenter/library/renew/ */
export const renewLoan = (loanId: number) =>
  http.post<{ dueDate: string; renewals: number }>(`${UC}/library/renew/`, { loanId });

/** GET /user/api/v1.userCenter/timetable/week/ */
export const fetchTimetable = (week?: number) =>
  http.get<TimetableWeek>(`${UC}/timetable/week/`, { params: week ? { week } : {} });
/** GET /user/api/v1.userCenter/ical/info/ */
export const fetchIcal = () => http.get<IcalInfo>(`${UC}/ical/info/`);
/** POST /user/api/v1.userCenter/ical/reset/ */
export const resetIcal = () => http.post<IcalInfo>(`${UC}/ical/reset/`, {});
/** POST /user/api/v1.userCenter/ical/revoke/ */
export const revokeIcal = () => http.post<null>(`${UC}/ical/revoke/`, {});

export interface ScienceRow {
  key: string;
  title: string;
  [k: string]: string | number | null;
}
/** GET /user/api/v1.userCenter/science/list/ */
export const listScience = (q: { kind: ScienceKind; page: number; pageSize: number }) =>
  http.get<Page<ScienceRow>>(`${UC}/science/list/`, { params: q });

/** POST /user/api/v1.userCenter/contact/code/ */
export const sendContactCode = (channel: 'phone' | 'email', target: string) =>
  http.post<{ expiresAt: number }>(`${UC}/contact/code/`, { channel, target });
/** POST /user/api/v1.userCenter/contact/bind/ */
export const bindContact = (channel: 'phone' | 'email', code: string) =>
  http.post<Record<string, string>>(`${UC}/contact/bind/`, { channel, code });
/** GET /user/api/v1.userCenter/sessions/ */
export const listSessions = () => http.get<SessionRow[]>(`${UC}/sessions/`);
/** POST /user/api/v1.userCenter/sessions/revoke/ */
export const revokeSession = (id: string) => http.post<null>(`${UC}/sessions/revoke/`, { id });
