import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { createSession } from '@/server/identity/sessions';
import { Codes } from '@/shared/errors';
import type { BookingRow, SlotView, WindowSaveBody } from '../contract';
import { endedBookingsOf, getBooking } from './commands/bookings';
import { sendBookingReminders } from './jobs';
import * as repo from './repository';
import { beijingLabel, dateOf, DAY_MS } from './time';

let app: TestApp;
let deptId: number;
let otherDeptId: number;
let itemId: number;
let staffPlatform: number;

const BOOKING = '/affairs/api/v1.booking';
const CALLBACK = '/affairs/api/v1.callback';

/** A published service item open to every signed-in user (the service hall's tables, as its tests do). */
async function insertItem(departmentId: number, name: string, modes: { booking?: boolean; online?: boolean } = {}) {
  const now = Date.now();
  const { id } = await app.db
    .insertInto('svcItem')
    .values({
      name,
      summary: '',
      departmentId,
      theme: '学籍学业',
      forStudent: 1,
      forStaff: 1,
      forVisitor: 0,
      forAlumni: 0,
      modeOnline: modes.online ? 1 : 0,
      modeOffline: 1,
      modeBooking: modes.booking === false ? 0 : 1,
      conditions: '',
      materials: '',
      steps: '',
      timeLimit: '',
      fees: '',
      legalBasis: '',
      contact: '',
      faq: '',
      windows: '',
      openingHours: '',
      mapUploadId: null,
      bring: '',
      formId: null,
      processId: null,
      issuesPermit: 0,
      permitTitle: null,
      status: 'published',
      sort: 0,
      useCount: 0,
      createdBy: null,
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('svcItemRule')
    .values([
      { itemId: id, action: 'see', subject: 'public', subjectId: 0 },
      { itemId: id, action: 'apply', subject: 'user', subjectId: 0 },
    ])
    .execute();
  return id;
}

const everyDay = (start: string, end: string) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));

async function saveWindow(b: Partial<WindowSaveBody> = {}) {
  const body: WindowSaveBody = {
    departmentId: deptId,
    itemId,
    name: '学生事务窗口',
    location: '行政楼 101',
    note: '',
    rules: everyDay('00:00', '23:30'),
    slotMinutes: 30,
    capacity: 5,
    cutoffMinutes: 60,
    status: 'active',
    ...b,
  };
  const res = await app.injectAs('admin', { method: 'POST', url: `${BOOKING}/manage/saveWindow/`, payload: body });
  expect(res.json().errorCode, res.body).toBe(Codes.ok);
  return res.json().data.id as number;
}

async function slotsOf(date: string, username = 'student'): Promise<SlotView[]> {
  const res = await app.injectAs(username, { method: 'GET', url: `${BOOKING}/slots/?itemId=${itemId}&date=${date}` });
  expect(res.json().errorCode, res.body).toBe(Codes.ok);
  return res.json().data;
}

const tomorrow = () => dateOf(Date.now() + DAY_MS);

