import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import ical from 'ical-generator';
import { Codes } from '@/shared/errors';
import { AppError, notFound } from '@/server/errors';
import type { AuthContext } from '@/server/identity/sessions';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import { ledDepartments } from '@/modules/organization/server/commands/led-departments';
import {
  EVENT_MAX_DAYS,
  RANGE_MAX_DAYS,
  REMIND_LABELS,
  SCHOOL_KIND_LABELS,
  type CalendarAnswer,
  type EventSaveBody,
  type EventView,
  type FeedCreated,
  type FeedStatus,
  type RangeQuery,
  type SchoolSaveBody,
} from '../contract';
import * as repo from './repository';

const DAY = 86_400_000;
const BEIJING = 8 * 3_600_000;
/** A feed carries events from this far back on (phones keep what they fetched before). */
const FEED_HISTORY_DAYS = 90;
export const FEED_PATH = '/portal/calendar/feed';

/** 'YYYY-MM-DD' of an instant in Beijing time (the school's calendar days). */
export const beijingDay = (ms: number) => new Date(ms + BEIJING).toISOString().slice(0, 10);
const dayMs = (d: string) => Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10));
const hashToken = (t: string) => createHash('sha256').update(t).digest('hex');

type Row = NonNullable<Awaited<ReturnType<typeof repo.getEvent>>>;

/** Who may keep a department's events: its leaders, and administrators. */
async function editsDepartment(db: repo.Conn, auth: AuthContext, departmentId: number | null): Promise<boolean> {
  if (departmentId === null) return false;
  if (auth.isAdmin) return true;
  return (await ledDepartments(db, auth.userId)).includes(departmentId);
}

const canEdit = (row: Row, userId: number, deptEditor: boolean) =>
  row.scope === 'personal' ? row.ownerId === userId : deptEditor;

const toView = (r: Row, editable: boolean): EventView => ({
  id: r.id,
  scope: r.scope as EventView['scope'],
  title: r.title,
  location: r.location,
  note: r.note,
  startAt: r.startAt,
  endAt: r.endAt,
  allDay: !!r.allDay,
  remindMinutes: r.remindMinutes,
  departmentName: r.departmentName ?? '',
  editable,
});

export async function calendarOf(db: repo.Conn, auth: AuthContext, q: RangeQuery): Promise<CalendarAnswer> {
  if (q.end <= q.start) throw new AppError(Codes.calendarBadRange, 400, '查询的结束时间须晚于开始时间');
  if (q.end - q.start > RANGE_MAX_DAYS * DAY)
    throw new AppError(Codes.calendarBadRange, 400, `一次最多查询 ${RANGE_MAX_DAYS} 天`);
  const me = await repo.userBrief(db, auth.userId);
  const departmentId = me?.departmentId ?? null;
  const deptEditor = await editsDepartment(db, auth, departmentId);
  const from = beijingDay(q.start);
  const to = beijingDay(q.end - 1);
  const [school, events] = await Promise.all([
    repo.schoolBetween(db, from, to),
    repo.eventsBetween(db, { userId: auth.userId, departmentId }, q.start, q.end),
  ]);
  return {
    school: school.filter((s) => s.kind !== 'term'),
    terms: school.filter((s) => s.kind === 'term'),
    events: events.map((e) => toView(e, canEdit(e, auth.userId, deptEditor))),
    canEditDepartment: deptEditor,
    departmentName: me?.departmentName ?? '',
  };
}

function checkTimes(b: EventSaveBody) {
  if (b.endAt < b.startAt) throw new AppError(Codes.calendarBadRange, 400, '结束时间不能早于开始时间');
  if (b.endAt - b.startAt > EVENT_MAX_DAYS * DAY)
    throw new AppError(Codes.calendarBadRange, 400, `一个日程最长 ${EVENT_MAX_DAYS} 天，更长的安排请记入校历`);
}

