import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { seedDemo } from '@/server/db/seed';
import { RESERVATION_CATEGORY } from '../../components/labels';
import type { TaskListItem } from '../../contract';
import { expectOk, T } from '../test-support';
import { DEMO_FORM_NAMES } from './forms';
import { DEMO_REQUESTS } from './requests';
import { weekdaysBefore } from '.';

/** The demo's everyday business, as a demo start (the full seed) makes it through the engines. */
describe("the demo university's forms, processes and requests", () => {
  let app: TestApp;
  const now = Date.now(); // the seed's own clock is a moment later: every time it writes is before it anyway
  const list = async (username: string, query: string) =>
    (await expectOk(await app.injectAs(username, { method: 'GET', url: `${T}/list/?pageSize=100&${query}` }))) as {
      list: TaskListItem[];
      total: number;
    };

  beforeAll(async () => {
    app = await buildTestApp({ seed: 'none' });
    await seedDemo(app.db, { size: 'full', catalog: app.modules });
  }, 180_000);
  afterAll(async () => {
    await app.close();
  });

  it('publishes every named form with its process', async () => {
    const forms = await app.db
      .selectFrom('form as f')
      .innerJoin('wfProcess as p', 'p.formId', 'f.id')
      .select(['f.name', 'f.status', 'f.category', 'p.status as processStatus'])
      .where('f.name', 'in', Object.values(DEMO_FORM_NAMES))
      .execute();
    expect(forms.map((f) => f.name).sort()).toEqual(Object.values(DEMO_FORM_NAMES).sort());
    expect(forms.every((f) => f.status === 'published' && f.processStatus === 'published')).toBe(true);
    expect(
      forms
        .filter((f) => f.category === RESERVATION_CATEGORY)
        .map((f) => f.name)
        .sort(),
    ).toEqual(['会议室预约', '公务用车'].sort());
  });

  it('leaves requests in every state, with change requests, transfers, delegations, copies and revisions', async () => {
    const instances = await app.db
      .selectFrom('wfInstance as i')
      .innerJoin('form as f', 'f.id', 'i.formId')
      .select(['i.id', 'i.status', 'i.kind', 'i.startedAt', 'i.endedAt'])
      .where('f.name', 'in', Object.values(DEMO_FORM_NAMES))
      .execute();
    const edits = DEMO_REQUESTS.flatMap((r) => r.steps ?? []).filter((s) => s.act === 'applyEdit').length;
    expect(instances).toHaveLength(DEMO_REQUESTS.length + edits);
    expect(new Set(instances.map((i) => i.status))).toEqual(
      new Set(['running', 'returned', 'approved', 'rejected', 'withdrawn', 'terminated']),
    );
    expect(
      instances
        .filter((i) => i.kind === 'edit')
        .map((i) => i.status)
        .sort(),
    ).toEqual(['approved', 'running']);
    const ids = instances.map((i) => i.id);
    const tasks = await app.db.selectFrom('wfTask').selectAll().where('instanceId', 'in', ids).execute();
    expect(tasks.some((t) => t.status === 'transferred')).toBe(true);
    expect(tasks.some((t) => t.delegatedFrom !== null)).toBe(true);
    // Some waiting tasks are past their node's time limit: the lists mark them overdue.
    expect(tasks.some((t) => t.status === 'pending' && t.dueAt !== null && Number(t.dueAt) < now)).toBe(true);
    expect(await app.db.selectFrom('wfCopy').select('id').where('instanceId', 'in', ids).execute()).not.toHaveLength(0);
    const revisions = await app.db
      .selectFrom('wfSubmissionRevision')
      .select('reason')
      .where('instanceId', 'in', ids)
      .execute();
    expect([...new Set(revisions.map((r) => r.reason))]).toEqual(
      expect.arrayContaining(['resubmit', 'approverEdit', 'edit']),
    );

    // Every history in time order, all before the seed, every handled task at its own history entry.
    const history = await app.db
      .selectFrom('wfHistory')
      .selectAll()
      .where('instanceId', 'in', ids)
      .orderBy('id')
      .execute();
    for (const i of instances) {
      const times = history.filter((h) => h.instanceId === i.id).map((h) => Number(h.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Math.max(...times)).toBeLessThan(now);
      if (i.endedAt !== null) expect(Number(i.endedAt)).toBeLessThan(now);
    }
    for (const t of tasks.filter((x) => x.status === 'approved' || x.status === 'rejected'))
      expect(history.some((h) => h.instanceId === t.instanceId && Number(h.at) === Number(t.handledAt))).toBe(true);
    expect([...new Set(history.map((h) => h.action))]).toEqual(
      expect.arrayContaining(['urge', 'comment', 'transfer', 'resubmit', 'withdraw', 'terminate', 'applyEdit']),
    );
  });

  it("fills each demo account's approval centre", async () => {
    const wfq = await list('teacher', 'type=wfq');
    expect(new Set(wfq.list.map((t) => t.instanceStatus))).toEqual(
      new Set(['running', 'returned', 'approved', 'withdrawn']),
    );
    const dsp = await list('teacher', 'type=dsp');
    expect(dsp.total).toBeGreaterThanOrEqual(5);
    expect((await list('teacher', 'type=ysp')).total).toBeGreaterThanOrEqual(10);
    // A colleague's short leave names the teacher as the one taking over: copied to him.
    expect((await list('teacher', 'type=cswd')).list.map((c) => c.title).join()).toContain('请假申请');

    const student = await list('student', 'type=wfq');
    expect(new Set(student.list.map((t) => t.instanceStatus))).toEqual(
      new Set(['running', 'returned', 'approved', 'rejected', 'withdrawn']),
    );

    // 预约审批: the booking requests waiting for 后勤保障处 (its first staff member, the README's account).
    const logistics = await app.db
      .selectFrom('appUser as u')
      .innerJoin('department as d', 'd.id', 'u.departmentId')
      .select('u.username')
      .where('d.code', '=', 'B04')
      .where('u.kind', '=', 'staff')
      .orderBy('u.userNo')
      .executeTakeFirstOrThrow();
    expect(logistics.username).toBe('19910267');
    const bookingForms = (
      await app.db.selectFrom('form').select('id').where('category', '=', RESERVATION_CATEGORY).execute()
    ).map((f) => f.id);
    const bookings = await list(logistics.username, `type=dsp&category=${encodeURIComponent(RESERVATION_CATEGORY)}`);
    expect(bookings.total).toBeGreaterThanOrEqual(4);
    expect(bookings.list.every((t) => bookingForms.includes(t.formId))).toBe(true);
    // A change request of an approved booking waits there too.
    expect(bookings.list.some((t) => t.kind === 'edit')).toBe(true);
  });

  it('has read the approval messages of weeks ago and keeps the last two weekdays’ unread', async () => {
    const edge = weekdaysBefore(now, 2, '00:00');
    // The messages about these requests (other modules' demo seeds send their own, later).
    const instanceIds = new Set(
      (
        await app.db
          .selectFrom('wfInstance as i')
          .innerJoin('form as f', 'f.id', 'i.formId')
          .select('i.id')
          .where('f.name', 'in', Object.values(DEMO_FORM_NAMES))
          .execute()
      ).map((i) => i.id),
    );
    const taskIds = new Set(
      (await app.db.selectFrom('wfTask').select(['id', 'instanceId']).execute())
        .filter((t) => instanceIds.has(t.instanceId))
        .map((t) => t.id),
    );
    const ours = (link: string) => {
      const m = /[?&](taskId|instanceId)=(\d+)/.exec(link);
      return !!m && (m[1] === 'taskId' ? taskIds : instanceIds).has(Number(m[2]));
    };
    const msgs = (
      await app.db
        .selectFrom('message')
        .select(['createdAt', 'readAt', 'link'])
        .where('kind', 'in', ['task', 'result', 'copy', 'urge'])
        .execute()
    ).filter((m) => ours(m.link));
    expect(msgs.length).toBeGreaterThan(50);
    expect(msgs.filter((m) => Number(m.createdAt) < edge && m.readAt === null)).toEqual([]);
    expect(msgs.some((m) => Number(m.createdAt) >= edge && m.readAt === null)).toBe(true);
  });
});
