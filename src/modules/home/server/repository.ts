import { sql } from 'kysely';
import type { Db } from '@/server/db/dialect';
import { preparedQuery } from '@/server/db/prepared';
import type { Page } from '@/shared/envelope';
import type { DashboardSummary, NoticeDetail, NoticeListQuery, NoticeSummary } from '../contract';

// --- notices -------------------------------------------------------------------------------

const published = (db: Db, kind?: string) => {
  let q = db.selectFrom('notice').where('status', '=', 'published');
  if (kind) q = q.where('kind', '=', kind);
  return q;
};

const noticePage = preparedQuery((db: Db, v: { kind: string; limit: number; offset: number }) =>
  published(db, v.kind)
    .select(['id', 'kind', 'title', 'summary', 'publishedAt'])
    .orderBy('publishedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(v.limit)
    .offset(v.offset),
);
const noticeCount = preparedQuery((db: Db, v: { kind: string }) =>
  published(db, v.kind).select((eb) => eb.fn.countAll<number>().as('total')),
);

/**
 * Published notices or news of one kind, newest first; cut in SQL on the (kind, status, published_at)
 * index. Both queries are compiled once (preparedQuery): the list is the hottest public call.
 */
export async function listPublishedNotices(db: Db, q: NoticeListQuery): Promise<Page<NoticeSummary>> {
  const [rows, count] = await Promise.all([
    noticePage(db, { kind: q.kind, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
    noticeCount(db, { kind: q.kind }),
  ]);
  const list = rows.map((r) => ({
    id: r.id,
    kind: r.kind as NoticeSummary['kind'],
    title: r.title,
    summary: r.summary ?? '',
    publishedAt: r.publishedAt ?? 0,
  }));
  return { list, total: Number(count[0]?.total ?? 0), page: q.page, pageSize: q.pageSize };
}

export async function findPublishedNotice(db: Db, id: number): Promise<NoticeDetail | undefined> {
  const r = await published(db)
    .select(['id', 'kind', 'title', 'summary', 'content', 'publishedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  return (
    r && {
      id: r.id,
      kind: r.kind as NoticeSummary['kind'],
      title: r.title,
      summary: r.summary ?? '',
      content: r.content,
      publishedAt: r.publishedAt ?? 0,
    }
  );
}

// --- dashboard -----------------------------------------------------------------------------

/** Accounts in all and per kind, from the counts triggers keep on app_user (migration 0059): no scan. */
export async function countPeople(db: Db): Promise<{ users: number; students: number; staff: number }> {
  const rows = await db.selectFrom('userKindCount').select(['kind', 'n']).execute();
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
  return { users: rows.reduce((sum, r) => sum + Number(r.n), 0), students: of('student'), staff: of('staff') };
}

export async function countPlatforms(db: Db): Promise<number> {
  const r = await db
    .selectFrom('platform')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Sessions that would still be accepted now: not revoked, not expired, not idle too long. */
export async function countActiveSessions(db: Db, now: number, idleMs: number): Promise<number> {
  const r = await db
    .selectFrom('session')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .where('lastSeenAt', '>', now - idleMs)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Successful logins per day for consecutive days starting at dayStarts[0]; one query on the
 * (action, at) index, each day a conditional sum, so the database does the counting.
 */
export async function countLoginsByDay(db: Db, dayStarts: number[], end: number): Promise<number[]> {
  const bounds = [...dayStarts.slice(1), end];
  const r = (await db
    .selectFrom('auditLog')
    .select((eb) =>
      dayStarts.map((from, i) =>
        sql<number>`coalesce(sum(case when ${eb.ref('at')} >= ${from} and ${eb.ref('at')} < ${bounds[i]!} then 1 else 0 end), 0)`.as(
          `d${i}`,
        ),
      ),
    )
    .where('action', '=', 'login')
    .where('result', '=', 'ok')
    .where('at', '>=', dayStarts[0]!)
    .where('at', '<', end)
    .executeTakeFirstOrThrow()) as Record<string, number>;
  return dayStarts.map((_, i) => Number(r[`d${i}`] ?? 0));
}

export async function visitsOn(db: Db, day: string): Promise<number> {
  const r = await db.selectFrom('visitStat').select('count').where('day', '=', day).executeTakeFirst();
  return Number(r?.count ?? 0);
}

export async function recentAudit(db: Db, limit: number): Promise<DashboardSummary['recentAudit']> {
  const rows = await db
    .selectFrom('auditLog')
    .select(['at', 'actorName', 'action', 'target', 'result'])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    at: r.at,
    actorName: r.actorName ?? '',
    action: r.action,
    target: r.target ?? '',
    result: r.result,
  }));
}