/** Creates or changes an event. A personal one only its owner; a department one its leaders. */
export async function saveEvent(db: repo.Conn, auth: AuthContext, b: EventSaveBody, now = Date.now()) {
  checkTimes(b);
  const title = b.title.trim();
  if (!title) throw new AppError(Codes.inputError, 400, '请填写日程标题');
  const remindMinutes = b.remindMinutes ?? null;
  const remindAt = remindMinutes === null ? null : b.startAt - remindMinutes * 60_000;
  const values = {
    title,
    location: b.location.trim(),
    note: b.note.trim(),
    startAt: b.startAt,
    endAt: b.endAt,
    allDay: b.allDay ? 1 : 0,
    remindMinutes,
    // A reminder already past when saved is not sent (nobody wants a note about the past).
    remindAt: remindAt !== null && remindAt >= now - 60_000 ? remindAt : null,
  };
  return db.transaction().execute(async (trx) => {
    const me = await repo.userBrief(trx, auth.userId);
    const departmentId = me?.departmentId ?? null;
    const deptEditor = await editsDepartment(trx, auth, departmentId);
    if (b.id) {
      const row = await repo.getEvent(trx, b.id);
      // Another person's event answers "not found": an id tells nothing about others' calendars.
      const visible =
        row && (row.scope === 'personal' ? row.ownerId === auth.userId : row.departmentId === departmentId);
      if (!row || !visible) throw notFound('日程不存在');
      if (!canEdit(row, auth.userId, deptEditor)) throw notEditor();
      if (row.scope !== b.scope) throw new AppError(Codes.inputError, 400, '日程类型不能修改');
      await repo.updateEvent(trx, row.id, { ...values, departmentId: row.departmentId }, now);
      return row.id;
    }
    if (b.scope === 'department' && !deptEditor) throw notEditor();
    return repo.insertEvent(
      trx,
      { ...values, scope: b.scope, ownerId: auth.userId, departmentId: b.scope === 'department' ? departmentId : null },
      now,
    );
  });
}

const notEditor = () => new AppError(Codes.calendarNotDepartmentEditor, 403, '只有部门负责人或管理员可以维护部门日程');

export async function deleteEvent(db: repo.Conn, auth: AuthContext, id: number) {
  await db.transaction().execute(async (trx) => {
    const row = await repo.getEvent(trx, id);
    const me = await repo.userBrief(trx, auth.userId);
    const departmentId = me?.departmentId ?? null;
    const visible = row && (row.scope === 'personal' ? row.ownerId === auth.userId : row.departmentId === departmentId);
    if (!row || !visible) throw notFound('日程不存在');
    if (!canEdit(row, auth.userId, await editsDepartment(trx, auth, departmentId))) throw notEditor();
    await repo.deleteEvent(trx, id);
  });
}

// ---------- reminders (job) ----------

const BATCH = 200;

/** Sends the reminders due by `now` through the message centre; each once, even when runs overlap. */
export async function sendDueReminders(db: repo.Conn, now = Date.now()): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = await repo.dueReminders(db, now, BATCH);
    if (!due.length) return sent;
    for (const e of due) {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.markReminded(trx, e.id, now))) return;
        const userIds =
          e.scope === 'department' && e.departmentId !== null
            ? await repo.departmentMemberIds(trx, e.departmentId)
            : [e.ownerId];
        const when = e.allDay ? beijingDay(e.startAt) : beijingTime(e.startAt);
        sent += await sendMessage(trx, {
          userIds,
          kind: 'notice',
          title: `日程提醒：${e.title}`,
          body: `${when} 开始${e.location ? `，地点：${e.location}` : ''}`,
          link: `/web/lightApps/calendar?date=${beijingDay(e.startAt)}`,
          at: now,
        });
      });
    }
    if (due.length < BATCH) return sent;
  }
}

export const beijingTime = (ms: number) => new Date(ms + BEIJING).toISOString().slice(0, 16).replace('T', ' ');
export const remindLabel = (m: number | null) => (m === null ? '不提醒' : (REMIND_LABELS[m] ?? `提前${m}分钟`));

// ---------- feeds ----------

export async function feedStatus(db: repo.Conn, userId: number): Promise<FeedStatus> {
  const f = await repo.activeFeed(db, userId);
  return { active: !!f, createdAt: f?.createdAt ?? null, lastFetchedAt: f?.lastFetchedAt ?? null };
}

