import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { userPlatforms } from '@/server/identity/menus';
import { listRows } from '@/modules/data-tables/server/commands/list-rows';
import { getDataTable } from '@/modules/data-tables/server/commands/get-data-table';
import type { ApproveItem, MineItem, TaskListItem } from '../contract';
import { DEMO_TABLE_CODE, DEMO_TASK_TITLE } from './seed';

type Page<T> = { list: T[]; total: number };

describe('the demo collection task', () => {
  let app: TestApp;
  let staffPlatform: number;
  beforeAll(async () => {
    app = await buildTestApp();
    const teacher = await app.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', 'teacher')
      .executeTakeFirstOrThrow();
    staffPlatform = (await userPlatforms(app.db, teacher.id)).find((p) => p.name === '教职工服务平台')!.id;
  });
  afterAll(async () => app.close());

  const data = async <T>(res: { json(): { errorCode: string; message: string; data: unknown } }) => {
    const b = res.json();
    expect(b.errorCode, b.message).toBe(Codes.ok);
    return b.data as T;
  };

  it("is the teacher's, published to his class with fills done, some written, some waiting for 入库审批", async () => {
    const tasks = await data<Page<TaskListItem>>(
      await app.injectAs(
        'teacher',
        { method: 'GET', url: '/data/api/v1.acquisition/list/?page=1&pageSize=10' },
        staffPlatform,
      ),
    );
    const task = tasks.list.find((t) => t.title === DEMO_TASK_TITLE)!;
    expect(task.status).toBe('published');
    expect(task.progress.records).toBeGreaterThanOrEqual(3);
    expect(task.progress.written).toBeGreaterThan(0);
    expect(task.progress.submitted).toBeGreaterThan(task.progress.written);
    const writes = await data<Page<ApproveItem>>(
      await app.injectAs(
        'teacher',
        { method: 'GET', url: '/data/api/v1.fillApprove/writes/?page=1&pageSize=10' },
        staffPlatform,
      ),
    );
    expect(writes.total).toBe(task.progress.submitted - task.progress.written);
    const table = (await getDataTable(app, app.db, DEMO_TABLE_CODE))!;
    expect((await listRows(app, app.db, table.id, { page: 1, pageSize: 1 })).total).toBe(task.progress.written);
  });

  it('waits for the student to fill', async () => {
    const mine = await data<Page<MineItem>>(
      await app.injectAs('student', {
        method: 'GET',
        url: '/data/api/v1.acquisitionFill/mine/?page=1&pageSize=10&scope=open',
      }),
    );
    expect(mine.list.map((m) => [m.title, m.part])).toContainEqual([DEMO_TASK_TITLE, 'unfilled']);
  });
});
