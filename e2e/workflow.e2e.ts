import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepartmentDetail, RoleItem, UserPick } from '../src/modules/organization/contract';
import type { SubmitAnswer } from '../src/modules/forms/contract';
import type { InstanceView } from '../src/modules/workflow/contract';
import { inContext, inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, expectPath, login, tokenOf, type Envelope } from './support/login';
import {
  clickFor,
  dialog,
  formItem,
  isPath,
  need,
  phoneContext,
  pickOption,
  pickTodayRange,
  toast,
} from './support/ui';

/**
 * Issue 6's quality bar, through the real UI on the demo's 学生请假审批 (辅导员 any-one → the
 * college's two leaders countersign → copy to 宿管办): a student applies for leave; the counsellor
 * returns it; the student edits and resubmits; the counsellor approves; one college leader approves
 * from the phone's pending list, the other on a desktop; the student sees 已通过 with every step in
 * the history, and the dorm office finds it under 抄送我的.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const GENERATED_PASSWORD = 'Demo@2026';
const TASK = '/workflow/api/v1.task';
const INSTANCE = '/workflow/api/v1.instance';
const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());

/** What the steps hand each other. */
const made: {
  reason?: string;
  instanceId?: number;
  title?: string;
  leaders?: string[];
  dorm?: string;
  /** The demo student's real name (the requests' titles start with it). */
  student?: string;
} = {};

/**
 * Signs in on the desktop login page; a person with several platforms picks 教职工服务平台 (where
 * the approval centre is on the menu) on the selection page.
 */
async function signIn(page: Page, username: string, password: string): Promise<void> {
  const answer = await login(page, username, password);
  expect(answer.errorCode, `${username}: ${answer.message}`).toBe('0x00000000');
  await page.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
  if (new URL(page.url()).pathname === '/platformSelection') {
    await page.getByRole('button', { name: '进入教职工服务平台' }).click();
    await page.waitForURL((u) => u.pathname !== '/platformSelection', { timeout: 15_000 });
  }
}

