import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { mulberry32, type Rng } from '@/server/db/seed/prng';
import type { Tx } from '@/server/db/seed/batch';
import { findFormIdByName } from '@/modules/forms/server/commands/find-form-by-name';
import { LEAVE_FORM_NAME } from '@/modules/forms/server/commands/demo-leave-form';
import { recordSubmission } from '@/modules/forms/server/commands/record-submission';
import {
  approveTask,
  endedInstancesOf,
  pendingTasksOfInstance,
  publishedProcessesOfForm,
  startProcessInstance,
} from '@/modules/workflow/server/commands/instances';
import {
  canSeeItem,
  getServiceItem,
  itemForProcess,
  type ServiceItemRef,
} from '@/modules/service-hall/server/commands/items';
import { endedBookingsOf } from '@/modules/service-booking/server/commands/bookings';
import { DEFAULT_RECTIFY_DAYS, isBadLevel, type SubjectKind } from '../contract';
import * as repo from './repository';
import { monthOf } from './service';

const DAY = 24 * 3600_000;
/** 李明轩, the fixed demo student (README). */
const DEMO_STUDENT_NO = '20230101101';
const HOUR = 3600_000;

/** Labels per level (managed in the back office's 评价标签). */
export const DEMO_LABELS: Record<number, string[]> = {
  5: ['办理高效', '服务热情', '指引清晰', '一次办成'],
  4: ['流程顺畅', '态度友好', '材料要求明确'],
  3: ['基本满足需求', '等待时间略长'],
  2: ['办理耗时长', '指引不清楚', '多次提交材料'],
  1: ['推诿拖延', '态度生硬', '结果未告知'],
};

/** Comments per kind (an online application's approval, a booked visit to a window) and level. */
const COMMENTS: Record<SubjectKind, Record<number, string[]>> = {
  instance: {
    5: [
      '线上提交后很快就审批完了，不用跑腿，点赞！',
      '辅导员当天就批了，非常及时。',
      '全程网上办理，进度随时能查。',
      '',
    ],
    4: ['整体顺利，审批节点有消息提醒。', '流程清楚，就是学院审批稍慢。', ''],
    3: ['能办成，但等了两天才有结果。', '希望审批进度能更透明一些。', ''],
    2: ['审批时间比承诺的时限长，希望能加快。', '材料被退回了一次，但没说清楚哪里不对。'],
    1: ['提交后三天没人处理，打电话也没人接。', '申请结果一直没有通知，耽误了行程。'],
  },
  booking: {
    5: ['按预约时间到窗口，几分钟就办好了。', '工作人员很耐心，一次就办成。', ''],
    4: ['预约很方便，现场稍微等了一会儿。', '窗口指引清楚，材料一次带齐。', ''],
    3: ['到了还要排队，预约的意义不大。', '能办成，但窗口只开了一个。', ''],
    2: ['预约时段到了窗口没人，等了二十分钟。', '现场要求的材料和指南上写的不一样。'],
    1: ['按预约到场却被告知系统故障，白跑一趟。', '工作人员态度生硬，问题没有解决。'],
  },
};

/** Weighted levels: most people are satisfied, a few are not. */
function pickLevel(rng: Rng): number {
  const x = rng.next();
  return x < 0.45 ? 5 : x < 0.75 ? 4 : x < 0.87 ? 3 : x < 0.95 ? 2 : 1;
}

const dateOf = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);

const LEAVE_REASONS: { kind: string; reason: string; otherKind?: string }[] = [
  { kind: 'sick', reason: '感冒发烧，需在校医院就诊休息。' },
  { kind: 'personal', reason: '家中有事，需回家处理。' },
  { kind: 'other', reason: '参加全国大学生数学建模竞赛。', otherKind: '竞赛' },
  { kind: 'personal', reason: '参加亲属婚礼。' },
  { kind: 'sick', reason: '肠胃不适，遵医嘱休息。' },
  { kind: 'other', reason: '赴外地参加企业实习面试。', otherKind: '面试' },
];

