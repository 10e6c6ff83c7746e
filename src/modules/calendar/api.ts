import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  CalendarAnswer,
  EventSaveBody,
  FeedCreated,
  FeedStatus,
  RangeQuery,
  SchoolEntryView,
  SchoolListQuery,
  SchoolSaveBody,
} from './contract';

const MINE = '/portal/api/v1.calendar';
const SCHOOL = '/portal/api/v1.schoolCalendar';

/** GET /portal/api/v1.calendar/events/ */
export const fetchCalendar = (q: RangeQuery) => http.get<CalendarAnswer>(`${MINE}/events/`, { params: q });
/** POST /portal/api/v1.calendar/save/ */
export const saveEvent = (b: EventSaveBody) => http.post<{ id: number }>(`${MINE}/save/`, b);
/** POST /portal/api/v1.calendar/delete/ */
export const deleteEvent = (id: number) => http.post<null>(`${MINE}/delete/`, { id });
/** GET /portal/api/v1.calendar/feed/ */
export const fetchFeed = () => http.get<FeedStatus>(`${MINE}/feed/`);
/** POST /portal/api/v1.calendar/feed/create/ */
export const createFeed = () => http.post<FeedCreated>(`${MINE}/feed/create/`, {});
/** POST /portal/api/v1.calendar/feed/revoke/ */
export const revokeFeed = () => http.post<null>(`${MINE}/feed/revoke/`, {});

/** GET /portal/api/v1.schoolCalendar/list/ */
export const fetchSchool = (q: SchoolListQuery) => http.get<Page<SchoolEntryView>>(`${SCHOOL}/list/`, { params: q });
/** POST /portal/api/v1.schoolCalendar/save/ */
export const saveSchool = (b: SchoolSaveBody) => http.post<{ id: number }>(`${SCHOOL}/save/`, b);
/** POST /portal/api/v1.schoolCalendar/delete/ */
export const deleteSchool = (id: number) => http.post<null>(`${SCHOOL}/delete/`, { id });
