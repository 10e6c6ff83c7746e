import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { FORM_SCHEMA_FORMAT, type FormSchema } from '@/shared/forms/schema';
import { createDataTable } from '@/modules/data-tables/server/commands/create-data-table';
import { listRows } from '@/modules/data-tables/server/commands/list-rows';
import { writeRows } from '@/modules/data-tables/server/commands/write-rows';
import { publishedForm } from '@/modules/forms/server/testing';
import { approvalNode, flow, line } from '@/modules/workflow/server/testing';
import type {
  ApproveItem,
  CollabProgress,
  FillAnswer,
  FillView,
  MineItem,
  ProgressItem,
  PublishPreview,
  TaskSaveBody,
} from '../contract';
import { userPlatforms } from '@/server/identity/menus';
import { sendDueReminders } from './jobs';

const TASK = '/data/api/v1.acquisition';
const FILL = '/data/api/v1.acquisitionFill';
const APPROVE = '/data/api/v1.fillApprove';

const schema = (): FormSchema => ({
  format: FORM_SCHEMA_FORMAT,
  sections: [
    {
      id: 's',
      title: '',
      columns: 1,
      fields: [
        { id: 'no', type: 'text', label: '学号', required: true },
        { id: 'city', type: 'text', label: '返乡城市', required: true },
        { id: 'days', type: 'number', label: '在家天数' },
        { id: 'leave', type: 'date', label: '离校日期' },
      ],
    },
  ],
  rules: [],
});

type Page<T> = { list: T[]; total: number };
const DAY = 24 * 3600_000;

