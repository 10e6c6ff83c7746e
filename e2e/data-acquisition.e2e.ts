import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApproveItem, PersonOption, TaskDetail, TaskListItem } from '../src/modules/data-acquisition/contract';
import { inContext, inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, expectPath, login, tokenOf, type Envelope } from './support/login';
import { clickFor, eventually, isPath, need, phoneContext } from './support/ui';

/**
 * Issue 16's collection bar, through the real UI: the counsellor publishes a collection task to a
 * class (his 返乡 task's table, a form with an approval by him); one student fills on a 360×740
 * phone, a classmate on a desktop; the counsellor approves in 审批中心 → 填报审批 and the data table
 * then holds both rows.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const GENERATED_PASSWORD = 'Demo@2026';
const TASK = '/data/api/v1.acquisition';
const FILL = '/data/api/v1.acquisitionFill';
const APPROVE = '/data/api/v1.fillApprove';
const DEMO_TASK = '2026年秋季学期学生返乡信息采集';

const made: {
  title?: string;
  taskId?: number;
  tableId?: number;
  student?: PersonOption;
  classmate?: PersonOption;
} = {};

async function call<T>(page: Page, token: string, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const res =
    method === 'GET'
      ? await page.request.get(url, { headers: { Authorization: token } })
      : await page.request.post(url, { headers: { Authorization: token, 'Content-Type': 'application/json' }, data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.errorCode, `${url}: ${body.message}`).toBe('0x00000000');
  return body.data;
}

/** Desktop sign-in; staff with two platforms pick 教职工服务平台 (where the task pages are). */
async function signIn(page: Page, username: string, password: string): Promise<string> {
  const answer = await login(page, username, password);
  expect(answer.errorCode, `${username}: ${answer.message}`).toBe('0x00000000');
  await page.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
  if (new URL(page.url()).pathname === '/platformSelection') {
    await page.getByRole('button', { name: '进入教职工服务平台' }).click();
    await page.waitForURL((u) => u.pathname !== '/platformSelection', { timeout: 15_000 });
  }
  return need((await tokenOf(page)) ?? undefined, 'the token');
}

const SCHEMA = {
  format: 1,
  sections: [
    {
      id: 's',
      title: '',
      columns: 1,
      fields: [
        { id: 'no', type: 'text', label: '学号', required: true },
        { id: 'name', type: 'text', label: '姓名', required: true },
        { id: 'city', type: 'text', label: '返乡城市', required: true },
      ],
    },
  ],
  rules: [],
};

