import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CorrectionItem, MyDataView, SummaryView } from '../src/modules/one-table/contract';
import { inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, expectPath, login, tokenOf, type Envelope } from './support/login';
import { clickFor, eventually, isPath, need, toast } from './support/ui';

/**
 * Issue 18's bar through the real UI: 李明轩 finds a wrong bed number in 我的数据, asks for a
 * correction with a photo; 后勤保障处 (the dorm tables' owner, 19910267) approves it in the approval
 * centre (an approval-engine task: it then shows in the generic 已办); the value changes in the data
 * table and on his page and the summary counts it. A second
 * correction is rejected with a reason he then reads in 纠错记录.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const P = '/data/api/v1.oneTable';
const DORM_OFFICE = '19910267';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function call<T>(page: Page, token: string, url: string, data?: object): Promise<T> {
  const res = data
    ? await page.request.post(url, { headers: { Authorization: token, 'Content-Type': 'application/json' }, data })
    : await page.request.get(url, { headers: { Authorization: token } });
  const body = (await res.json()) as Envelope<T>;
  expect(body.errorCode, `${url}: ${body.message}`).toBe('0x00000000');
  return body.data;
}

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

/** The student's dorm row once the data centre's first sync has filled it. */
async function dormRow(page: Page, token: string) {
  let row: MyDataView['groups'][number]['rows'][number] | undefined;
  await expect
    .poll(
      async () => {
        const v = await call<MyDataView>(page, token, `${P}/myData/`);
        row = v.groups.find((g) => g.tableCode === 'mj_bed')?.rows[0];
        return !!row;
      },
      { timeout: 240_000, interval: 3000 },
    )
    .toBe(true);
  return row!;
}

const valueOf = (row: MyDataView['groups'][number]['rows'][number], field: string) =>
  row.values.find((v) => v.name === field)?.value ?? '';

const made: { rowId?: number; bed?: string; newBed?: string; building?: string } = {};

describe('一表通: a dorm correction approved, another rejected', () => {
  it('the student asks for a correction of his bed number with a photo', async () => {
    await inPage(browser, async (page) => {
      const token = await signIn(page, ACCOUNTS.student.username, ACCOUNTS.student.password);
      const row = await dormRow(page, token);
      made.rowId = row.rowId;
      made.bed = valueOf(row, 'bed_no');
      made.building = valueOf(row, 'building_id');
      made.newBed = String((Number(made.bed) % 6) + 1);
      await page.goto('/web/oneTablePlatform/myDataCenter');
      await eventually(() => page.getByText('来源：住宿床位', { exact: false }).count()).toBe(1);

      await page.goto(`/web/oneTablePlatform/errorCorrectionPage?table=mj_bed&row=${row.rowId}&field=bed_no`);
      await page.getByPlaceholder('填写正确的值').fill(made.newBed);
      await page.getByPlaceholder('说明错误原因，便于负责部门核实').fill('开学调整床位后系统仍是原床号');
      const uploaded = page.waitForResponse(isPath(`${P}/evidence/`));
      await page.locator('input[type=file]').setInputFiles({ name: 'bed.png', mimeType: 'image/png', buffer: PNG });
      expect((await uploaded).status()).toBe(200);
      await clickFor(page.getByRole('button', { name: /提交纠错申请/ }), isPath(`${P}/correction/submit/`));
      await expectPath(page, '/web/oneTablePlatform/errorCorrectionRecord');
      await eventually(() => page.locator('tr', { hasText: '床号' }).getByText('待审核').count()).toBe(1);
    });
  }, 300_000);

  it('后勤保障处 approves in the approval centre; the value changes; the summary counts it', async () => {
    await inPage(browser, async (page) => {
      const token = await signIn(page, DORM_OFFICE, 'Demo@2026');
      await page.goto('/web/taskCenter/oneTable');
      const row = page.locator('tr', { hasText: '床号' });
      await row.getByRole('button', { name: '审核' }).click();
      const drawer = page.locator('.ant-drawer');
      await eventually(() => drawer.getByText(need(made.newBed, 'the new bed'), { exact: true }).count()).toBe(1);
      await clickFor(drawer.getByRole('button', { name: /同意并写回/ }), isPath(`${P}/correction/approve/`));
      await eventually(() => toast(page, /已通过/).count()).toBe(1);

      const summary = await call<SummaryView>(page, token, `${P}/summary/`);
      expect(summary.byState.find((s) => s.state === 'approved')?.count ?? 0).toBeGreaterThanOrEqual(1);
      expect(summary.byField.some((f) => f.fieldLabel === '床号')).toBe(true);
      // It ran through the workflow engine: the approval centre's generic 已办 lists the decided task.
      const dealt = await call<{ list: { title: string }[] }>(page, token, '/workflow/api/v1.task/list/?type=ysp');
      expect(dealt.list.some((t) => t.title.includes('数据纠错'))).toBe(true);
      await page.goto('/web/taskCenter/taskErrorCorrectionSummary');
      await eventually(() => page.getByText('住宿床位 · 床号').count()).toBe(1);
    });
  }, 120_000);

  it('the student sees the new value; a second request is rejected with a reason he reads', async () => {
    await inPage(browser, async (page) => {
      const token = await signIn(page, ACCOUNTS.student.username, ACCOUNTS.student.password);
      const row = await dormRow(page, token);
      expect(valueOf(row, 'bed_no')).toBe(made.newBed);
      await page.goto('/web/oneTablePlatform/myDataCenter');
      await eventually(() =>
        // The 床号 cell itself (a row of the descriptions holds three fields; another may hold the same digits).
        page
          .locator('th', { hasText: '床号' })
          .locator('xpath=following-sibling::td[1]')
          .getByText(need(made.newBed, 'bed'), { exact: true })
          .count(),
      ).toBe(1);

      const sent = await call<{ id: number }>(page, token, `${P}/correction/submit/`, {
        tableCode: 'mj_bed',
        rowId: need(made.rowId, 'row'),
        field: 'building_id',
        newValue: String(Number(made.building) + 1),
        reason: '楼栋编号似乎不对',
        evidence: [],
      });
      await inPage(browser, async (office) => {
        const officeToken = await signIn(office, DORM_OFFICE, 'Demo@2026');
        const done = await call<CorrectionItem>(office, officeToken, `${P}/correction/reject/`, {
          id: sent.id,
          answer: '楼栋编号与入住登记一致，无需更正',
        });
        expect(done.state).toBe('rejected');
      });
      await page.goto('/web/oneTablePlatform/errorCorrectionRecord');
      const rejected = page.locator('tr', { hasText: '楼栋编号' });
      await eventually(() => rejected.getByText('已驳回').count()).toBe(1);
      await eventually(() => rejected.getByText('楼栋编号与入住登记一致，无需更正').count()).toBe(1);
    });
  }, 300_000);
});