describe('data collection tasks, fills, approval and writing', () => {
  let app: TestApp;
  let formId: number;
  let tableId: number;
  let flowFormId: number;
  let processId: number;
  const ids: Record<string, number> = {};
  const platforms: Record<string, number> = {};
  let otherStaff = '';

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['teacher', 'student', 'admin'])
      ids[u] = (await app.db.selectFrom('appUser').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
    for (const u of ['s1', 's2']) ids[u] = await createTestUser(app, { username: u, password: 'Stud@2026x' });
    // Owners act on the staff platform (their menus hold the task pages); another staff member for the owner check.
    const staffPlatform = async (id: number) =>
      (await userPlatforms(app.db, id)).find((p) => p.name === '教职工服务平台')!.id;
    platforms.teacher = await staffPlatform(ids.teacher!);
    const other = await app.db
      .selectFrom('appUser')
      .select(['id', 'username'])
      .where('kind', '=', 'staff')
      .where('username', '!=', 'teacher')
      .orderBy('id')
      .execute();
    for (const o of other) {
      const p = (await userPlatforms(app.db, o.id)).find((x) => x.name === '教职工服务平台');
      if (p) {
        otherStaff = o.username;
        platforms[o.username] = p.id;
        break;
      }
    }
    formId = await publishedForm(app, { schema: schema() });
    ({ formId: flowFormId, processId } = await flow(app, line([approvalNode('a', [ids.teacher!])]), schema()));
    const def = await app.db.transaction().execute((trx) =>
      createDataTable(
        app,
        trx,
        {
          code: `acq_home_${Math.random().toString(36).slice(2, 7)}`,
          name: '返乡信息',
          description: '',
          fields: [
            {
              name: 'student_no',
              label: '学号',
              type: 'string',
              required: true,
              indexed: true,
              visibility: 'all',
              description: '',
              sort: 1,
            },
            {
              name: 'city',
              label: '返乡城市',
              type: 'string',
              required: true,
              indexed: false,
              visibility: 'all',
              description: '',
              sort: 2,
            },
            {
              name: 'days',
              label: '在家天数',
              type: 'integer',
              required: false,
              indexed: false,
              visibility: 'all',
              description: '',
              sort: 3,
            },
            {
              name: 'leave_on',
              label: '离校日期',
              type: 'date',
              required: false,
              indexed: false,
              visibility: 'all',
              description: '',
              sort: 4,
            },
          ],
          uniqueKey: ['student_no'],
          ownerDepartmentId: null,
          scopeField: null,
        },
        ids.teacher!,
      ),
    );
    tableId = def.id;
  });
  afterAll(async () => app.close());

  const post = (who: string, url: string, body: unknown) =>
    app.injectAs(
      who,
      { method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
      platforms[who] ?? null,
    );
  const get = (who: string, url: string) => app.injectAs(who, { method: 'GET', url }, platforms[who] ?? null);
  const data = async <T>(res: { json(): { errorCode: string; message: string; data: unknown } }): Promise<T> => {
    const b = res.json();
    expect(b.errorCode, b.message).toBe(Codes.ok);
    return b.data as T;
  };
  const base = (over: Partial<TaskSaveBody> = {}): TaskSaveBody => ({
    title: '返乡信息采集',
    description: '',
    formId,
    fillers: { kind: 'people', userIds: [ids.s1!, ids.s2!] },
    deadline: Date.now() + 7 * DAY,
    reminders: [24],
    tableId,
    mapping: [
      { from: 'no', to: 'student_no' },
      { from: 'city', to: 'city' },
      { from: 'days', to: 'days' },
      { from: 'leave', to: 'leave_on' },
    ],
    keyFields: ['student_no'],
    processId: null,
    reviewWrite: false,
    collaborative: false,
    collaborators: [],
    ...over,
  });
  const publish = async (over: Partial<TaskSaveBody> = {}) => {
    const { id } = await data<{ id: number }>(await post('teacher', `${TASK}/save/`, base(over)));
    await data(await post('teacher', `${TASK}/publish/`, { id }));
    return id;
  };
  const mineOf = async (who: string, taskId: number) =>
    (await data<Page<MineItem>>(await get(who, `${FILL}/mine/?page=1&pageSize=50`))).list.filter(
      (m) => m.taskId === taskId,
    );
  const rowsWhere = async (no: string) =>
    (await listRows(app, app.db, tableId, { page: 1, pageSize: 10, where: { student_no: no } })).list;

  it('publishes to people, departments, roles and table rows, one assignment each', async () => {
    const people = await publish();
    expect(await mineOf('s1', people)).toHaveLength(1);
    expect(await mineOf('student', people)).toHaveLength(0);

    const student = await app.db
      .selectFrom('appUser')
      .select('departmentId')
      .where('id', '=', ids.student!)
      .executeTakeFirstOrThrow();
    const dept = await publish({ fillers: { kind: 'departments', departmentIds: [student.departmentId!] } });
    expect(await mineOf('student', dept)).toHaveLength(1);

    const roles = await publish({ fillers: { kind: 'roles', roleCodes: ['counsellor'] } });
    expect(await mineOf('teacher', roles)).toHaveLength(1);
    expect(await mineOf('student', roles)).toHaveLength(0);

    // One record per row: the rows name their filler by 学号; the target table's values prefill the form.
    await app.db.transaction().execute((trx) =>
      writeRows(
        app,
        trx,
        tableId,
        [
          { student_no: 's1', city: '长沙' },
          { student_no: 'nobody', city: '无' },
        ],
        {
          actorId: null,
          source: 'edit',
        },
      ),
    );
    const { id: rowsTask } = await data<{ id: number }>(
      await post(
        'teacher',
        `${TASK}/save/`,
        base({ fillers: { kind: 'rows', tableId, userField: 'student_no', labelField: 'student_no' } }),
      ),
    );
    const preview = await data<PublishPreview>(await get('teacher', `${TASK}/preview/?id=${rowsTask}`));
    expect(preview).toMatchObject({ records: 1, people: 1, problems: [] });
    await data(await post('teacher', `${TASK}/publish/`, { id: rowsTask }));
    const [mine] = await mineOf('s1', rowsTask);
    expect(mine!.recordLabel).toBe('s1');
    const view = await data<FillView>(await get('s1', `${FILL}/open/?assignmentId=${mine!.assignmentId}`));
    expect(view.values).toMatchObject({ no: 's1', city: '长沙' });
  });

  it('fills: a draft, then a submit written into the table; nothing twice', async () => {
    const task = await publish();
    const [a] = await mineOf('s2', task);
    const saved = await data<FillAnswer>(
      await post('s2', `${FILL}/save/`, { assignmentId: a!.assignmentId, values: { city: '武汉' } }),
    );
    expect(saved).toMatchObject({ part: 'draft', recordState: 'draft' });
    const bad = (
      await post('s2', `${FILL}/submit/`, { assignmentId: a!.assignmentId, values: { city: '武汉' } })
    ).json();
    expect(bad.errorCode).toBe(Codes.inputError);
    expect(bad.data.fields.map((f: { field: string }) => f.field)).toEqual(['no']);
    const done = await data<FillAnswer>(
      await post('s2', `${FILL}/submit/`, {
        assignmentId: a!.assignmentId,
        values: { no: 's2', city: '武汉', days: 20, leave: '2027-01-15' },
      }),
    );
    expect(done.recordState).toBe('written');
    expect(await rowsWhere('s2')).toMatchObject([{ student_no: 's2', city: '武汉', days: 20, leave_on: '2027-01-15' }]);
    const again = await post('s2', `${FILL}/submit/`, {
      assignmentId: a!.assignmentId,
      values: { no: 's2', city: '北京' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe(Codes.acquisitionWrongState);
    const records = await data<Page<MineItem>>(await get('s2', `${FILL}/records/?page=1&pageSize=20`));
    expect(records.list.find((r) => r.taskId === task)?.recordState).toBe('written');
  });

  it('only the assignee fills, only the owner manages', async () => {
    const task = await publish();
    const [a] = await mineOf('s1', task);
    expect((await get('s2', `${FILL}/open/?assignmentId=${a!.assignmentId}`)).statusCode).toBe(404);
    expect(
      (await post('s2', `${FILL}/submit/`, { assignmentId: a!.assignmentId, values: { no: 'x', city: 'y' } }))
        .statusCode,
    ).toBe(404);
    expect((await get('student', `${TASK}/detail/?id=${task}`)).statusCode).toBe(403);
    expect(otherStaff).not.toBe('');
    expect((await get(otherStaff, `${TASK}/detail/?id=${task}`)).statusCode).toBe(403);
    expect((await post(otherStaff, `${TASK}/remind/`, { id: task })).statusCode).toBe(403);
    const progress = await data<Page<ProgressItem>>(
      await get('teacher', `${TASK}/progress/?id=${task}&page=1&pageSize=20&state=unfilled`),
    );
    expect(progress.total).toBe(2);
    const reminded = await data<{ people: number }>(await post('teacher', `${TASK}/remind/`, { id: task }));
    expect(reminded.people).toBe(2);
    const xlsx = await get('teacher', `${TASK}/export/?id=${task}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('refuses bad settings and rows the table refuses, with codes and nothing written', async () => {
    const badMap = await post(
      'teacher',
      `${TASK}/save/`,
      base({ mapping: [{ from: 'no', to: 'nope' }], keyFields: [] }),
    );
    expect(badMap.statusCode).toBe(400);
    expect(badMap.json().data).toEqual({ field: 'mapping' });
    const badProcess = await post('teacher', `${TASK}/save/`, base({ processId }));
    expect(badProcess.json().data).toEqual({ field: 'processId' });
    const past = await data<{ id: number }>(
      await post('teacher', `${TASK}/save/`, base({ deadline: Date.now() - 1000 })),
    );
    expect((await post('teacher', `${TASK}/publish/`, { id: past.id })).statusCode).toBe(400);

    // The table wants an integer; the form's text goes to it: the submit is refused whole.
    const task = await publish({
      mapping: [
        { from: 'no', to: 'student_no' },
        { from: 'city', to: 'days' },
      ],
    });
    const [a] = await mineOf('s1', task);
    const res = await post('s1', `${FILL}/submit/`, {
      assignmentId: a!.assignmentId,
      values: { no: 'zz9', city: '长沙' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe(Codes.acquisitionRowRejected);
    expect(res.json().data).toEqual({ field: 'city' });
    expect(await rowsWhere('zz9')).toEqual([]);
    const view = await data<FillView>(await get('s1', `${FILL}/open/?assignmentId=${a!.assignmentId}`));
    expect(view).toMatchObject({ part: 'unfilled', recordState: 'draft', canEdit: true });
  });

  it('with approval: approve writes; return lets the filler resubmit', async () => {
    const task = await publish({ formId: flowFormId, processId });
    const [a1] = await mineOf('s1', task);
    const [a2] = await mineOf('s2', task);
    const s1 = await data<FillAnswer>(
      await post('s1', `${FILL}/submit/`, { assignmentId: a1!.assignmentId, values: { no: 'f1', city: '成都' } }),
    );
    expect(s1.recordState).toBe('approving');
    await data(
      await post('s2', `${FILL}/submit/`, { assignmentId: a2!.assignmentId, values: { no: 'f2', city: '重庆' } }),
    );
    expect(await rowsWhere('f1')).toEqual([]);

    const pending = await data<Page<ApproveItem>>(await get('teacher', `${APPROVE}/fills/?page=1&pageSize=20`));
    const mine = pending.list.filter((r) => r.taskId === task);
    expect(mine).toHaveLength(2);
    expect(mine.every((r) => r.taskIdOfFlow !== null)).toBe(true);
    expect((await get('s2', `${APPROVE}/record/?id=${mine[0]!.recordId}`)).statusCode).toBe(403);
    const byNo = async (no: string) => {
      for (const r of mine) {
        const v = await data<{ values: Record<string, unknown> }>(
          await get('teacher', `${APPROVE}/record/?id=${r.recordId}`),
        );
        if (v.values.no === no) return r.recordId;
      }
      throw new Error(no);
    };
    const r1 = await byNo('f1');
    const r2 = await byNo('f2');
    expect(await data(await post('teacher', `${APPROVE}/approve/`, { recordId: r1 }))).toEqual({ state: 'written' });
    expect(await rowsWhere('f1')).toHaveLength(1);

    expect(
      await data(
        await post('teacher', `${APPROVE}/reject/`, { recordId: r2, action: 'return', comment: '城市写全称' }),
      ),
    ).toEqual({
      state: 'returned',
    });
    const view = await data<FillView>(await get('s2', `${FILL}/open/?assignmentId=${a2!.assignmentId}`));
    expect(view).toMatchObject({ recordState: 'returned', canEdit: true, note: '城市写全称' });
    expect(
      await data<FillAnswer>(
        await post('s2', `${FILL}/submit/`, { assignmentId: a2!.assignmentId, values: { no: 'f2', city: '重庆市' } }),
      ),
    ).toMatchObject({
      recordState: 'approving',
    });
    await data(await post('teacher', `${APPROVE}/approve/`, { recordId: r2 }));
    expect(await rowsWhere('f2')).toMatchObject([{ city: '重庆市' }]);
    // Approved elsewhere (the workflow's own page) is written when the record is next looked at.
    expect((await post('teacher', `${APPROVE}/approve/`, { recordId: r2 })).json().errorCode).toBe(
      Codes.acquisitionWrongState,
    );
  });

  it('入库审批: the owner confirms or returns records before they are written', async () => {
    const task = await publish({ reviewWrite: true });
    const [a1] = await mineOf('s1', task);
    await data(
      await post('s1', `${FILL}/submit/`, { assignmentId: a1!.assignmentId, values: { no: 'w1', city: '南京' } }),
    );
    const writes = await data<Page<ApproveItem>>(await get('teacher', `${APPROVE}/writes/?page=1&pageSize=50`));
    const item = writes.list.find((r) => r.taskId === task)!;
    expect(item).toMatchObject({ state: 'submitted', tableName: '返乡信息' });
    expect((await post('s2', `${APPROVE}/approve/`, { recordId: item.recordId })).statusCode).toBe(403);
    const view = await data<{ row: { field: string; value: unknown }[] }>(
      await get('teacher', `${APPROVE}/record/?id=${item.recordId}`),
    );
    expect(view.row).toContainEqual({ field: 'city', label: '返乡城市', value: '南京' });
    expect(await rowsWhere('w1')).toEqual([]);
    await data(await post('teacher', `${APPROVE}/approve/`, { recordId: item.recordId }));
    expect(await rowsWhere('w1')).toHaveLength(1);
  });

  it('collaborative: each person fills their fields; the record is written when all parts are in', async () => {
    const task = await publish({
      title: '协同采集',
      collaborative: true,
      fillers: { kind: 'people' },
      collaborators: [
        { userId: ids.s1!, fields: ['no', 'city'] },
        { userId: ids.s2!, fields: ['days', 'leave'] },
      ],
    });
    const [p1] = await mineOf('s1', task);
    const [p2] = await mineOf('s2', task);
    const v2 = await data<FillView>(await get('s2', `${FILL}/open/?assignmentId=${p2!.assignmentId}`));
    expect(v2.editable).toEqual(['days', 'leave']);
    // My part only: values for fields I do not own are ignored.
    await data(
      await post('s2', `${FILL}/submit/`, { assignmentId: p2!.assignmentId, values: { days: 9, city: '偷改' } }),
    );
    let collab = await data<CollabProgress>(await get('teacher', `${TASK}/collab/?id=${task}&page=1&pageSize=20`));
    expect(collab.people.map((p) => [p.userName, p.submitted, p.total])).toEqual([
      ['s1', 0, 1],
      ['s2', 1, 1],
    ]);
    expect(collab.records[0]).toMatchObject({ parts: 2, submittedParts: 1, state: 'draft' });
    await data(
      await post('s1', `${FILL}/submit/`, { assignmentId: p1!.assignmentId, values: { no: 'c1', city: '西安' } }),
    );
    collab = await data<CollabProgress>(await get('teacher', `${TASK}/collab/?id=${task}&page=1&pageSize=20`));
    expect(collab.records[0]).toMatchObject({ submittedParts: 2, state: 'written' });
    expect(await rowsWhere('c1')).toMatchObject([{ city: '西安', days: 9 }]);
  });

  it('reminds before the deadline once per offset', async () => {
    const task = await publish({ deadline: Date.now() + 3600_000, reminders: [2] });
    const before = await app.db.selectFrom('message').select('id').where('userId', '=', ids.s1!).execute();
    expect(await sendDueReminders(app)).toBeGreaterThanOrEqual(2);
    expect(await sendDueReminders(app)).toBe(0);
    const after = await app.db.selectFrom('message').select('id').where('userId', '=', ids.s1!).execute();
    expect(after.length).toBeGreaterThan(before.length);
    void task;
  });
});