/** An administrator's call, answered with its data (the lookups of who leads the student's college). */
async function adminCall<T>(page: Page, token: string, url: string, data: object): Promise<T> {
  const res = await page.request.post(url, { headers: { Authorization: token }, data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.errorCode, `${url}: ${body.message}`).toBe('0x00000000');
  return body.data;
}

/** The approval page of a task: the newest pending task is the first row of 待我审批 (newest first). */
async function openNewestTask(page: Page): Promise<void> {
  await page.goto('/web/taskCenter/taskWorkBench?type=dsp');
  const row = page
    .locator('.ant-table-row')
    .filter({ hasText: need(made.title, 'the title') })
    .first();
  await row.click();
  await expectPath(page, '/web/taskCenter/taskApproval');
  // It is this run's request: its reason is on the form.
  await page.getByText(need(made.reason, 'the reason')).first().waitFor();
}

/** The history's actions, oldest first (data-history on each timeline item). */
const historyActions = (page: Page) =>
  page.locator('[data-history]').evaluateAll((els) => els.map((e) => e.getAttribute('data-history')));

describe('the approval centre: a leave request from application to the dorm office', () => {
  it("finds the student's college leaders and a dorm-office member (administrator lookups)", () =>
    inPage(browser, async (admin) => {
      const answer = await login(admin, ACCOUNTS.admin.username, ACCOUNTS.admin.password, { admin: true });
      expect(answer.errorCode).toBe('0x00000000');
      await expectPath(admin, '/cms/home/index');
      const token = need((await tokenOf(admin)) ?? undefined, 'the admin token');

      const students = await adminCall<{ list: UserPick[] }>(admin, token, '/user/api/v1.user/getUserList/', {
        keyword: ACCOUNTS.student.username,
        page: 1,
        pageSize: 10,
      });
      const student = students.list.find((u) => u.username === ACCOUNTS.student.username);
      const departmentId = need(student?.department?.id, "the student's department");
      made.student = student!.realName;
      // 部门负责人 of the student's department or the nearest department up the tree that has any.
      let dept = await adminCall<DepartmentDetail>(admin, token, '/user/api/v1.department/getDepartment/', {
        id: departmentId,
      });
      const ancestors = [...dept.path].reverse();
      while (!dept.leaders.length && ancestors.length) {
        dept = await adminCall<DepartmentDetail>(admin, token, '/user/api/v1.department/getDepartment/', {
          id: ancestors.shift()!.id,
        });
      }
      expect(dept.leaders).toHaveLength(2);
      const leaders: string[] = [];
      for (const l of dept.leaders) {
        const found = await adminCall<{ list: UserPick[] }>(admin, token, '/user/api/v1.user/getUserList/', {
          keyword: l.userNo,
          page: 1,
          pageSize: 10,
        });
        leaders.push(need(found.list.find((u) => u.id === l.id)?.username, `leader ${l.realName}`));
      }
      const roles = await adminCall<RoleItem[]>(admin, token, '/user/api/v1.role/getRoleGroup/', {});
      const dormRole = need(
        roles.find((r) => r.code === 'dorm_office'),
        'the dorm office role',
      );
      const dorm = await adminCall<{ list: UserPick[] }>(admin, token, '/user/api/v1.user/getUserList/', {
        roleId: dormRole.id,
        page: 1,
        pageSize: 10,
      });
      made.leaders = leaders;
      made.dorm = need(dorm.list.find((u) => u.status === 'active')?.username, 'a dorm-office member');
    }));

  it('a student applies for leave from 办事服务 and follows it to the approval page', { timeout: 60_000 }, () =>
    inPage(browser, async (page) => {
      await signIn(page, ACCOUNTS.student.username, ACCOUNTS.student.password);
      await page.goto('/web/taskCenter/taskProcessServices');
      const card = page
        .locator('.ant-card')
        .filter({ has: page.locator('.ant-card-head-title', { hasText: '学生请假申请' }) })
        // The page's own card holds every process's card (the demo offers students several): the innermost is this one.
        .filter({ hasNot: page.locator('.ant-card') });
      await card.getByText('审批流程：学生请假审批').waitFor();
      await card.getByRole('button', { name: '立即办理' }).click();
      await expectPath(page, '/web/taskCenter/taskFormWrite');

      const form = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: '学生请假申请' }) });
      // The demo student has no phone number on file: the field's default is empty.
      await formItem(form, '联系电话').locator('input').fill('13800138000');
      await formItem(form, '请假类型').locator('.ant-select').click();
      await pickOption(page, '事假');
      await pickTodayRange(formItem(form, '请假时间'), today);
      await formItem(form, '请假天数').locator('input').fill('3');
      made.reason = `回家参加家人婚礼 ${Date.now().toString(36)}`;
      await formItem(form, '请假事由').locator('textarea').fill(made.reason);

      const res = await clickFor(
        form.getByRole('button', { name: /^提\s*交\s*申\s*请$/ }),
        isPath('/workflow/api/v1.formFill/submit/'),
      );
      const answer = (await res.json()) as Envelope<SubmitAnswer>;
      expect(answer.errorCode, answer.message).toBe('0x00000000');
      expect(answer.data.follow?.label).toBe('查看审批进度');
      await page.getByText('提交成功').waitFor();
      await page.getByRole('button', { name: '查看审批进度' }).click();
      const url = await expectPath(page, '/web/taskCenter/taskApproval');
      made.instanceId = Number(url.searchParams.get('instanceId'));
      expect(made.instanceId).toBeGreaterThan(0);
      await page.locator('.ant-tag').getByText('审批中', { exact: true }).waitFor();
      made.title = (await page.getByRole('heading', { level: 4 }).textContent()) ?? undefined;
      // The process's title rule: kind and dates tell a student's requests apart.
      expect(made.title).toBe(`${need(made.student, 'the student')}的请假申请（事假，${today}至${today}）`);
      // Waiting at the counsellor: the chart marks it, the history has the submission.
      expect(await historyActions(page)).toEqual(['submit']);
    }),
  );

  it('the counsellor returns it with a reason', { timeout: 60_000 }, () =>
    inPage(browser, async (page) => {
      await signIn(page, ACCOUNTS.teacher.username, ACCOUNTS.teacher.password);
      await openNewestTask(page);
      await page.getByText('辅导员审批 · 待处理').waitFor();
      await page.getByRole('button', { name: /^退\s*回$/ }).click();
      const box = dialog(page, '退回');
      await box.getByRole('radio', { name: '退回申请人修改' }).waitFor();
      expect(await box.getByRole('radio', { name: '退回申请人修改' }).isChecked()).toBe(true);
      await box.getByRole('textbox').fill('请写明离校期间的联系人');
      const res = await clickFor(box.getByRole('button', { name: /^确\s*定$/ }), isPath(`${TASK}/reject/`));
      expect(((await res.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');
      await toast(page, '已退回').waitFor();
      await expectPath(page, '/web/taskCenter/taskWorkBench');
    }),
  );

  it('the student edits and resubmits the returned request', { timeout: 60_000 }, () =>
    inPage(browser, async (page) => {
      await signIn(page, ACCOUNTS.student.username, ACCOUNTS.student.password);
      // 我发起的 lists it as returned; the row opens it.
      await page.goto('/web/taskCenter/taskWorkBench?type=wfq');
      const row = page
        .locator('.ant-table-row')
        .filter({ hasText: need(made.title, 'the title') })
        .first();
      await row.getByText('已退回').waitFor();
      await row.click();
      await expectPath(page, '/web/taskCenter/taskApproval');
      expect(new URL(page.url()).searchParams.get('instanceId')).toBe(String(made.instanceId));
      await page.getByText('请写明离校期间的联系人').first().waitFor();

      await page.getByRole('button', { name: '重新提交' }).click();
      const form = page
        .locator('.ant-card')
        .filter({ has: page.locator('.ant-card-head-title', { hasText: '表单内容' }) });
      made.reason = `${need(made.reason, 'the reason')}，离校期间联系人：母亲`;
      await formItem(form, '请假事由').locator('textarea').fill(made.reason);
      await form.getByPlaceholder('修改说明（选填）').fill('已补充联系人');
      const res = await clickFor(form.getByRole('button', { name: /^提\s*交$/ }), isPath(`${INSTANCE}/resubmit/`));
      expect(((await res.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');
      await toast(page, '已重新提交').waitFor();
      await page.locator('.ant-tag').getByText('审批中', { exact: true }).waitFor();
    }),
  );

  it('the counsellor approves the resubmitted request', { timeout: 60_000 }, () =>
    inPage(browser, async (page) => {
      await signIn(page, ACCOUNTS.teacher.username, ACCOUNTS.teacher.password);
      await openNewestTask(page);
      await page.getByRole('button', { name: /^同\s*意$/ }).click();
      const box = dialog(page, '同意');
      await box.getByRole('textbox').fill('同意，注意安全');
      const res = await clickFor(box.getByRole('button', { name: /^确\s*定$/ }), isPath(`${TASK}/approve/`));
      expect(((await res.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');
      await toast(page, '已同意').waitFor();
    }),
  );

  it("one college leader approves from the phone's pending list", { timeout: 60_000 }, async () => {
    const [leader] = need(made.leaders, 'the leaders');
    await inContext(
      await phoneContext(browser),
      async (phone) => {
        const answer = await login(phone, leader!, GENERATED_PASSWORD, { path: '/mobile/mobileLogin' });
        expect(answer.errorCode, answer.message).toBe('0x00000000');
        // Staff have two platforms: the phone asks in a sheet.
        await phone.locator('.adm-action-sheet').getByText('教职工服务平台').click();
        await expectPath(phone, /^\/mobile\/(?!mobileLogin)/);
        await phone.goto('/mobile/taskPending');
        const item = phone
          .locator('.adm-list-item')
          .filter({ hasText: need(made.title, 'the title') })
          .first();
        await item.getByText('学院审批').waitFor();
        await item.click();
        await phone.getByText(need(made.reason, 'the reason')).first().waitFor();
        await phone.getByRole('button', { name: '同意' }).click();
        await phone.getByRole('textbox', { name: '审批意见' }).fill('同意');
        const res = await clickFor(phone.getByRole('button', { name: '确认同意' }), isPath(`${TASK}/approve/`));
        expect(((await res.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');
        await phone.locator('.adm-toast-main').getByText('已同意').waitFor();
      },
      'phone',
    );
  });

  it('the other college leader approves on a desktop, and the request is approved', { timeout: 60_000 }, () =>
    inPage(browser, async (page) => {
      const [, leader] = need(made.leaders, 'the leaders');
      await signIn(page, leader!, GENERATED_PASSWORD);
      await openNewestTask(page);
      // The countersign: one of the two has approved already.
      await page.getByText('学院审批 · 待处理').waitFor();
      await page.getByRole('button', { name: /^同\s*意$/ }).click();
      const res = await clickFor(
        dialog(page, '同意').getByRole('button', { name: /^确\s*定$/ }),
        isPath(`${TASK}/approve/`),
      );
      expect(((await res.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');
      await toast(page, '已同意').waitFor();
    }),
  );

  it('the student sees 已通过 with every step in the history', { timeout: 60_000 }, () =>
    inPage(browser, async (page) => {
      await signIn(page, ACCOUNTS.student.username, ACCOUNTS.student.password);
      const instanceId = need(made.instanceId, 'the instance');
      const detail = page.waitForResponse((r) => isPath(`${INSTANCE}/detail/`)(r));
      await page.goto(`/web/taskCenter/taskApproval?instanceId=${instanceId}`);
      const view = ((await (await detail).json()) as Envelope<InstanceView>).data;
      await page.locator('.ant-tag').getByText('已通过', { exact: true }).first().waitFor();
      expect(await historyActions(page)).toEqual([
        'submit',
        'return',
        'resubmit',
        'approve',
        'approve',
        'approve',
        'copy',
        'finish',
      ]);
      // Who did each step, in order: the counsellor twice, then the two leaders (either order).
      const actors = view.history.map((h) => [h.action, h.nodeName ?? '']);
      expect(actors).toEqual([
        ['submit', expect.any(String)],
        ['return', '辅导员审批'],
        ['resubmit', expect.any(String)],
        ['approve', '辅导员审批'],
        ['approve', '学院审批'],
        ['approve', '学院审批'],
        ['copy', '抄送宿管办'],
        ['finish', expect.any(String)],
      ]);
      await page.getByText('请写明离校期间的联系人').first().waitFor();
      await page.getByText(need(made.reason, 'the reason')).first().waitFor();
      // 我发起的 says so too.
      await page.goto('/web/taskCenter/taskWorkBench?type=wfq');
      await page
        .locator('.ant-table-row')
        .filter({ hasText: need(made.title, 'the title') })
        .first()
        .getByText('已通过')
        .waitFor();
    }),
  );

  it('the dorm office finds it under 抄送我的', { timeout: 60_000 }, () =>
    inPage(browser, async (page) => {
      await signIn(page, need(made.dorm, 'the dorm-office member'), GENERATED_PASSWORD);
      await page.goto('/web/taskCenter/taskWorkBench?type=cswd');
      const row = page
        .locator('.ant-table-row')
        .filter({ hasText: need(made.title, 'the title') })
        .first();
      await row.waitFor();
      await row.click();
      await expectPath(page, '/web/taskCenter/taskApproval');
      expect(new URL(page.url()).searchParams.get('instanceId')).toBe(String(made.instanceId));
      await page.locator('.ant-tag').getByText('已通过', { exact: true }).first().waitFor();
      await page.getByText(need(made.reason, 'the reason')).first().waitFor();
    }),
  );
});