/** A new subscription link; the previous one stops working. The token is shown once, only its hash kept. */
export async function createFeed(
  db: repo.Conn,
  userId: number,
  origin: string,
  now = Date.now(),
): Promise<FeedCreated> {
  const token = randomBytes(24).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await repo.revokeFeeds(trx, userId, now);
    await repo.insertFeed(trx, userId, hashToken(token), now);
  });
  return { url: `${origin}${FEED_PATH}/${token}.ics`, createdAt: now };
}

export const revokeFeed = (db: repo.Conn, userId: number, now = Date.now()) => repo.revokeFeeds(db, userId, now);

/** The iCalendar text of a feed token: the school calendar and the person's events. */
export async function feedText(db: repo.Conn, token: string, now = Date.now()): Promise<string> {
  const feed = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? await repo.feedByHash(db, hashToken(token)) : undefined;
  if (!feed || feed.revokedAt !== null || feed.status !== 'active')
    throw new AppError(Codes.calendarFeedRevoked, 404, '订阅链接无效或已停用');
  await repo.touchFeed(db, feed.id, now);
  const from = now - FEED_HISTORY_DAYS * DAY;
  const [school, events] = await Promise.all([
    repo.schoolBetween(db, beijingDay(from), '9999-12-31'),
    repo.feedEvents(db, { userId: feed.userId, departmentId: feed.departmentId }, from),
  ]);
  const cal = ical({
    name: `华夏理工大学校历 · ${feed.realName}`,
    prodId: { company: 'hxlg', product: 'campus-portal' },
  });
  for (const s of school)
    cal.createEvent({
      id: `school-${s.id}@campus-portal`,
      allDay: true,
      start: new Date(dayMs(s.startDate)),
      // DTEND of a whole-day event is the day after (exclusive).
      end: new Date(dayMs(s.endDate) + DAY),
      summary: `【${SCHOOL_KIND_LABELS[s.kind]}】${s.title}`,
      description: s.note || null,
    });
  for (const e of events)
    cal.createEvent({
      id: `event-${e.id}@campus-portal`,
      allDay: !!e.allDay,
      start: new Date(e.allDay ? dayMs(beijingDay(e.startAt)) : e.startAt),
      end: new Date(e.allDay ? dayMs(beijingDay(e.endAt)) + DAY : e.endAt),
      summary: e.scope === 'department' ? `【${e.departmentName ?? '部门'}】${e.title}` : e.title,
      location: e.location || null,
      description: e.note || null,
    });
  // RFC 5545 ends every content line, the last one too, with CRLF.
  const text = cal.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

// ---------- back office ----------

function checkDays(b: SchoolSaveBody) {
  if (b.endDate < b.startDate) throw new AppError(Codes.calendarBadRange, 400, '结束日期不能早于开始日期');
  if (
    Number.isNaN(dayMs(b.startDate)) ||
    Number.isNaN(dayMs(b.endDate)) ||
    beijingDay(dayMs(b.startDate) - BEIJING) !== b.startDate
  )
    throw new AppError(Codes.inputError, 400, '日期不正确（startDate）');
  if (beijingDay(dayMs(b.endDate) - BEIJING) !== b.endDate)
    throw new AppError(Codes.inputError, 400, '日期不正确（endDate）');
}

export async function saveSchool(app: FastifyInstance, b: SchoolSaveBody, now = Date.now()) {
  checkDays(b);
  const title = b.title.trim();
  if (!title) throw new AppError(Codes.inputError, 400, '请填写名称');
  const v = { kind: b.kind, title, startDate: b.startDate, endDate: b.endDate, note: b.note.trim() };
  if (b.id) {
    if (!(await repo.updateSchool(app.db, b.id, v, now))) throw notFound('校历条目不存在');
    return b.id;
  }
  return repo.insertSchool(app.db, v, now);
}

export async function deleteSchool(app: FastifyInstance, id: number) {
  if (!(await repo.deleteSchool(app.db, id))) throw notFound('校历条目不存在');
}
