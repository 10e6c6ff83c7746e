import type { FastifyInstance } from 'fastify';
import { notFound } from '@/server/errors';
import type { DashboardSummary, NoticeDetail } from '../contract';
import {
  countActiveSessions,
  countLoginsByDay,
  countPeople,
  countPlatforms,
  findPublishedNotice,
  recentAudit,
  visitsOn,
} from './repository';
import { dayKey, startOfDay } from './days';

const TREND_DAYS = 7;
const RECENT_AUDIT_ROWS = 10;

export async function noticeDetail(app: FastifyInstance, id: number): Promise<NoticeDetail> {
  const n = await findPublishedNotice(app.db, id);
  if (!n) throw notFound('该通知不存在或已撤回');
  return n;
}

/** The back-office home figures; every count is made by the database. */
export async function dashboardSummary(app: FastifyInstance, now = Date.now()): Promise<DashboardSummary> {
  const db = app.db;
  const dayStarts = Array.from({ length: TREND_DAYS }, (_, i) => startOfDay(now, i - (TREND_DAYS - 1)));
  const tomorrow = startOfDay(now, 1);
  const [people, platforms, activeSessions, logins, visitsToday, audit] = await Promise.all([
    countPeople(db),
    countPlatforms(db),
    countActiveSessions(db, now, app.config.sessionIdleMinutes * 60_000),
    countLoginsByDay(db, dayStarts, tomorrow),
    visitsOn(db, dayKey(now)),
    recentAudit(db, RECENT_AUDIT_ROWS),
  ]);
  return {
    ...people,
    platforms,
    activeSessions,
    loginsToday: logins[TREND_DAYS - 1]!,
    visitsToday,
    logins7d: dayStarts.map((start, i) => ({ day: dayKey(start), count: logins[i]! })),
    recentAudit: audit,
  };
}
