import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inContext, inPage, launchBrowser, newContext } from './support/browser';
import { ACCOUNTS, login, tokenOf, type Envelope } from './support/login';
import { clickFor, dialog, eventually, isPath, need, toast } from './support/ui';

/**
 * Issue 16's department data centre through the real UI. The administrator designs a table owned by
 * 教务处 (row scope by college, one owner-only column) and fills it through the API; 教务处's data
 * owner 19920243 browses, filters, sorts, edits a row in 编辑数据, sees the change in 操作记录 and
 * restores it; a second browser with the stale row is refused; `teacher` (计算机科学与技术学院) sees
 * only his college's rows without the owner-only column; the public 数据服务目录 opens signed out.
 * The table is the test's own (the demo's jw_* tables fill in the background, minutes after start).
 */

let browser: Browser;
const tag = randomBytes(3).toString('hex');
const OWNER = { username: '19920243', password: 'Demo@2026' };
const TABLE_NAME = `学籍异动-${tag}`;
const ROWS = 30;
/** Row i: 学号 E2E<tag>-NN, 成绩 60 + i, college: the teacher's for even i, another for odd i. */
const studentNo = (i: number) => `E2E${tag}-${String(i).padStart(2, '0')}`;
const made: { tableId?: number; ownerDept?: number; csDept?: number; otherDept?: number } = {};

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(page: Page, url: string, body: unknown): Promise<T> {
  const res = await page.request.post(url, { headers: { authorization: (await tokenOf(page)) ?? '' }, data: body });
  const json = (await res.json()) as Envelope<T>;
  expect(json.errorCode, `${url}: ${json.message}`).toBe('0x00000000');
  return json.data;
}

/** Desktop sign-in; staff with two platforms pick 教职工服务平台 (where the data centre is). */
async function signIn(page: Page, username: string, password: string, admin = false): Promise<void> {
  const answer = await login(page, username, password, { admin });
  expect(answer.errorCode, `${username}: ${answer.message}`).toBe('0x00000000');
  await page.waitForURL((u) => !/^\/login/.test(u.pathname), { timeout: 15_000 });
  if (new URL(page.url()).pathname === '/platformSelection') {
    await page.getByRole('button', { name: '进入教职工服务平台' }).click();
    await page.waitForURL((u) => u.pathname !== '/platformSelection', { timeout: 15_000 });
  }
}

interface DeptNode {
  id: number;
  name: string;
  children: DeptNode[];
}
const flatten = (nodes: DeptNode[]): DeptNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

