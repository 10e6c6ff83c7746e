import ExcelJS from 'exceljs';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedForm, SubmissionDetail, SubmitAnswer } from '../src/modules/forms/contract';
import type { FormField } from '../src/shared/forms/schema';
import { inContext, inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, expectPath, login, tokenOf, type Envelope } from './support/login';
import {
  clickFor,
  eventually,
  formItem,
  isPath,
  need,
  phoneContext,
  pickOption,
  pickTodayRange,
  selectByName,
  toast,
} from './support/ui';

/**
 * Issue 5's quality bar, through the real UI: an administrator designs a form (date range, a
 * select that shows a sub-table and a required-when-visible field), publishes it; a student fills
 * it on a phone and a visitor on a desktop (bad submissions get field messages, hidden values are
 * dropped); both submissions appear in the summary, its filter and its Excel export.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const FILL = '/workflow/api/v1.formFill';
/** Today in the browsers' time zone: the day the pickers offer first (YYYY-MM-DD). */
const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());

/** What the steps hand each other: the form, its field ids (by label) and the desktop submission. */
const made: {
  student?: { name: string; no: string };
  formId?: number;
  name?: string;
  ids?: Record<string, string>;
  columns?: Record<string, string>;
  desktopSubmission?: number;
} = {};

async function signInAdmin(page: Page): Promise<void> {
  const answer = await login(page, ACCOUNTS.admin.username, ACCOUNTS.admin.password, { admin: true });
  expect(answer.errorCode).toBe('0x00000000');
  await expectPath(page, '/cms/home/index');
}

