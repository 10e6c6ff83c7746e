import type { FastifyInstance } from 'fastify';
import { FOOTPRINT_DAYS, type FootprintRecordBody, type HomeSummary, type ScienceQuery } from '../contract';
import { DAY_MS } from './calendar';
import { cardInfo } from './card';
import { num, personRows, str } from './campus-data';
import { loanCounts } from './library';
import { todayClasses } from './timetable';
import * as repo from './repository';

/** Visits older than this are not shown and the cleanup job deletes them. */
export const footprintCutoff = (now = Date.now()) => now - FOOTPRINT_DAYS * DAY_MS;

/** A batch of the client's page views; times in the future or past the window are clamped/dropped. */
export async function recordVisits(app: FastifyInstance, userId: number, b: FootprintRecordBody) {
  const now = Date.now();
  const visits = b.visits.map((v) => ({ ...v, at: Math.min(v.at, now) })).filter((v) => v.at >= footprintCutoff(now));
  if (visits.length) await repo.insertFootprints(app.db, userId, visits);
  return { recorded: visits.length };
}

export const footprints = (app: FastifyInstance, userId: number, q: { page: number; pageSize: number }) =>
  repo.footprintPage(app.db, userId, footprintCutoff(), q);

/** The home page's own facts in one call: today's classes, card, loans, latest favourites and visits. */
export async function home(app: FastifyInstance, m: repo.Me): Promise<HomeSummary> {
  const [classes, card, loans, favs, fps] = await Promise.all([
    todayClasses(app, m),
    cardInfo(app, m),
    loanCounts(app, m),
    repo.favoritePage(app.db, m.id, { page: 1, pageSize: 5 }),
    repo.footprintPage(app.db, m.id, footprintCutoff(), { page: 1, pageSize: 5 }),
  ]);
  return {
    today: new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10),
    todayClasses: classes,
    card: card ? { balance: card.balance, status: card.status } : null,
    favorites: favs.list,
    footprints: fps.list,
    loans,
  };
}

/** 我的科研: the person's projects (as leader), papers (as first author) and awards, newest first. */
export async function science(app: FastifyInstance, m: repo.Me, q: ScienceQuery) {
  const page = { page: q.page, pageSize: q.pageSize };
  if (q.kind === 'project') {
    const r = await personRows(app, app.db, 'project', m.userNo, {
      orderBy: { field: 'start_date', desc: true },
      ...page,
    });
    return {
      ...page,
      total: r.total,
      list: r.list.map((x) => ({
        key: str(x.project_no),
        title: str(x.title),
        level: str(x.level),
        funder: str(x.funder),
        funding: num(x.funding),
        startDate: str(x.start_date),
        endDate: str(x.end_date),
        status: str(x.status),
      })),
    };
  }
  if (q.kind === 'paper') {
    const r = await personRows(app, app.db, 'paper', m.userNo, {
      orderBy: { field: 'published_date', desc: true },
      ...page,
    });
    return {
      ...page,
      total: r.total,
      list: r.list.map((x) => ({
        key: String(num(x.paper_id)),
        title: str(x.title),
        journal: str(x.journal),
        indexedBy: str(x.indexed_by),
        publishedDate: str(x.published_date),
        doi: str(x.doi),
      })),
    };
  }
  const r = await personRows(app, app.db, 'award', m.userNo, {
    orderBy: { field: 'awarded_date', desc: true },
    ...page,
  });
  return {
    ...page,
    total: r.total,
    list: r.list.map((x) => ({
      key: String(num(x.award_id)),
      title: str(x.name),
      level: str(x.level),
      grade: str(x.grade),
      awardedDate: str(x.awarded_date),
    })),
  };
}