describe('data collection: a task to a class, filled on a phone and a desktop, approved into the table', () => {
  it('the counsellor publishes a task with approval to two students of his class', async () => {
    // The administrator makes the form and its approval process (the counsellor approves).
    let teacherId = 0;
    await inPage(browser, async (page) => {
      const token = await signIn(page, ACCOUNTS.teacher.username, ACCOUNTS.teacher.password);
      const me = await call<PersonOption[]>(page, token, 'GET', `${TASK}/people/?keyword=20080001`);
      teacherId = need(me[0], 'the teacher').id;
      const demo = (
        await call<{ list: TaskListItem[] }>(page, token, 'GET', `${TASK}/list/?page=1&pageSize=20`)
      ).list.find((t) => t.title === DEMO_TASK);
      const detail = await call<TaskDetail>(page, token, 'GET', `${TASK}/detail/?id=${need(demo, 'the demo task').id}`);
      made.tableId = need(detail.tableId ?? undefined, 'the demo table');
      made.student = need(
        (await call<PersonOption[]>(page, token, 'GET', `${TASK}/people/?keyword=20230101101`))[0],
        'student',
      );
      const peers = await call<PersonOption[]>(page, token, 'GET', `${TASK}/people/?keyword=2023`);
      made.classmate = need(
        peers.find((p) => p.id !== made.student!.id && /^\d+$/.test(p.userNo)),
        'a classmate',
      );
    });
    let formId = 0;
    await inPage(browser, async (page) => {
      const answer = await login(page, ACCOUNTS.admin.username, ACCOUNTS.admin.password, { admin: true });
      expect(answer.errorCode, answer.message).toBe('0x00000000');
      await page.waitForURL((u) => u.pathname !== '/loginAdmin', { timeout: 15_000 });
      const token = need((await tokenOf(page)) ?? undefined, 'admin token');
      const name = `返乡登记${Date.now().toString(36)}`;
      const base = { name, category: '学生事务', access: 'signedIn' };
      formId = (await call<{ id: number }>(page, token, 'POST', '/workflow/api/v1.form/create/', base)).id;
      await call(page, token, 'POST', '/workflow/api/v1.form/save/', {
        id: formId,
        ...base,
        description: '',
        managerIds: [],
        schema: SCHEMA,
      });
      await call(page, token, 'POST', '/workflow/api/v1.form/publish/', { id: formId });
      const nodes = [
        { id: 'start', type: 'start', name: '发起' },
        {
          id: 'a',
          type: 'approval',
          name: '辅导员审核',
          assignee: { kind: 'users', userIds: [teacherId] },
          signMode: 'any',
        },
        { id: 'end', type: 'end', name: '结束' },
      ];
      const definition = {
        format: 1,
        nodes,
        edges: [
          { from: 'start', to: 'a' },
          { from: 'a', to: 'end' },
        ],
      };
      const p = await call<{ id: number }>(page, token, 'POST', '/workflow/api/v1.process/create/', {
        name: `${name}审批`,
        formId,
        definition,
      });
      await call(page, token, 'POST', '/workflow/api/v1.process/publish/', { id: p.id });
    });

    await inPage(browser, async (page) => {
      const token = await signIn(page, ACCOUNTS.teacher.username, ACCOUNTS.teacher.password);
      const processes = await call<{ id: number }[]>(page, token, 'GET', `${TASK}/processes/?formId=${formId}`);
      made.title = `班级返乡采集${Date.now().toString(36)}`;
      const { id } = await call<{ id: number }>(page, token, 'POST', `${TASK}/save/`, {
        title: made.title,
        description: '请如实填写',
        formId,
        fillers: { kind: 'people', userIds: [made.student!.id, made.classmate!.id] },
        deadline: Date.now() + 24 * 3600_000,
        reminders: [2],
        tableId: made.tableId,
        mapping: [
          { from: 'no', to: 'student_no' },
          { from: 'name', to: 'name' },
          { from: 'city', to: 'city' },
        ],
        keyFields: ['student_no'],
        processId: need(processes[0], 'the process').id,
        reviewWrite: false,
        collaborative: false,
        collaborators: [],
      });
      made.taskId = id;
      // Publishing through 发布预览: the counts, then 确认发布.
      await page.goto(`/web/dataAcquisition/publishPreview?id=${id}`);
      await page.getByText('填报人数').waitFor();
      const res = await clickFor(page.getByRole('button', { name: /确认发布/ }), isPath(`${TASK}/publish/`));
      expect(((await res.json()) as Envelope<{ people: number }>).data.people).toBe(2);
      await expectPath(page, '/web/dataAcquisition/taskProgress');
      await page.locator('.ant-table-row').nth(1).waitFor();
    });
  });

  it('the student fills and submits on a phone', async () => {
    await inContext(
      await phoneContext(browser),
      async (phone) => {
        const answer = await login(phone, ACCOUNTS.student.username, ACCOUNTS.student.password, {
          path: '/mobile/mobileLogin',
        });
        expect(answer.errorCode).toBe('0x00000000');
        await expectPath(phone, /^\/mobile\/(?!mobileLogin)/);
        await phone.goto('/mobile/dataFilling');
        await phone
          .locator('.adm-list-item')
          .filter({ hasText: need(made.title, 'title') })
          .first()
          .click();
        await phone.locator('[data-field="no"] input').fill(need(made.student, 'student').userNo);
        await phone.locator('[data-field="name"] input').fill(made.student!.name);
        await phone.locator('[data-field="city"] input').fill('湖南省长沙市');
        const res = await clickFor(phone.getByRole('button', { name: '提交' }), isPath(`${FILL}/submit/`));
        const body = (await res.json()) as Envelope<{ recordState: string }>;
        expect(body.errorCode, body.message).toBe('0x00000000');
        expect(body.data.recordState).toBe('approving');
        // Nothing sideways on a 360 px phone.
        expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      },
      'phone',
    );
  });

  it('a classmate fills and submits on a desktop', async () => {
    await inPage(browser, async (page) => {
      await signIn(page, need(made.classmate, 'classmate').userNo, GENERATED_PASSWORD);
      await page.goto('/web/dataAcquisition/dataFilling');
      const row = page.locator('.ant-table-row').filter({ hasText: need(made.title, 'title') });
      await row.getByRole('button', { name: /填\s*报/ }).click();
      await page.locator('[data-field="no"] input').fill(made.classmate!.userNo);
      await page.locator('[data-field="name"] input').fill(made.classmate!.name);
      await page.locator('[data-field="city"] input').fill('湖北省武汉市');
      const res = await clickFor(page.getByRole('button', { name: /^提\s*交$/ }), isPath(`${FILL}/submit/`));
      expect(((await res.json()) as Envelope<{ recordState: string }>).data.recordState).toBe('approving');
    });
  });

  it('the counsellor approves both in 填报审批 and the data table shows both', async () => {
    await inPage(browser, async (page) => {
      const token = await signIn(page, ACCOUNTS.teacher.username, ACCOUNTS.teacher.password);
      await page.goto('/web/taskCenter/fillApprove');
      for (let i = 0; i < 2; i += 1) {
        const row = page
          .locator('.ant-table-row')
          .filter({ hasText: need(made.title, 'title') })
          .first();
        await row.getByRole('button', { name: /审\s*批/ }).click();
        await page.getByText('将写入数据表的内容').waitFor();
        const res = await clickFor(page.getByRole('button', { name: /^同\s*意$/ }), isPath(`${APPROVE}/approve/`));
        expect(((await res.json()) as Envelope<{ state: string }>).data.state).toBe('written');
        await page
          .locator('.ant-drawer-open')
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
      }
      await eventually(async () => {
        const left = await call<{ list: ApproveItem[] }>(page, token, 'GET', `${APPROVE}/fills/?page=1&pageSize=50`);
        return left.list.filter((r) => r.taskId === made.taskId).length;
      }).toBe(0);
      const rows = await call<{ list: Record<string, unknown>[] }>(
        page,
        token,
        'GET',
        `/data/api/v1.dataRows/list/?id=${made.tableId}&page=1&pageSize=200`,
      );
      const byNo = new Map(rows.list.map((r) => [String(r.student_no), r.city]));
      expect(byNo.get(made.student!.userNo)).toBe('湖南省长沙市');
      expect(byNo.get(made.classmate!.userNo)).toBe('湖北省武汉市');
    });
  });
});