beforeAll(async () => {
  app = await buildTestApp();
  const teacher = await app.db
    .selectFrom('appUser')
    .select('departmentId')
    .where('username', '=', 'teacher')
    .executeTakeFirstOrThrow();
  deptId = teacher.departmentId!;
  const other = await app.db
    .selectFrom('department')
    .select('id')
    .where('id', '!=', deptId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  otherDeptId = other.id;
  itemId = await insertItem(deptId, '学生证补办（测试）');
  staffPlatform = (
    await app.db.selectFrom('platform').select('id').where('name', 'like', '%教职工%').executeTakeFirstOrThrow()
  ).id;
}, 60_000);

afterAll(async () => {
  await app.close();
});

describe('service booking', () => {
  it('generates the slots of the coming two weeks from a window’s weekly rules', async () => {
    const windowId = await saveWindow();
    const slots = await slotsOf(tomorrow());
    expect(slots.filter((s) => s.windowId === windowId)).toHaveLength(47);
    expect(slots[0]).toMatchObject({ capacity: 5, booked: 0, bookable: true, windowName: '学生事务窗口' });
    const far = dateOf(Date.now() + 20 * DAY_MS);
    expect(await slotsOf(far)).toHaveLength(0);
  });

  it('refuses overlapping rules and a rule shorter than a slot with a coded message', async () => {
    const res = await app.injectAs('admin', {
      method: 'POST',
      url: `${BOOKING}/manage/saveWindow/`,
      payload: {
        departmentId: deptId,
        itemId,
        name: 'x',
        location: 'y',
        note: '',
        rules: [
          { weekday: 1, start: '09:00', end: '11:00' },
          { weekday: 1, start: '10:00', end: '12:00' },
        ],
        slotMinutes: 30,
        capacity: 1,
        cutoffMinutes: 0,
        status: 'active',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('重叠');
  });

  it('fifty people booking one slot of capacity 5 at once: exactly 5 get it, the rest 已约满 with alternatives', async () => {
    const slot = (await slotsOf(tomorrow()))[10]!;
    const tokens: string[] = [];
    for (let i = 0; i < 50; i++) {
      const id = await createTestUser(app, { username: `sb-rush-${i}`, password: 'Demo@2026' });
      tokens.push(await createSession(app.db, app.config, { userId: id, isAdmin: false, platformId: null }));
    }
    const answers = await Promise.all(
      tokens.map((authorization) =>
        app.inject({
          method: 'POST',
          url: `${BOOKING}/book/`,
          headers: { authorization },
          payload: { slotId: slot.id, itemId, phone: '', note: '' },
        }),
      ),
    );
    const okCount = answers.filter((a) => a.json().errorCode === Codes.ok).length;
    const full = answers.filter((a) => a.json().errorCode === Codes.bookingFull);
    expect(okCount).toBe(5);
    expect(full).toHaveLength(45);
    expect(full[0]!.statusCode).toBe(409);
    expect(full[0]!.json().message).toContain('已约满');
    const alts = full[0]!.json().data.alternatives as SlotView[];
    expect(alts.length).toBeGreaterThan(0);
    expect(alts.every((a) => a.id !== slot.id && a.booked < a.capacity)).toBe(true);
    const after = await repo.findSlot(app.db, slot.id);
    expect(after).toMatchObject({ booked: 5, capacity: 5 });
    const rows = await app.db.selectFrom('sbBooking').select('id').where('slotId', '=', slot.id).execute();
    expect(rows).toHaveLength(5);
  }, 120_000);

  it('books, refuses a second live booking of the item, lists it and cancels before the cut-off', async () => {
    const [a, b] = await slotsOf(tomorrow());
    const booked = await app.injectAs('student', {
      method: 'POST',
      url: `${BOOKING}/book/`,
      payload: { slotId: a!.id, itemId, phone: '13800138000', note: '补办学生证' },
    });
    expect(booked.json().errorCode, booked.body).toBe(Codes.ok);
    const again = await app.injectAs('student', {
      method: 'POST',
      url: `${BOOKING}/book/`,
      payload: { slotId: b!.id, itemId, phone: '', note: '' },
    });
    expect(again.json().errorCode).toBe(Codes.bookingDuplicate);
    const mine = await app.injectAs('student', { method: 'GET', url: `${BOOKING}/mine/?scope=upcoming` });
    const list = mine.json().data.list as BookingRow[];
    expect(list[0]).toMatchObject({
      itemName: '学生证补办（测试）',
      status: 'booked',
      cancellable: true,
      phone: '13800138000',
    });
    const cancel = await app.injectAs('student', {
      method: 'POST',
      url: `${BOOKING}/cancel/`,
      payload: { id: list[0]!.id },
    });
    expect(cancel.json().errorCode).toBe(Codes.ok);
    expect((await repo.findSlot(app.db, a!.id))!.booked).toBe(0);
    expect((await getBooking(app.db, list[0]!.id))!.status).toBe('cancelled');
  });

  it('refuses a bad phone number and a visitor', async () => {
    const [a] = await slotsOf(tomorrow());
    const bad = await app.injectAs('student', {
      method: 'POST',
      url: `${BOOKING}/book/`,
      payload: { slotId: a!.id, itemId, phone: '12345', note: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe(Codes.inputError);
    const anon = await app.inject({
      method: 'POST',
      url: `${BOOKING}/book/`,
      payload: { slotId: a!.id, itemId, phone: '', note: '' },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('closes a slot at its cut-off, reminds once, marks no-shows and pauses booking after three', async () => {
    const u = await createTestUser(app, { username: 'sb-noshow', password: 'Demo@2026' });
    const token = await createSession(app.db, app.config, { userId: u, isAdmin: false, platformId: null });
    // Three past no-shows (as the job leaves them).
    const daySlots = await slotsOf(tomorrow());
    const slot = daySlots[20]!;
    const now = Date.now();
    for (let i = 1; i <= 3; i++)
      await repo.insertBooking(app.db, {
        slotId: daySlots[20 + i]!.id,
        windowId: slot.windowId,
        itemId,
        departmentId: deptId,
        userId: u,
        slotStart: now - i * DAY_MS,
        slotEnd: now - i * DAY_MS + 1800_000,
        status: 'booked',
        phone: '',
        note: '',
        createdAt: now - 10 * DAY_MS,
      });
    expect(await repo.markNoShows(app.db, now, now)).toBeGreaterThanOrEqual(3);
    const refused = await app.inject({
      method: 'POST',
      url: `${BOOKING}/book/`,
      headers: { authorization: token },
      payload: { slotId: slot.id, itemId, phone: '', note: '' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe(Codes.bookingNoShowLimit);
    const overview = await app.inject({
      method: 'GET',
      url: `${BOOKING}/overview/?itemId=${itemId}`,
      headers: { authorization: token },
    });
    expect(overview.json().data).toMatchObject({ noShows: 3, noShowLimit: 3, canBook: true });

    // A slot starting within the cut-off (60 min) no longer takes bookings.
    const soon = (await slotsOf(dateOf(now))).find((s) => s.startAt > now && s.startAt < now + 3600_000);
    if (soon) {
      const late = await app.injectAs('student', {
        method: 'POST',
        url: `${BOOKING}/book/`,
        payload: { slotId: soon.id, itemId, phone: '', note: '' },
      });
      expect(late.json().errorCode).toBe(Codes.bookingClosed);
    }

    // Reminders: the student's booking tomorrow is reminded once.
    const [first] = await slotsOf(tomorrow());
    await app.injectAs('student', {
      method: 'POST',
      url: `${BOOKING}/book/`,
      payload: { slotId: first!.id, itemId, phone: '', note: '' },
    });
    const student = await app.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', 'student')
      .executeTakeFirstOrThrow();
    const before = await app.db.selectFrom('message').select('id').where('userId', '=', student.id).execute();
    const at = first!.startAt - 3600_000;
    expect(await sendBookingReminders(app, at)).toBeGreaterThanOrEqual(1);
    expect(await sendBookingReminders(app, at)).toBe(0);
    const after = await app.db
      .selectFrom('message')
      .select(['id', 'title'])
      .where('userId', '=', student.id)
      .orderBy('id')
      .execute();
    // Just after midnight the seed's own coming booking of the student may fall in the same window,
    // so count the reminders of this slot's time rather than all new messages.
    const fresh = after.slice(before.length).map((m) => m.title);
    expect(fresh.length).toBeGreaterThanOrEqual(1);
    expect(fresh.every((t) => t.startsWith('预约提醒'))).toBe(true);
    expect(fresh.some((t) => t.includes(beijingLabel(first!.startAt)))).toBe(true);

    // Ended bookings for service-feedback: the no-shows are there, the live future booking is not.
    const ended = await endedBookingsOf(app.db, u, { page: 1, pageSize: 10 });
    expect(ended.total).toBe(3);
    expect(ended.list.every((b) => b.status === 'no_show')).toBe(true);
  });

  it('the booking desk: department staff see their department’s bookings and check people in; others see none', async () => {
    const date = tomorrow();
    const desk = await app.injectAs(
      'teacher',
      { method: 'GET', url: `${BOOKING}/manage/desk/?date=${date}` },
      staffPlatform,
    );
    expect(desk.json().errorCode, desk.body).toBe(Codes.ok);
    const list = desk.json().data.list as BookingRow[];
    expect(list.length).toBeGreaterThan(0);
    const live = list.find((b) => b.status === 'booked')!;
    // Too early to check in (more than two hours before the slot): the slot is moved three hours
    // ahead, since tomorrow's first slot may be less than two hours away late in the evening.
    await app.db
      .updateTable('sbBooking')
      .set({ slotStart: Date.now() + 3 * 3600_000 })
      .where('id', '=', live.id)
      .execute();
    const early = await app.injectAs(
      'teacher',
      { method: 'POST', url: `${BOOKING}/manage/attend/`, payload: { id: live.id } },
      staffPlatform,
    );
    expect(early.statusCode).toBe(400);
    await app.db
      .updateTable('sbBooking')
      .set({ slotStart: Date.now() - 60_000 })
      .where('id', '=', live.id)
      .execute();
    const ok = await app.injectAs(
      'teacher',
      { method: 'POST', url: `${BOOKING}/manage/attend/`, payload: { id: live.id } },
      staffPlatform,
    );
    expect(ok.json().errorCode, ok.body).toBe(Codes.ok);
    expect((await getBooking(app.db, live.id))!.status).toBe('attended');

    // A staff member of another department sees nothing of it and cannot check in.
    await app.db.updateTable('appUser').set({ departmentId: otherDeptId }).where('username', '=', 'teacher').execute();
    const other = await app.injectAs(
      'teacher',
      { method: 'GET', url: `${BOOKING}/manage/desk/?date=${date}` },
      staffPlatform,
    );
    expect(other.json().data.total).toBe(0);
    const refused = await app.injectAs(
      'teacher',
      { method: 'POST', url: `${BOOKING}/manage/attend/`, payload: { id: live.id } },
      staffPlatform,
    );
    expect(refused.statusCode).toBe(404);
    await app.db.updateTable('appUser').set({ departmentId: deptId }).where('username', '=', 'teacher').execute();

    // A student has no desk.
    const student = await app.injectAs('student', { method: 'GET', url: `${BOOKING}/manage/desk/?date=${date}` });
    expect(student.statusCode).toBe(403);
  });

  it('call-backs: the student asks, the department accepts, records the call and closes; the student follows it', async () => {
    const now = Date.now();
    const bad = await app.injectAs('student', {
      method: 'POST',
      url: `${CALLBACK}/create/`,
      payload: {
        itemId,
        topic: '补办',
        detail: '',
        phone: '13800138000',
        windowStart: now + 7200_000,
        windowEnd: now + 3600_000,
      },
    });
    expect(bad.statusCode).toBe(400);
    const created = await app.injectAs('student', {
      method: 'POST',
      url: `${CALLBACK}/create/`,
      payload: {
        itemId,
        topic: '学生证补办需要什么材料',
        detail: '丢失了学生证',
        phone: '13800138000',
        windowStart: now,
        windowEnd: now + 86_400_000,
      },
    });
    expect(created.json().errorCode, created.body).toBe(Codes.ok);
    const id = created.json().data.id as number;
    const work = await app.injectAs(
      'teacher',
      { method: 'GET', url: `${CALLBACK}/manage/list/?status=pending` },
      staffPlatform,
    );
    expect((work.json().data.list as { id: number }[]).map((c) => c.id)).toContain(id);
    const act = (action: string, note: string) =>
      app.injectAs(
        'teacher',
        { method: 'POST', url: `${CALLBACK}/manage/act/`, payload: { id, action, note } },
        staffPlatform,
      );
    expect((await act('accept', '')).json().errorCode).toBe(Codes.ok);
    expect((await act('call', '')).statusCode).toBe(400);
    expect((await act('call', '已电话告知所需材料')).json().errorCode).toBe(Codes.ok);
    expect((await act('close', '学生已了解，办结')).json().errorCode).toBe(Codes.ok);
    expect((await act('accept', '')).json().errorCode).toBe(Codes.bookingWrongState);
    const detail = await app.injectAs('student', { method: 'GET', url: `${CALLBACK}/detail/?id=${id}` });
    expect(detail.json().data).toMatchObject({ status: 'closed', outcome: '学生已了解，办结' });
    expect((detail.json().data.log as { action: string }[]).map((l) => l.action)).toEqual([
      'create',
      'accept',
      'call',
      'close',
    ]);
    const stranger = await createTestUser(app, { username: 'sb-stranger', password: 'Demo@2026' });
    const token = await createSession(app.db, app.config, { userId: stranger, isAdmin: false, platformId: null });
    const peek = await app.inject({
      method: 'GET',
      url: `${CALLBACK}/detail/?id=${id}`,
      headers: { authorization: token },
    });
    expect(peek.statusCode).toBe(404);
  });

  it('an item without booking answers a coded 不提供 and a shared department window serves every booking item', async () => {
    const noBooking = await insertItem(deptId, '成绩单打印（测试）', { booking: false, online: true });
    const res = await app.injectAs('student', { method: 'GET', url: `${BOOKING}/overview/?itemId=${noBooking}` });
    expect(res.json().errorCode).toBe(Codes.bookingNotOffered);
    const another = await insertItem(deptId, '在读证明（测试）');
    await saveWindow({
      itemId: null,
      name: '综合窗口',
      rules: [{ weekday: 1, start: '09:00', end: '10:00' }],
      capacity: 2,
    });
    const ov = await app.injectAs('student', { method: 'GET', url: `${BOOKING}/overview/?itemId=${another}` });
    expect((ov.json().data.windows as { name: string }[]).map((w) => w.name)).toEqual(['综合窗口']);
  });
});