/**
 * More 学生请假 requests over the last five months, run through the real process (submission, the
 * counsellor's and the college's approvals) so the ratings below rate real, ended applications.
 */
async function runLeaveRequests(tx: Tx, rng: Rng, now: number): Promise<void> {
  const form = await findFormIdByName(tx, LEAVE_FORM_NAME);
  if (!form || form.latestVersion === null) return;
  const process = (await publishedProcessesOfForm(tx, Number(form.id)))[0];
  if (!process || !(await itemForProcess(tx, process.id))) return;
  const students = await tx
    .selectFrom('appUser as u')
    .leftJoin('department as d', 'd.id', 'u.departmentId')
    .select(['u.id', 'u.realName', 'u.userNo', 'u.phone', 'd.name as department'])
    .where('u.kind', '=', 'student')
    .orderBy('u.id')
    .limit(400)
    .execute();
  const demo = students.find((s) => s.userNo === DEMO_STUDENT_NO);
  const others = students.filter((s) => s !== demo);
  if (!others.length) return;
  // The demo student's two older requests (rated below), then others': four ended in the last days, the rest over five months.
  const plan: { s: (typeof students)[number]; at: number }[] = demo
    ? [40, 20].map((d) => ({ s: demo, at: now - d * DAY }))
    : [];
  // Sixty in the full university; a handful in the small (test) one, where every test app pays for them.
  const count = others.length >= 100 ? 60 : 8;
  for (let i = 0; i < count; i++)
    plan.push({
      s: others[(i * 7) % others.length]!,
      at: now - (i < 4 ? rng.int(2, 4) * DAY : rng.int(6, 150) * DAY) - rng.int(0, 10) * HOUR,
    });
  const people = new Map<number, { name: string; isAdmin: boolean }>();
  for (const { s, at } of plan) {
    const start = at + DAY;
    const days = rng.int(1, 3);
    const r = rng.pick(LEAVE_REASONS);
    const sub = await recordSubmission(tx, {
      formId: Number(form.id),
      version: Number(form.latestVersion),
      submitterId: s.id,
      at,
      values: {
        name: s.realName,
        studentNo: s.userNo,
        college: s.department ?? '',
        phone: s.phone && /^1\d{10}$/.test(s.phone) ? s.phone : '13800000000',
        kind: r.kind,
        period: `${dateOf(start)}至${dateOf(start + (days - 1) * DAY)}`,
        days,
        leaveSchool: rng.chance(0.5),
        reason: r.reason,
        ...(r.otherKind ? { otherKind: r.otherKind } : {}),
      },
    });
    const instanceId = await startProcessInstance(
      tx,
      { processId: process.id, submissionId: sub.id, applicantId: s.id },
      at,
    );
    let step = at;
    // Approve every pending task by its assignee until the request ends (a handful of nodes).
    // One task at a time: an 'any' node cancels its other tasks when one approves.
    for (let guard = 0; guard < 10; guard++) {
      const t = (await pendingTasksOfInstance(tx, instanceId))[0];
      if (!t) break;
      {
        if (!people.has(t.assigneeId)) {
          const u = await tx
            .selectFrom('appUser')
            .select(['realName', 'isAdmin'])
            .where('id', '=', t.assigneeId)
            .executeTakeFirstOrThrow();
          people.set(t.assigneeId, { name: u.realName, isAdmin: u.isAdmin === 1 });
        }
        const who = people.get(t.assigneeId)!;
        step += rng.int(1, 12) * HOUR;
        await approveTask(
          tx,
          { userId: t.assigneeId, name: who.name, isAdmin: who.isAdmin },
          { taskId: t.taskId, comment: '同意' },
          Math.min(step, now - 2 * HOUR),
        );
      }
    }
  }
}

