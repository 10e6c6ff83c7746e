import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import ical from 'ical-generator';
import { AppError } from '@/server/errors';
import { Codes } from '@/shared/errors';
import { UC, type ClassSlot, type IcalInfo, type TimetableWeek } from '../contract';
import { at, currentTerm, dateOf, isoDay, PERIODS, termPosition, type Term } from './calendar';
import { num, personRows, rowsDerivedFromOwn, str } from './campus-data';
import * as repo from './repository';

const toSlot = (x: Record<string, unknown>): ClassSlot => ({
  id: num(x.id),
  courseCode: str(x.course_code),
  courseName: str(x.course_name),
  teacher: str(x.teacher_name),
  room: str(x.room),
  className: str(x.class_name),
  weekday: num(x.weekday),
  periodStart: num(x.period_start),
  periodEnd: num(x.period_end),
  weekStart: num(x.week_start),
  weekEnd: num(x.week_end),
});

/** Every class meeting of the person this term: a teacher's by 工号, a student's by the sections they enrolled in. */
export async function termSlots(app: FastifyInstance, m: repo.Me, term: Term): Promise<ClassSlot[]> {
  let rows: Record<string, unknown>[];
  if (m.kind === 'student') {
    const enrolled = await personRows(app, app.db, 'enrolment', m.userNo, {
      filter: { eq: { term_code: term.code } },
      pageSize: 60,
    });
    const sections = [...new Set(enrolled.list.map((e) => str(e.section_id)).filter(Boolean))];
    if (!sections.length) return [];
    rows = await rowsDerivedFromOwn(
      app,
      app.db,
      'timetable',
      { eq: { term_code: term.code }, in: { section_id: sections } },
      200,
    );
  } else {
    rows = (
      await personRows(app, app.db, 'timetable', m.userNo, { filter: { eq: { term_code: term.code } }, pageSize: 200 })
    ).list;
  }
  return rows.map(toSlot).sort((a, b) => a.weekday - b.weekday || a.periodStart - b.periodStart);
}

const inWeek = (s: ClassSlot, week: number) => s.weekStart <= week && week <= s.weekEnd;

export async function timetableWeek(
  app: FastifyInstance,
  m: repo.Me,
  week: number | undefined,
  now = Date.now(),
): Promise<TimetableWeek> {
  const term = await currentTerm(app.db);
  const pos = termPosition(term, now);
  const currentWeek = pos.week >= 1 && pos.week <= term.weeks ? pos.week : null;
  const shown = Math.min(Math.max(week ?? currentWeek ?? 1, 1), term.weeks);
  const all = await termSlots(app, m, term);
  const todayClasses = currentWeek ? all.filter((s) => inWeek(s, currentWeek) && s.weekday === pos.weekday) : [];
  return {
    term: { code: term.code, name: term.name, start: term.start, weeks: term.weeks },
    week: shown,
    currentWeek,
    today: isoDay(now),
    slots: all.filter((s) => inWeek(s, shown)),
    todayClasses,
    next: nextClass(term, all, now),
  };
}

/** The first meeting that has not ended yet, from today on. */
function nextClass(term: Term, all: ClassSlot[], now: number): (ClassSlot & { date: string }) | null {
  const pos = termPosition(term, now);
  for (let w = Math.max(pos.week, 1); w <= term.weeks; w++)
    for (const s of all) {
      if (!inWeek(s, w) || (w === pos.week && s.weekday < pos.weekday)) continue;
      const date = dateOf(term, w, s.weekday);
      const end = at(date, PERIODS[s.periodEnd]?.[1] ?? '22:30');
      if (end > now) return { ...s, date };
    }
  return null;
}

/** Today's classes only (the home page's card). */
export async function todayClasses(app: FastifyInstance, m: repo.Me, now = Date.now()): Promise<ClassSlot[]> {
  const term = await currentTerm(app.db);
  const pos = termPosition(term, now);
  if (pos.week < 1 || pos.week > term.weeks) return [];
  return (await termSlots(app, m, term)).filter((s) => inWeek(s, pos.week) && s.weekday === pos.weekday);
}

// --- iCalendar subscription ---------------------------------------------------------------------

const hash = (t: string) => createHash('sha256').update(t).digest('hex');
export const icalPath = (token: string) => `${UC}/ical/${token}.ics`;

export async function icalInfo(app: FastifyInstance, m: repo.Me): Promise<IcalInfo> {
  const r = await repo.icalToken(app.db, m.id);
  return { active: !!r, createdAt: r ? Number(r.createdAt) : null, url: null };
}

/** A new link (the old one stops working); the token is shown once and stored hashed. */
export async function resetIcal(app: FastifyInstance, m: repo.Me): Promise<IcalInfo> {
  const token = randomBytes(24).toString('base64url');
  const now = Date.now();
  await app.db.transaction().execute((trx) => repo.putIcalToken(trx, m.id, hash(token), now));
  return { active: true, createdAt: now, url: icalPath(token) };
}

export const revokeIcal = (app: FastifyInstance, m: repo.Me) => repo.deleteIcalToken(app.db, m.id);

/** The feed behind a token: every meeting of the term as one event per week it meets. */
export async function icalFeed(app: FastifyInstance, token: string): Promise<string> {
  const userId = await repo.userOfIcalToken(app.db, hash(token));
  const m = userId ? await repo.findMe(app.db, userId) : undefined;
  if (!m) throw new AppError(Codes.userCenterIcalRevoked, 404);
  const term = await currentTerm(app.db);
  const cal = ical({
    name: `${m.realName}的课表（${term.name}）`,
    timezone: 'Asia/Shanghai',
    prodId: { company: 'campus-portal', product: 'timetable' },
  });
  for (const s of await termSlots(app, m, term))
    for (let w = s.weekStart; w <= Math.min(s.weekEnd, term.weeks); w++) {
      const date = dateOf(term, w, s.weekday);
      cal.createEvent({
        id: `${s.id}-${w}@campus-portal`,
        start: new Date(at(date, PERIODS[s.periodStart]?.[0] ?? '08:00')),
        end: new Date(at(date, PERIODS[s.periodEnd]?.[1] ?? '08:45')),
        summary: s.courseName,
        location: s.room,
        description: `${s.teacher} · 第${w}周 · 第${s.periodStart}-${s.periodEnd}节`,
      });
    }
  return cal.toString();
}