describe('the form engine, from the designer to the Excel export', () => {
  it(
    'an administrator designs a form with a date range, a select that shows a sub-table and a required-when-visible field, and publishes it',
    { timeout: 90_000 },
    () =>
      inPage(browser, async (admin) => {
        const name = `物品借用申请${Date.now().toString(36)}`;
        await signInAdmin(admin);

        // 表单管理 → 新建表单 (public, so the desktop formWrite page needs no sign-in).
        await admin.goto('/cms/workflow/formManage');
        await admin.getByRole('button', { name: /新建表单/ }).click();
        const create = admin
          .getByRole('dialog')
          .filter({ has: admin.locator('.ant-modal-title').getByText('新建表单') });
        await formItem(create, '表单名称').locator('input').fill(name);
        await create.getByRole('radio', { name: /公开/ }).check();
        await create.getByRole('button', { name: /创建并设计/ }).click();
        const url = await expectPath(admin, '/cms/workflow/formDesign');
        const formId = Number(url.searchParams.get('id'));
        expect(formId).toBeGreaterThan(0);
        await admin.locator('[aria-label="字段类型"]').waitFor();

        const panel = admin.locator('aside[aria-label="属性"]');
        const label = panel.getByRole('textbox', { name: '字段名称' });
        /** Clicks a palette button (it adds to the selected section and selects the new field) and names the field. */
        const add = async (type: string, text: string) => {
          await admin.getByRole('button', { name: `添加${type}` }).click();
          await panel.getByText(type, { exact: true }).first().waitFor();
          await label.fill(text);
          await admin.getByRole('button', { name: `${type}：${text}` }).waitFor();
        };

        await add('日期范围', '起止日期');
        await panel.getByRole('checkbox', { name: '必填', exact: true }).check();

        await add('下拉单选', '申请类型');
        await panel.getByRole('checkbox', { name: '必填', exact: true }).check();
        await panel.getByRole('textbox', { name: '选项 1 文字' }).fill('普通');
        await panel.getByRole('textbox', { name: '选项 2 文字' }).fill('物品借用');
        await panel.getByRole('button', { name: '删除选项 3' }).click();
        await eventually(() => panel.getByRole('textbox', { name: /^选项 \d 文字$/ }).count()).toBe(2);

        await add('明细子表', '物品明细');
        await panel.getByRole('textbox', { name: '第 1 列名称' }).fill('物品');
        await eventually(() => panel.getByRole('textbox', { name: '第 2 列名称' }).inputValue()).toBe('数量');
        // A column's own properties live in its dialog: the item's name is required in every row.
        await panel.getByRole('button', { name: '设置第 1 列' }).click();
        const columnDialog = admin
          .getByRole('dialog')
          .filter({ has: admin.locator('.ant-modal-title').getByText('列设置：物品') });
        await columnDialog.getByRole('checkbox', { name: '必填', exact: true }).check();
        await admin.keyboard.press('Escape');
        await columnDialog.waitFor({ state: 'hidden' });

        await add('单行文本', '借用说明');

        // 联动规则: 申请类型 等于 物品借用 → 显示 物品明细、借用说明; 设为必填 借用说明.
        await admin.getByText(/^联动规则（0）$/).click();
        await admin.getByRole('button', { name: /添加规则/ }).click();
        const rule = admin.getByTestId('rule-card');
        await selectByName(rule, '条件 1 字段', '申请类型（下拉单选）');
        await selectByName(rule, '条件 1 比较方式', '等于');
        await selectByName(rule, '条件 1 值', '物品借用');
        await selectByName(rule, '动作 1 目标字段', '物品明细（明细子表）', '借用说明（单行文本）');
        await rule.getByRole('button', { name: /添加动作/ }).click();
        await selectByName(rule, '动作 2 类型', '设为必填');
        await selectByName(rule, '动作 2 目标字段', '借用说明（单行文本）');
        // The rule reads back as the sentence the administrator meant.
        await eventually(() => rule.textContent()).toMatch(/当\s*申请类型\s*等于\s*物品借用/);
        expect(await rule.textContent()).toMatch(/显示\s*物品明细、?\s*借用说明/);
        expect(await rule.textContent()).toMatch(/设为必填\s*借用说明/);
        await admin.getByText(/^联动规则（1）$/).waitFor();

        // Save, then publish version 1.
        // (The buttons' names start with their icon's: "save 保存", "send 发布".)
        const saved = await clickFor(
          admin.getByRole('button', { name: /保\s*存$/ }),
          isPath('/workflow/api/v1.form/save/'),
        );
        expect(((await saved.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');
        await toast(admin, '已保存').waitFor();
        await eventually(() => admin.getByText('有未保存的修改').count()).toBe(0);

        await admin.getByRole('button', { name: /send 发\s*布$/ }).click();
        const confirm = admin.locator('.ant-popover:not(.ant-popover-hidden)').filter({ hasText: '发布表单？' });
        await confirm.getByRole('button', { name: /^发\s*布$/ }).click();
        await toast(admin, '已发布第 1 版').waitFor();
        await admin.getByText('最新版本 v1').waitFor();

        // The list shows it published as v1.
        await admin.goto('/cms/workflow/formManage');
        const row = admin.locator('.ant-table-row').filter({ hasText: name });
        await row.waitFor();
        expect(await row.textContent()).toMatch(/已发布.*v1/);

        // The published version as a filler receives it: field ids by label, for the next steps.
        const opened = await admin.request.get(`${FILL}/open/?formId=${formId}`);
        const form = ((await opened.json()) as Envelope<OpenedForm>).data;
        expect(form.version).toBe(1);
        const fields: FormField[] = form.schema.sections.flatMap((x) => x.fields);
        expect(fields.map((f) => [f.label, f.type])).toEqual([
          ['起止日期', 'dateRange'],
          ['申请类型', 'select'],
          ['物品明细', 'subTable'],
          ['借用说明', 'text'],
        ]);
        const byLabel = Object.fromEntries(fields.map((f) => [f.label, f]));
        expect(byLabel['起止日期']!.required).toBe(true);
        expect(byLabel['申请类型']!.options).toEqual([
          { label: '普通', value: '1' },
          { label: '物品借用', value: '2' },
        ]);
        expect(byLabel['物品明细']!.columns?.map((c) => [c.label, c.type, !!c.required])).toEqual([
          ['物品', 'text', true],
          ['数量', 'number', false],
        ]);
        const id = (l: string) => byLabel[l]!.id;
        expect(form.schema.rules).toEqual([
          {
            id: expect.any(String),
            match: 'all',
            conditions: [{ field: id('申请类型'), op: 'eq', value: '2' }],
            actions: [
              { type: 'show', targets: [id('物品明细'), id('借用说明')] },
              { type: 'require', targets: [id('借用说明')] },
            ],
          },
        ]);
        made.formId = formId;
        made.name = name;
        made.ids = Object.fromEntries(fields.map((f) => [f.label, f.id]));
        made.columns = Object.fromEntries((byLabel['物品明细']!.columns ?? []).map((c) => [c.label, c.id]));
      }),
  );

  it(
    'a student fills it on a phone: a missing required-when-visible field gets its message (client and server), then a full submission is stored',
    { timeout: 60_000 },
    async () => {
      const formId = need(made.formId, 'the form');
      const ids = need(made.ids, 'the field ids');
      const columns = need(made.columns, 'the column ids');
      const context = await phoneContext(browser);
      await inContext(
        context,
        async (phone) => {
          const answer = await login(phone, ACCOUNTS.student.username, ACCOUNTS.student.password, {
            path: '/mobile/mobileLogin',
          });
          expect(answer.errorCode).toBe('0x00000000');
          made.student = { name: answer.data.user_info.real_name, no: answer.data.user_info.user_no };
          await expectPath(phone, /^\/mobile\/(?!mobileLogin)/);

          await phone.goto(`/mobile/formWrite?formId=${formId}`);
          const item = (id: string) => phone.locator(`[data-field="${id}"]`);
          await item(ids['申请类型']!).waitFor();
          // Until 物品借用 is picked the sub-table and 借用说明 are hidden.
          expect(await item(ids['物品明细']!).count()).toBe(0);
          expect(await item(ids['借用说明']!).count()).toBe(0);

          // 申请类型: the wheel in a bottom sheet.
          await phone.getByLabel('申请类型').click();
          const sheet = phone
            .locator('.adm-picker')
            .filter({ has: phone.locator('.adm-picker-header-title', { hasText: '申请类型' }) });
          await sheet.locator('.adm-picker-view-column-item', { hasText: '物品借用' }).tap();
          await eventually(() => sheet.locator('.adm-picker-view-column-item-active').textContent()).toBe('物品借用');
          await sheet.locator('.adm-picker-header-button', { hasText: '确定' }).click();
          await item(ids['申请类型']!).getByText('物品借用').waitFor();
          await item(ids['物品明细']!).waitFor();
          await item(ids['借用说明']!).waitFor();
          // 设为必填 by the rule: the label now says so.
          await item(ids['借用说明']!).getByText('（必填）').waitFor();

          // 借用说明 left empty: the client's check (the shared evaluator) names it.
          await phone.getByRole('button', { name: /^提\s*交$/ }).click();
          await eventually(() => item(ids['借用说明']!).getByRole('alert').textContent()).toBe('请填写借用说明');
          await phone
            .locator('.adm-toast-main')
            .getByText(/处内容需要修改/)
            .waitFor();

          // The server says the same when the client is bypassed: 0x00000101 with per-field messages.
          const token = await tokenOf(phone);
          const refused = await phone.request.post(`${FILL}/submit/`, {
            headers: { Authorization: token! },
            data: {
              formId,
              version: 1,
              values: {
                [ids['起止日期']!]: '2026-12-01至2026-12-03',
                [ids['申请类型']!]: '2',
                [ids['物品明细']!]: [{ [columns['物品']!]: '投影仪', [columns['数量']!]: 1 }],
              },
            },
          });
          expect(refused.status()).toBe(400);
          const body = (await refused.json()) as Envelope<{ fields: { field: string; message: string }[] }>;
          expect(body.errorCode).toBe('0x00000101');
          expect(body.data.fields).toEqual([{ field: ids['借用说明'], message: '请填写借用说明' }]);

          // Now fully: 借用说明, the sub-table's row, both ends of the date range.
          await item(ids['借用说明']!).locator('input').fill('班级活动使用');
          // the sub-table starts with its minimum of one (empty) row
          await phone.locator(`input[id$="-${ids['物品明细']}-0-${columns['物品']}"]`).fill('投影仪');
          const qty = phone.locator(`input[id$="-${ids['物品明细']}-0-${columns['数量']}"]`);
          await qty.fill('2');
          await qty.blur();
          for (const [end, title] of [
            ['', '起止日期：开始'],
            ['-end', '起止日期：结束'],
          ] as const) {
            await phone.locator(`button[id$="-${ids['起止日期']}${end}"]`).click();
            const wheel = phone
              .locator('.adm-picker')
              .filter({ has: phone.locator('.adm-picker-header-title', { hasText: title }) });
            await wheel.locator('.adm-picker-header-button', { hasText: '确定' }).click();
            await wheel.waitFor({ state: 'hidden' });
          }
          await item(ids['起止日期']!).getByText(today).first().waitFor();

          const res = await clickFor(phone.getByRole('button', { name: /^提\s*交$/ }), isPath(`${FILL}/submit/`));
          expect(((await res.json()) as Envelope<SubmitAnswer>).errorCode).toBe('0x00000000');
          await phone.getByText('提交成功').waitFor();
          const sent = res.request().postDataJSON() as { values: Record<string, unknown> };
          expect(sent.values).toEqual({
            [ids['起止日期']!]: `${today}至${today}`,
            [ids['申请类型']!]: '2',
            [ids['物品明细']!]: [{ [columns['物品']!]: '投影仪', [columns['数量']!]: 2 }],
            [ids['借用说明']!]: '班级活动使用',
          });
        },
        'phone',
      );
    },
  );

  it(
    'a visitor fills it on a desktop: a missing date range gets its message; 普通 is stored without the hidden fields',
    { timeout: 60_000 },
    () =>
      inPage(browser, async (page) => {
        const formId = need(made.formId, 'the form');
        await page.goto(`/web/eventService/formWrite?formId=${formId}`);
        const form = page
          .locator('.ant-card')
          .filter({ has: page.getByRole('heading', { name: need(made.name, 'the name') }) });
        await formItem(form, '申请类型').waitFor();

        // 物品借用 shows the two fields, 普通 hides them again.
        await formItem(form, '申请类型').locator('.ant-select').click();
        await pickOption(page, '物品借用');
        await formItem(form, '借用说明').waitFor();
        await formItem(form, '物品明细').waitFor();
        await formItem(form, '申请类型').locator('.ant-select').click();
        await pickOption(page, '普通');
        await eventually(() => formItem(form, '借用说明').count()).toBe(0);
        expect(await formItem(form, '物品明细').count()).toBe(0);

        // No dates: the message under 起止日期, nothing sent.
        let sentBad = false;
        const watch = (r: Response) => {
          if (isPath(`${FILL}/submit/`)(r)) sentBad = true;
        };
        page.on('response', watch);
        await form.getByRole('button', { name: /^提\s*交$/ }).click();
        await eventually(() => formItem(form, '起止日期').locator('.ant-form-item-explain-error').textContent()).toBe(
          '请选择起止日期',
        );
        await toast(page, /有 1 处内容需要修改/).waitFor();
        page.off('response', watch);
        expect(sentBad).toBe(false);

        // Today to today, through the calendar.
        await pickTodayRange(formItem(form, '起止日期'), today);

        const submitted = await clickFor(form.getByRole('button', { name: /^提\s*交$/ }), isPath(`${FILL}/submit/`));
        const answer = (await submitted.json()) as Envelope<SubmitAnswer>;
        expect(answer.errorCode).toBe('0x00000000');
        await page.getByText('提交成功').waitFor();
        made.desktopSubmission = answer.data.id;
        // A visitor: no token, nothing to save a draft with.
        expect(await tokenOf(page)).toBeNull();
      }),
  );

  it('the administrator finds both in the summary, filters them, and exports them to Excel', { timeout: 60_000 }, () =>
    inPage(browser, async (admin) => {
      const formId = need(made.formId, 'the form');
      const ids = need(made.ids, 'the field ids');
      const desktopId = need(made.desktopSubmission, 'the desktop submission');
      await signInAdmin(admin);

      // The stored 普通 submission: hidden fields' values are not there.
      const token = await tokenOf(admin);
      const detail = await admin.request.get(`${FILL}/submission/?id=${desktopId}`, {
        headers: { Authorization: token! },
      });
      const stored = ((await detail.json()) as Envelope<SubmissionDetail>).data;
      expect(stored.version).toBe(1);
      expect(Object.keys(stored.values).sort()).toEqual([ids['起止日期'], ids['申请类型']].sort());
      expect(stored.values[ids['申请类型']!]).toBe('1');
      expect(stored.values).not.toHaveProperty(ids['借用说明']!);
      expect(stored.values).not.toHaveProperty(ids['物品明细']!);

      await admin.goto(`/cms/workflow/summary?formId=${formId}`);
      const rows = admin.locator('.ant-table-row');
      await eventually(() => rows.count()).toBe(2);
      const student = need(made.student, 'the student');
      const cells = async (i: number) => (await rows.nth(i).locator('td').allTextContents()).map((t) => t.trim());
      expect((await admin.locator('.ant-table-thead th').allTextContents()).map((t) => t.trim())).toEqual([
        '提交人',
        '学工号',
        '起止日期',
        '申请类型',
        '物品明细',
        '借用说明',
        '提交时间',
        '版本',
        '操作',
      ]);
      // Newest first: the visitor's 普通 (hidden fields empty), then the student's 物品借用 with its one row.
      const [visitorRow, studentRow] = [await cells(0), await cells(1)];
      expect([...visitorRow.slice(0, 6), visitorRow[7]]).toEqual([
        '匿名',
        '—',
        `${today}至${today}`,
        '普通',
        '—',
        '—',
        'v1',
      ]);
      expect([...studentRow.slice(0, 6), studentRow[7]]).toEqual([
        student.name,
        student.no,
        `${today}至${today}`,
        '物品借用',
        '1 行',
        '班级活动使用',
        'v1',
      ]);

      // 申请类型 = 物品借用 narrows it to the phone's submission.
      const filters = admin.locator('form#summary-filters, form[id="summary-filters"]').first();
      await formItem(filters, '申请类型').locator('.ant-select').click();
      await pickOption(admin, '物品借用');
      const listed = await clickFor(
        filters.getByRole('button', { name: /^查\s*询$/ }),
        (r) => isPath('/workflow/api/v1.formSummary/list/')(r) && new URL(r.url()).searchParams.has('filters'),
      );
      expect(((await listed.json()) as Envelope<{ total: number }>).data.total).toBe(1);
      await eventually(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain('物品借用');
      expect(new URL(admin.url()).searchParams.get('filters')).toBe(JSON.stringify({ [ids['申请类型']!]: '2' }));

      // 重置 brings both back; 导出 Excel downloads them all.
      await filters.getByRole('button', { name: /^重\s*置$/ }).click();
      await eventually(() => rows.count()).toBe(2);
      const download = admin.waitForEvent('download');
      await admin.getByRole('button', { name: /导出 Excel/ }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^物品借用申请.*-汇总-\d{8}-\d{4}\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(need((await file.path()) ?? undefined, 'the downloaded file'));
      const sheet = book.worksheets[0]!;
      // Cell text by position (an empty cell reads ''), the header's width.
      const width = sheet.getRow(1).cellCount;
      const values = (r: number) => Array.from({ length: width }, (_, i) => sheet.getRow(r).getCell(i + 1).text);
      expect(values(1)).toEqual([
        '起止日期',
        '申请类型',
        '物品明细',
        '借用说明',
        '提交人',
        '学工号',
        '提交时间',
        '版本',
      ]);
      expect(sheet.actualRowCount).toBe(3);
      // Newest first, as the page lists them; times in UTC+8.
      const [visitorLine, studentLine] = [values(2), values(3)];
      const stamp = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
      expect(visitorLine[6]).toMatch(stamp);
      expect(studentLine[6]).toMatch(stamp);
      expect(visitorLine.toSpliced(6, 1)).toEqual([`${today}至${today}`, '普通', '', '', '匿名', '', 'v1']);
      // The sub-table's rows in full (the page shows "1 行" with a popover).
      expect(studentLine.toSpliced(6, 1)).toEqual([
        `${today}至${today}`,
        '物品借用',
        '物品：投影仪，数量：2',
        '班级活动使用',
        student.name,
        student.no,
        'v1',
      ]);
    }),
  );
});