/** The body rows of the antd table inside `scope`. */
const bodyRows = (scope: Page | Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
/** The column texts of one header cell's column, in row order. */
async function columnTexts(page: Page, label: string): Promise<string[]> {
  const headers = await page.locator('.ant-table-thead th').allTextContents();
  const i = headers.findIndex((h) => h.trim() === label);
  expect(i, `column ${label} in ${headers.join('|')}`).toBeGreaterThanOrEqual(0);
  return bodyRows(page).evaluateAll((trs, col) => trs.map((tr) => tr.children[col]?.textContent ?? ''), i);
}

async function filterOn(page: Page, label: string, value: string): Promise<void> {
  await page.getByRole('textbox', { name: `筛选 ${label}` }).fill(value);
  await clickFor(page.getByRole('button', { name: /查\s*询/ }), isPath('/data/api/v1.dataRows/list/'));
}

describe('data centre: a department owner browses, edits and restores rows', () => {
  it('an administrator designs a table owned by 教务处, which fills it', { timeout: 90_000 }, () =>
    inPage(browser, async (page) => {
      await signIn(page, ACCOUNTS.admin.username, ACCOUNTS.admin.password, true);
      const depts = flatten(await api<DeptNode[]>(page, '/user/api/v1.department/getTreeNode/', {}));
      const byName = (name: string) => need(depts.find((d) => d.name === name)?.id, name);
      made.ownerDept = byName('教务处');
      made.csDept = byName('计算机科学与技术学院');
      made.otherDept = need(depts.find((d) => d.name.endsWith('学院') && d.id !== made.csDept)?.id, 'another college');
      const field = (name: string, label: string, type: string, sort: number, visibility = 'all') => ({
        name,
        label,
        type,
        required: name === 'student_no',
        indexed: name === 'score',
        visibility,
        description: '',
        sort,
      });
      const table = await api<{ id: number }>(page, '/data/api/v1.dataTable/create/', {
        code: `e2e_xj_${tag}`,
        name: TABLE_NAME,
        description: '端到端测试：学籍异动登记',
        fields: [
          field('student_no', '学号', 'string', 1),
          field('name', '姓名', 'string', 2),
          field('score', '成绩', 'integer', 3),
          field('id_card', '身份证号', 'string', 4, 'owner'),
          field('college_id', '学院编号', 'integer', 5),
        ],
        uniqueKey: ['student_no'],
        ownerDepartmentId: made.ownerDept,
        scopeField: 'college_id',
        reportCycle: 'none',
        reportDeadlineDay: 1,
        isPublic: true,
      });
      made.tableId = table.id;
      // Rows are written by the owning office (the back office has no 编辑数据 permission).
      await inContext(
        await newContext(browser),
        async (owner) => {
          await signIn(owner, OWNER.username, OWNER.password);
          for (let i = 1; i <= ROWS; i++)
            await api(owner, '/data/api/v1.dataRows/save/', {
              id: table.id,
              values: {
                student_no: studentNo(i),
                name: `学生${i}`,
                score: 60 + i,
                id_card: `11010120050101${String(1000 + i)}`,
                college_id: i % 2 === 0 ? made.csDept : made.otherDept,
              },
            });
        },
        'owner',
      );
    }),
  );

  it('教务处 browses, filters and sorts; edits a row; sees it in 操作记录 and restores it', { timeout: 120_000 }, () =>
    inPage(browser, async (page) => {
      const id = need(made.tableId, 'the table');
      await signIn(page, OWNER.username, OWNER.password);
      await page.goto(`/web/datasource/dataTable?id=${id}`);
      await eventually(() => page.getByText(`共 ${ROWS} 行`).count()).toBe(1);
      // Owners see every column, the owner-only one included.
      await eventually(() => page.locator('.ant-table-thead th').getByText('身份证号').count()).toBe(1);

      // Sort by 姓名 (not indexed; text order: 学生1, 学生10, 学生11 …), then by 成绩 (indexed)
      // descending (a second click on its header): the highest score first.
      const nameHeader = page.locator('.ant-table-thead th').filter({ hasText: '姓名' });
      await clickFor(nameHeader, isPath('/data/api/v1.dataRows/list/'));
      await eventually(async () => (await columnTexts(page, '姓名')).slice(0, 3)).toEqual([
        '学生1',
        '学生10',
        '学生11',
      ]);
      const header = page.locator('.ant-table-thead th').filter({ hasText: '成绩' });
      await clickFor(header, isPath('/data/api/v1.dataRows/list/'));
      await clickFor(header, isPath('/data/api/v1.dataRows/list/'));
      await eventually(async () => (await columnTexts(page, '成绩'))[0]).toBe(String(60 + ROWS));

      // Filter: 学号 contains "-1" (10–19), then a score range inside it.
      await filterOn(page, '学号', `${tag}-1`);
      await eventually(() => page.getByText('共 10 行').count()).toBe(1);
      await filterOn(page, '成绩', '72~74');
      await eventually(() => columnTexts(page, '学号')).toEqual([studentNo(14), studentNo(13), studentNo(12)]);

      // 编辑数据: the row of 学号 …-12, 成绩 72 → 95.
      await page.getByRole('button', { name: /编辑数据/ }).click();
      await page.waitForURL((u) => u.pathname === '/web/datasource/dataTableEdit');
      // The browse page stays on screen while the edit page's code loads: wait for the edit page itself.
      await page.getByRole('button', { name: /新增行/ }).waitFor();
      await filterOn(page, '学号', studentNo(12));
      await eventually(() => page.getByText('共 1 行').count()).toBe(1);
      const row = bodyRows(page).filter({ hasText: studentNo(12) });
      await eventually(() => row.count()).toBe(1);
      await row.getByRole('button', { name: '编辑' }).click();
      const form = dialog(page, '编辑行');
      const score = form.getByRole('spinbutton', { name: '成绩' });
      await eventually(() => score.inputValue()).toBe('72');
      await score.fill('95');
      const saved = await clickFor(
        form.getByRole('button', { name: /保\s*存/ }),
        isPath('/data/api/v1.dataRows/save/'),
      );
      expect(((await saved.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');
      await eventually(() => toast(page, '已保存').count()).toBe(1);
      await eventually(async () => (await columnTexts(page, '成绩'))[0]).toBe('95');

      // 操作记录: the edit by 曹星国, 成绩：72 → 95; 恢复原值 puts 72 back.
      await page.getByRole('button', { name: /操作记录/ }).click();
      await page.waitForURL((u) => u.pathname === '/web/datasource/dataTableOperaRecords');
      await page.getByRole('combobox', { name: '操作类型' }).waitFor();
      const change = bodyRows(page).filter({ hasText: '成绩：72 → 95' });
      await eventually(() => change.count()).toBe(1);
      await expect.poll(() => change.textContent()).toContain('曹星国');
      await expect.poll(() => change.textContent()).toContain('修改');
      await change.getByRole('button', { name: '恢复原值' }).click();
      const restored = await clickFor(
        page.locator('.ant-popover').getByRole('button', { name: /恢\s*复/ }),
        isPath('/data/api/v1.dataRows/restore/'),
      );
      expect(((await restored.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');
      await eventually(() => toast(page, /已恢复/).count()).toBe(1);
      await eventually(() => bodyRows(page).filter({ hasText: '成绩：95 → 72' }).count()).toBe(1);

      await page.goto(`/web/datasource/dataTable?id=${id}`);
      await filterOn(page, '学号', studentNo(12));
      await eventually(() => columnTexts(page, '成绩')).toEqual(['72']);
    }),
  );

  it('a second browser saving the same row with a stale version gets the conflict message', { timeout: 90_000 }, () =>
    inPage(browser, async (first) => {
      const id = need(made.tableId, 'the table');
      const second = await newContext(browser);
      await inContext(
        second,
        async (other) => {
          const open = async (page: Page) => {
            await signIn(page, OWNER.username, OWNER.password);
            await page.goto(`/web/datasource/dataTableEdit?id=${id}`);
            await filterOn(page, '学号', studentNo(20));
            await bodyRows(page)
              .filter({ hasText: studentNo(20) })
              .getByRole('button', { name: '编辑' })
              .click();
            const form = dialog(page, '编辑行');
            await eventually(() => form.getByRole('spinbutton', { name: '成绩' }).inputValue()).toBe('80');
            return form;
          };
          const a = await open(first);
          const b = await open(other);
          await a.getByRole('spinbutton', { name: '成绩' }).fill('81');
          const ok = await clickFor(a.getByRole('button', { name: /保\s*存/ }), isPath('/data/api/v1.dataRows/save/'));
          expect(((await ok.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');

          await b.getByRole('spinbutton', { name: '成绩' }).fill('99');
          const stale = await clickFor(
            b.getByRole('button', { name: /保\s*存/ }),
            isPath('/data/api/v1.dataRows/save/'),
          );
          expect(stale.status()).toBe(409);
          await eventually(() => toast(other, '该行已被他人修改，请刷新后重新编辑（您的修改未保存）').count()).toBe(1);
          // Nothing overwritten: the other browser's list reloads with the first save.
          await b.getByRole('button', { name: /取\s*消/ }).click();
          await eventually(() => columnTexts(other, '成绩')).toEqual(['81']);
        },
        'second',
      );
    }),
  );

  it('staff of another department see their college rows only, without owner-only columns', { timeout: 60_000 }, () =>
    inPage(browser, async (page) => {
      const id = need(made.tableId, 'the table');
      await signIn(page, ACCOUNTS.teacher.username, ACCOUNTS.teacher.password);
      await page.goto(`/web/datasource/dataTable?id=${id}`);
      await eventually(() => page.getByText(`共 ${ROWS / 2} 行`).count()).toBe(1);
      await eventually(() => page.getByText('您只能查看本部门范围内的数据', { exact: false }).count()).toBe(1);
      const headers = (await page.locator('.ant-table-thead th').allTextContents()).map((h) => h.trim());
      expect(headers).toEqual(expect.arrayContaining(['学号', '姓名', '成绩', '学院编号']));
      expect(headers).not.toContain('身份证号');
      expect(await page.getByText(/1101012005/).count()).toBe(0);
      expect(new Set(await columnTexts(page, '学院编号'))).toEqual(new Set([String(made.csDept)]));
      expect(await page.getByRole('button', { name: /编辑数据/ }).count()).toBe(0);
    }),
  );

  it('the public 数据服务目录 opens without signing in and lists the table without rows', { timeout: 45_000 }, () =>
    inPage(browser, async (page) => {
      await page.goto('/web/dataService/index');
      await page.getByRole('searchbox', { name: '搜索数据服务' }).fill(TABLE_NAME);
      await clickFor(page.getByRole('button', { name: /搜\s*索/ }), isPath('/data/api/v1.dataService/list/'));
      await eventually(() => page.getByText(TABLE_NAME).count()).toBeGreaterThan(0);
      expect(new URL(page.url()).pathname).toBe('/web/dataService/index');
      await eventually(() => page.getByText('身份证号').count()).toBe(0);
      expect(await page.getByText(studentNo(1)).count()).toBe(0);
    }),
  );
});
