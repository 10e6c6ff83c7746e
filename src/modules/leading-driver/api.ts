import { http } from '@/core/http';
import type { SchoolOverview, TeachingOverview, TeachingQuery } from './contract';

const S = '/bi/api/v1.leadingDriver';

/** GET /bi/api/v1.leadingDriver/overview/ — 综合校情, every panel in one answer. */
export const fetchSchoolOverview = () => http.get<SchoolOverview>(`${S}/overview/`);
/** GET /bi/api/v1.leadingDriver/teaching/ — 教学概况 of a term and college. */
export const fetchTeachingOverview = (q: TeachingQuery) => http.get<TeachingOverview>(`${S}/teaching/`, { params: q });
