import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { listItemOptions } from '@/modules/service-hall/server/commands/item-lists';
import type { WeeklyRule } from '../contract';
import * as repo from './repository';
import { generateSlots } from './booking';
import { newPermitCode } from './permits';
import { DAY_MS, dateOf, dayStart, slotsFor } from './time';

/** The department whose staff member handles the demo's bookings, call-backs and permits. */
export const DEMO_DESK_DEPARTMENT = '学生工作处';

const WEEKDAYS_AM_PM: WeeklyRule[] = [1, 2, 3, 4, 5].flatMap((weekday) => [
  { weekday, start: '09:00', end: '11:30' },
  { weekday, start: '14:00', end: '17:00' },
]);

/**
 * The demo's booking side: a shared window for every department that has booking items (and an
 * own window for the first item of 学生工作处), slots for the last week and the coming two weeks,
 * bookings in every state (the fixed `student` has one coming and one attended), two call-back
 * requests (one pending, one closed) and permits for the permit items (one revoked).
 */
export const demoSeed: DemoSeed = async ({ tx, now }) => {
  const items = await listItemOptions(tx, { departmentIds: null, mode: 'booking' });
  const published = items.filter((i) => i.status === 'published');
  if (!published.length) return;
  const depts = await tx
    .selectFrom('department')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(published.map((i) => i.departmentId))])
    .execute();
  const deptName = new Map(depts.map((d) => [d.id, d.name]));
  const students = await tx
    .selectFrom('appUser')
    .select(['id', 'realName', 'phone'])
    .where('kind', '=', 'student')
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(40)
    .execute();
  const student = await tx
    .selectFrom('appUser')
    .select(['id', 'realName', 'phone'])
    .where('username', '=', 'student')
    .executeTakeFirst();
  if (!student || !students.length) return;
  const others = students.filter((s) => s.id !== student.id);

  const weekAgo = dayStart(dateOf(now)) - 7 * DAY_MS;
  const windows: repo.WindowRecord[] = [];
  for (const [departmentId, name] of deptName) {
    const base = {
      departmentId,
      note: '请携带本人校园卡及相关材料，提前 5 分钟到达。',
      rules: WEEKDAYS_AM_PM,
      slotMinutes: 30,
      capacity: 4,
      cutoffMinutes: 120,
      status: 'active' as const,
      updatedAt: now,
    };
    const shared = { ...base, itemId: null, name: `${name}综合服务窗口`, location: `行政楼一楼 ${name}服务窗口` };
    windows.push({ id: await repo.insertWindow(tx, shared, now), ...shared });
    if (name === DEMO_DESK_DEPARTMENT) {
      const first = published.find((i) => i.departmentId === departmentId)!;
      const own = {
        ...base,
        itemId: first.id,
        name: `${first.name}专窗`,
        location: '学生事务中心 3 号窗口',
        capacity: 2,
        slotMinutes: 20,
      };
      windows.push({ id: await repo.insertWindow(tx, own, now), ...own });
    }
  }
  // Last week's slots and today's past ones (for attended and no-show bookings), then the coming two weeks.
  for (const w of windows) {
    await repo.insertSlots(
      tx,
      w.id,
      w.capacity,
      slotsFor(w.rules, w.slotMinutes, weekAgo, 8).filter((s) => s.endAt <= now),
    );
    await generateSlots(tx, w, now);
  }

  let n = 0;
  const bookAt = async (
    w: repo.WindowRecord,
    itemId: number,
    user: { id: number; phone: string | null },
    slot: repo.SlotRecord,
    status: 'booked' | 'attended' | 'no_show' | 'cancelled',
    note = '',
  ) => {
    if (status !== 'cancelled' && !(await repo.takeSeat(tx, slot.id))) return;
    await repo.insertBooking(tx, {
      slotId: slot.id,
      windowId: w.id,
      itemId,
      departmentId: w.departmentId,
      userId: user.id,
      slotStart: slot.startAt,
      slotEnd: slot.endAt,
      status,
      phone: user.phone ?? '',
      note,
      createdAt: Math.min(now, slot.startAt - 2 * DAY_MS),
    });
  };
  for (const w of windows) {
    const served = w.itemId
      ? published.filter((i) => i.id === w.itemId)
      : published.filter((i) => i.departmentId === w.departmentId);
    const past = (await repo.slotsOf(tx, [w.id], weekAgo, now)).filter((s) => s.endAt <= now);
    const coming = await repo.slotsOf(tx, [w.id], now + DAY_MS, now + 15 * DAY_MS);
    for (const [i, slot] of past.entries()) {
      if (i % 3) continue;
      const who = others[n++ % others.length]!;
      await bookAt(w, served[i % served.length]!.id, who, slot, i % 2 ? 'no_show' : 'attended');
    }
    for (const [i, slot] of coming.entries()) {
      if (i % 2) continue;
      const who = others[n++ % others.length]!;
      await bookAt(w, served[i % served.length]!.id, who, slot, i % 8 === 0 ? 'cancelled' : 'booked');
    }
    // One slot full, so the 已约满 answer is there to see.
    const full = coming[1];
    if (full)
      for (let k = 0; k < w.capacity; k++)
        await bookAt(w, served[0]!.id, others[(n + k) % others.length]!, (await repo.findSlot(tx, full.id))!, 'booked');
    n += w.capacity;
  }

  // The fixed student: an attended booking last week (to rate) and one coming up at 学生工作处.
  const desk =
    windows.find((w) => deptName.get(w.departmentId) === DEMO_DESK_DEPARTMENT && w.itemId === null) ?? windows[0]!;
  const deskItem = published.find((i) => i.departmentId === desk.departmentId)!;
  const pastDesk = (await repo.slotsOf(tx, [desk.id], weekAgo, now)).filter(
    (s) => s.endAt <= now && s.booked < s.capacity,
  );
  const comingDesk = (await repo.slotsOf(tx, [desk.id], now + DAY_MS, now + 15 * DAY_MS)).filter(
    (s) => s.booked < s.capacity,
  );
  if (pastDesk[0]) await bookAt(desk, deskItem.id, student, pastDesk[0], 'attended', '补办学生证');
  if (comingDesk[2]) await bookAt(desk, deskItem.id, student, comingDesk[2], 'booked', '带上身份证复印件');

  // The desk's staff member (the README's demo account for these pages).
  const staff = await tx
    .selectFrom('appUser')
    .select(['id', 'realName'])
    .where('departmentId', '=', desk.departmentId)
    .where('kind', '=', 'staff')
    .orderBy('userNo')
    .executeTakeFirst();
  const handler = staff ?? { id: student.id, realName: '' };

  // Call-backs: the student's pending one, and a closed one of another student.
  const cb = async (userId: number, userName: string, topic: string, detail: string, closed: boolean) => {
    const id = await repo.insertCallback(
      tx,
      {
        itemId: deskItem.id,
        departmentId: deskItem.departmentId,
        userId,
        topic,
        detail,
        phone: '13912345678',
        windowStart: now + 3600_000,
        windowEnd: now + DAY_MS,
      },
      now - (closed ? 2 * DAY_MS : 3600_000),
    );
    await repo.insertCallbackLog(tx, {
      callbackId: id,
      actorId: userId,
      actorName: userName,
      action: 'create',
      note: '',
      at: now - (closed ? 2 * DAY_MS : 3600_000),
    });
    if (closed) {
      await repo.updateCallback(
        tx,
        id,
        ['pending'],
        {
          status: 'closed',
          handlerId: handler.id,
          calledAt: now - DAY_MS,
          outcome: '已电话说明办理流程和所需材料，学生表示清楚。',
        },
        now - DAY_MS,
      );
      await repo.insertCallbackLog(tx, {
        callbackId: id,
        actorId: handler.id,
        actorName: handler.realName,
        action: 'close',
        note: '已电话说明办理流程和所需材料，学生表示清楚。',
        at: now - DAY_MS,
      });
    }
  };
  await cb(student.id, student.realName, `${deskItem.name}需要准备哪些材料`, '想确认是否需要辅导员签字。', false);
  if (others[0]) await cb(others[0].id, others[0].realName, `${deskItem.name}办理时间咨询`, '', true);

  // Permits of the permit items: the student's valid one and a revoked one of another student.
  const permitItems = (await listItemOptions(tx, { departmentIds: null, issuesPermit: true })).filter(
    (i) => i.status === 'published',
  );
  for (const [i, item] of permitItems.entries()) {
    const holder = i === 0 ? student : (others[i] ?? student);
    const id = await repo.insertPermit(tx, {
      itemId: item.id,
      departmentId: item.departmentId,
      holderId: holder.id,
      holderName: holder.realName,
      title: item.permitTitle || item.name,
      instanceId: null,
      code: newPermitCode(),
      issuedAt: now - (i + 1) * DAY_MS,
      issuedBy: null,
      validUntil: null,
    });
    if (i === 1 && id) await repo.revokePermit(tx, id, handler.id, '信息填写有误，已重新办理', now - 3600_000);
  }
};