interface Subject {
  kind: SubjectKind;
  refId: number;
  userId: number;
  item: ServiceItemRef;
  title: string;
  endedAt: number;
  demoStudent: boolean;
}

/** Every ended application of a service item and every ended booking, of every student and staff member. */
async function endedSubjects(tx: Tx, now: number): Promise<Subject[]> {
  const users = await tx
    .selectFrom('appUser')
    .select(['id', 'username'])
    .where('kind', 'in', ['student', 'staff'])
    .orderBy('id')
    .execute();
  const itemOfProcess = new Map<number, ServiceItemRef | null>();
  const items = new Map<number, ServiceItemRef | null>();
  const out: Subject[] = [];
  for (const u of users) {
    const demoStudent = u.username === 'student';
    for (const inst of await endedInstancesOf(tx, u.id, { endedSince: now - 200 * DAY, limit: 50 })) {
      if (inst.endedAt === null) continue;
      if (!itemOfProcess.has(inst.processId))
        itemOfProcess.set(inst.processId, await itemForProcess(tx, inst.processId));
      const item = itemOfProcess.get(inst.processId);
      if (item)
        out.push({
          kind: 'instance',
          refId: inst.id,
          userId: u.id,
          item,
          title: inst.title || item.name,
          endedAt: inst.endedAt,
          demoStudent,
        });
    }
    const bookings = await endedBookingsOf(tx, u.id, { page: 1, pageSize: 50 }, now);
    for (const b of bookings.list) {
      if (b.status !== 'attended' && !(b.status === 'booked' && b.slotEnd <= now)) continue;
      if (!items.has(b.itemId)) items.set(b.itemId, await getServiceItem(tx, b.itemId));
      const item = items.get(b.itemId);
      if (item)
        out.push({
          kind: 'booking',
          refId: b.id,
          userId: u.id,
          item,
          title: `${item.name}（预约办理）`,
          endedAt: b.slotEnd,
          demoStudent,
        });
    }
  }
  return out;
}

type Fate = 'open' | 'replied' | 'overdue' | 'closed';

/**
 * 好差评's demo: labels for every level; ratings of most ended applications and bookings (all five
 * levels, over the last months); every 差评 with its rectification — one open, one answered and
 * waiting for the return visit, one overdue, the older ones closed after a return visit. The demo
 * student keeps their newest ended requests to rate (我的待评价) and sees a department's answer.
 */
