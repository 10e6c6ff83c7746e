import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { GroupRow, Overview, SuperviseScope, SupervisedTaskItem, TrendPoint } from '../contract';

/**
 * 效能督查 on the small demo: two of the workflow demo's open tasks are moved past their limit and
 * one close to it (a test fixture: the demo approves its requests in time), then each kind of reader
 * sees what their scope allows, urges, escalates and exports.
 */
const S = '/workflow/api/v1.supervise';
const HOUR = 3_600_000;

let app: TestApp;
let staffPlatform: number;
/** The overdue task of 王建国 (teacher, 计算机科学与技术学院) and of its college leader 张宇帆. */
let teacherTask: number;
let leaderTask: number;
let soonTask: number;

const get = (who: string, url: string) => app.injectAs(who, { method: 'GET', url }, staffPlatform);
const post = (who: string, url: string, payload: Record<string, unknown>) =>
  app.injectAs(who, { method: 'POST', url, payload, headers: { 'content-type': 'application/json' } }, staffPlatform);
const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;

async function userId(username: string) {
  return (await app.db.selectFrom('appUser').select('id').where('username', '=', username).executeTakeFirstOrThrow())
    .id;
}

beforeAll(async () => {
  app = await buildTestApp();
  const now = Date.now();
  staffPlatform = (
    await app.db.selectFrom('platform').select('id').where('name', '=', '教职工服务平台').executeTakeFirstOrThrow()
  ).id;
  // A school leader: staff (the staff platform's menu) plus the 校领导 role the module's seed made.
  const id = await createTestUser(app, { username: 'es_school_leader', password: 'Leader@2026', kind: 'staff' });
  const roles = await app.db
    .selectFrom('role')
    .select(['id', 'code'])
    .where('code', 'in', ['staff', 'school_leader'])
    .execute();
  await app.db
    .insertInto('userRole')
    .values(roles.map((r) => ({ userId: id, roleId: r.id })))
    .execute();

  const pending = await app.db
    .selectFrom('wfTask')
    .select(['id', 'assigneeId'])
    .where('status', '=', 'pending')
    .where('dueAt', 'is not', null)
    .orderBy('id')
    .execute();
  const teacher = await userId('teacher');
  const leader = await userId('20100003');
  teacherTask = pending.find((t) => t.assigneeId === teacher)!.id;
  leaderTask = pending.find((t) => t.assigneeId === leader)!.id;
  soonTask = pending.find((t) => t.id !== teacherTask && t.id !== leaderTask)!.id;
  await app.db
    .updateTable('wfTask')
    .set({ dueAt: now - 5 * HOUR })
    .where('id', '=', teacherTask)
    .execute();
  await app.db
    .updateTable('wfTask')
    .set({ dueAt: now - 30 * HOUR })
    .where('id', '=', leaderTask)
    .execute();
  await app.db
    .updateTable('wfTask')
    .set({ dueAt: now + 3 * HOUR })
    .where('id', '=', soonTask)
    .execute();
});
afterAll(async () => app?.close());