export const demoSeed: DemoSeed = async ({ tx, now }) => {
  const rng = mulberry32(20261117);
  const labels = new Map<number, string[]>();
  for (const [level, names] of Object.entries(DEMO_LABELS)) {
    labels.set(Number(level), names);
    for (const [i, name] of names.entries())
      await repo.insertLabel(tx, { level: Number(level), name, sort: (i + 1) * 10, enabled: true }, now);
  }

  await runLeaveRequests(tx, rng, now);
  const subjects = (await endedSubjects(tx, now))
    // The demo student's requests of the last three days stay to be rated.
    .filter((s) => !(s.demoStudent && s.endedAt > now - 3 * DAY))
    .filter(() => rng.chance(0.9))
    // Rated some hours after the end, never in the future: recent ones spread over the last hours.
    .map((s) => ({
      ...s,
      ratedAt: Math.min(
        now - 60_000,
        Math.max(s.endedAt + 5 * 60_000, Math.min(s.endedAt + rng.int(1, 48) * HOUR, now - rng.int(10, 600) * 60_000)),
      ),
    }))
    .sort((a, b) => b.ratedAt - a.ratedAt || b.refId - a.refId);
  if (!subjects.length) return;

  // Fixed fates so every state is on show, whatever the random levels: the newest two 差评 of others
  // are open and answered, an older one overdue, the next closed; the demo student's answered.
  const fate = new Map<(typeof subjects)[number], { level: number; fate: Fate }>();
  const others = subjects.filter((s) => !s.demoStudent);
  const recent = others.filter((s) => s.ratedAt > now - (DEFAULT_RECTIFY_DAYS - 2) * DAY);
  const old = others.filter((s) => s.ratedAt < now - (DEFAULT_RECTIFY_DAYS + 3) * DAY);
  const student = subjects.find((s) => s.demoStudent);
  if (recent[0]) fate.set(recent[0], { level: 1, fate: 'open' });
  if (recent[1]) fate.set(recent[1], { level: 2, fate: 'replied' });
  if (old[0]) fate.set(old[0], { level: 1, fate: 'overdue' });
  if (old[1]) fate.set(old[1], { level: 2, fate: 'closed' });
  if (student) fate.set(student, { level: 2, fate: 'replied' });

  for (const s of subjects) {
    const fixed = fate.get(s);
    const level = fixed?.level ?? pickLevel(rng);
    const pool = labels.get(level) ?? [];
    const chosen = pool.filter(() => rng.chance(0.35)).slice(0, 2);
    const id = await repo.insertEvaluation(tx, {
      kind: s.kind,
      refId: s.refId,
      itemId: s.item.id,
      itemName: s.item.name,
      departmentId: s.item.departmentId,
      departmentName: s.item.departmentName,
      userId: s.userId,
      title: s.title,
      itemPublic: await canSeeItem(tx, null, s.item.id),
      level,
      labels: chosen.length || !pool.length ? chosen : [pool[0]!],
      comment: fixed ? COMMENTS[s.kind][level]![0]! : rng.pick(COMMENTS[s.kind][level]!),
      anonymous: !s.demoStudent && rng.chance(0.15),
      month: monthOf(s.ratedAt),
      createdAt: s.ratedAt,
    });
    await repo.markRated(
      tx,
      {
        kind: s.kind,
        refId: s.refId,
        userId: s.userId,
        itemId: s.item.id,
        itemName: s.item.name,
        departmentId: s.item.departmentId,
        departmentName: s.item.departmentName,
        title: s.title,
        endedAt: s.endedAt,
        evaluationId: null,
      },
      id,
    );
    if (level >= 4 && rng.chance(0.1))
      await repo.replyEvaluation(tx, id, {
        reply: '感谢您的肯定，我们会继续提升服务质量。',
        repliedAt: Math.min(s.ratedAt + DAY, now),
        repliedByName: '系统管理员',
      });
    if (!isBadLevel(level)) continue;

    const deadline = s.ratedAt + DEFAULT_RECTIFY_DAYS * DAY;
    const f: Fate = fixed?.fate ?? (deadline > now ? 'open' : 'closed');
    const rid = await repo.insertRectification(tx, {
      evaluationId: id,
      itemId: s.item.id,
      departmentId: s.item.departmentId,
      deadline,
      createdAt: s.ratedAt,
    });
    if (f === 'overdue') {
      await repo.flagOverdue(tx, [rid], deadline + 30 * 60_000);
      continue;
    }
    if (f === 'open') continue;
    const repliedAt = Math.min(s.ratedAt + rng.int(4, 72) * HOUR, now - 5 * 60_000);
    await repo.updateRectification(tx, rid, 'open', {
      status: 'replied',
      reply:
        '您好，已核实情况：审批节点人员外出导致处理延迟。我们已调整为每日集中处理并开启超时提醒，给您带来不便深表歉意。',
      repliedAt,
      repliedByName: `${s.item.departmentName}`,
    });
    if (f === 'replied') continue;
    const visitedAt = Math.min(repliedAt + rng.int(24, 72) * HOUR, now - 60_000);
    await repo.updateRectification(tx, rid, 'replied', {
      status: 'closed',
      visitResult: '电话回访，申请人表示问题已解决，认可整改措施。',
      visitSatisfied: rng.chance(0.85) ? 1 : 0,
      visitedAt,
      closedAt: visitedAt,
    });
  }
};