describe('who sees efficiency supervision', () => {
  it('a school leader sees every department: counts, lists, groups and the trend', async () => {
    const o = data<Overview>(await get('es_school_leader', `${S}/overview/`));
    expect(o).toMatchObject({ overdue: 2, dueSoon: 1 });
    expect(o.total).toBeGreaterThanOrEqual(3);
    expect(o.late).toBe(2);

    const scope = data<SuperviseScope>(await get('es_school_leader', `${S}/scope/`));
    expect(scope.all).toBe(true);
    expect(scope.departments.length).toBeGreaterThan(4);

    const list = data<{ list: SupervisedTaskItem[]; total: number }>(
      await get('es_school_leader', `${S}/tasks/?kind=overdue&page=1&pageSize=20`),
    );
    expect(list.total).toBe(2);
    // The most overdue first.
    expect(list.list.map((t) => t.id)).toEqual([leaderTask, teacherTask]);
    expect(list.list[0]).toMatchObject({ processName: expect.any(String), departmentName: '计算机科学与技术学院' });
    const soon = data<{ list: SupervisedTaskItem[] }>(
      await get('es_school_leader', `${S}/tasks/?kind=dueSoon&page=1&pageSize=20`),
    );
    expect(soon.list.map((t) => t.id)).toEqual([soonTask]);

    const byDept = data<GroupRow[]>(await get('es_school_leader', `${S}/groups/?by=department`));
    expect(byDept[0]).toMatchObject({ name: '计算机科学与技术学院', late: 2, openOverdue: 2 });
    expect(byDept[0]!.lateRate).toBeGreaterThan(0);
    const byPerson = data<GroupRow[]>(await get('es_school_leader', `${S}/groups/?by=person&sort=meanHours`));
    expect(byPerson.length).toBeGreaterThan(0);
    const byProcess = data<GroupRow[]>(await get('es_school_leader', `${S}/groups/?by=process`));
    expect(byProcess.reduce((n, g) => n + g.late, 0)).toBe(2);

    const trend = data<TrendPoint[]>(await get('es_school_leader', `${S}/trend/`));
    expect(trend.length).toBeGreaterThanOrEqual(30);
    expect(trend.reduce((n, p) => n + p.overdue, 0)).toBe(2);
  });

  it('a department leader sees their department only; another department is refused', async () => {
    const own = data<Overview>(await get('20100003', `${S}/overview/`));
    expect(own.overdue).toBe(2);
    const other = data<Overview>(await get('20190004', `${S}/overview/`));
    expect(other.overdue).toBe(0);
    const scope = data<SuperviseScope>(await get('20190004', `${S}/scope/`));
    expect(scope).toMatchObject({ all: false, departments: [{ name: '机械工程学院' }] });

    const dept = (
      await app.db
        .selectFrom('department')
        .select('id')
        .where('name', '=', '计算机科学与技术学院')
        .executeTakeFirstOrThrow()
    ).id;
    const asked = await get('20190004', `${S}/tasks/?kind=overdue&page=1&pageSize=20&departmentId=${dept}`);
    expect(asked.statusCode).toBe(403);
    expect(asked.json().errorCode).toBe(Codes.superviseNoScope);
    // The export refuses it before any file starts.
    const exported = await get('20190004', `${S}/export/?kind=overdue&departmentId=${dept}`);
    expect(exported.statusCode).toBe(403);
    expect(exported.json().errorCode).toBe(Codes.superviseNoScope);
  });

  it('staff who lead nothing are refused with a coded message; students cannot call at all', async () => {
    const res = await get('teacher', `${S}/overview/`);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe(Codes.superviseNoScope);
    const exp = await get('teacher', `${S}/export/?kind=overdue`);
    expect(exp.json().errorCode).toBe(Codes.superviseNoScope);
    const student = await app.injectAs('student', { method: 'GET', url: `${S}/overview/` });
    expect(student.statusCode).toBe(403);
  });

  it('refuses a period that ends before it starts', async () => {
    const res = await get('es_school_leader', `${S}/overview/?from=2000&to=1000`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe(Codes.superviseBadPeriod);
  });
});

describe('urging and escalation', () => {
  it("a leader of another department cannot urge or escalate this department's task (IDOR)", async () => {
    for (const url of [`${S}/urge/`, `${S}/escalate/`]) {
      const res = await post('20190004', url, { taskId: teacherTask });
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe(Codes.superviseTaskNotFound);
    }
    expect(
      await app.db.selectFrom('esEscalation').select('id').where('taskId', '=', teacherTask).executeTakeFirst(),
    ).toBeUndefined();
  });

  it("urging sends the assignee the engine's 催办 message once; a second urge at once is refused", async () => {
    const teacher = await userId('teacher');
    const res = await post('es_school_leader', `${S}/urge/`, { taskId: teacherTask });
    expect(res.json().errorCode).toBe(Codes.ok);
    const msgs = await app.db
      .selectFrom('message')
      .select(['title', 'kind', 'userId'])
      .where('kind', '=', 'urge')
      .execute();
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatchObject({ userId: teacher });
    expect(msgs[0]!.title).toMatch(/^催办：/);
    const again = await post('es_school_leader', `${S}/urge/`, { taskId: teacherTask });
    expect(again.statusCode).toBe(429);
    const list = data<{ list: SupervisedTaskItem[] }>(
      await get('es_school_leader', `${S}/tasks/?kind=overdue&page=1&pageSize=20`),
    );
    expect(list.list.find((t) => t.id === teacherTask)!.lastUrgedAt).not.toBeNull();
  });

  it("escalation tells the assignee's department leaders and is recorded; a task not yet overdue is refused", async () => {
    const res = await post('es_school_leader', `${S}/escalate/`, { taskId: teacherTask, note: '请尽快督促办理' });
    expect(res.json().errorCode).toBe(Codes.ok);
    const leaders = data<{ leaders: string[] }>(res).leaders;
    expect(leaders.sort()).toEqual(['张宇帆', '张杰远'].sort());
    const notices = await app.db
      .selectFrom('message')
      .select(['userId', 'body'])
      .where('kind', '=', 'notice')
      .where('title', 'like', '督办上报%')
      .execute();
    expect(notices).toHaveLength(2);
    expect(notices[0]!.body).toContain('请尽快督促办理');
    const list = data<{ list: SupervisedTaskItem[] }>(
      await get('20100003', `${S}/tasks/?kind=overdue&page=1&pageSize=20`),
    );
    expect(list.list.find((t) => t.id === teacherTask)!.escalatedTo).toContain('张宇帆');

    // The leader's own overdue task goes to the other leader of the college, never to himself.
    const own = await post('es_school_leader', `${S}/escalate/`, { taskId: leaderTask });
    expect(data<{ leaders: string[] }>(own).leaders).toEqual(['张杰远']);

    const early = await post('es_school_leader', `${S}/escalate/`, { taskId: soonTask });
    expect(early.statusCode).toBe(409);
    expect(early.json().errorCode).toBe(Codes.superviseNotOverdue);
  });

  it('exports the overdue list as a streamed .xlsx', async () => {
    const res = await get('es_school_leader', `${S}/export/?kind=overdue`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    // An .xlsx is a zip: "PK".
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
