import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmitAnswer } from '../src/modules/forms/contract';
import { inContext, inPage, launchBrowser, resultsDir } from './support/browser';
import { ACCOUNTS, expectPath, login, tokenOf, type Envelope } from './support/login';
import { clickFor, formItem, isPath, need, phoneContext, pickOption, pickTodayRange } from './support/ui';

/**
 * Issue 24 item 2's bar: an e-mail arriving at a local SMTP sink. The test starts its own sink
 * (smtp-server) on a loopback port; the administrator points the e-mail channel at it on 通知渠道
 * and sends a test; then a real event — a student applies for leave, so the counsellor 王建国 gets
 * a 待办 — produces an e-mail to his address, sent by the `messages.deliver` job (立即运行 through
 * the back office, as workflow-time-limits.e2e runs its job; the every-minute schedule would take
 * it too). The back-office pages and the phone's 通知设置 are photographed.
 */

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

let browser: Browser;
const mails: Mail[] = [];
let sink: SMTPServer;
let sinkPort = 0;
const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());

beforeAll(async () => {
  browser = await launchBrowser();
  sink = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, cb) {
      simpleParser(stream)
        .then((m) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: m.subject ?? '',
            text: m.text ?? '',
          });
          cb();
        })
        .catch(cb);
    },
  });
  sinkPort = await new Promise<number>((resolve) =>
    sink.listen(0, '127.0.0.1', () => resolve((sink.server.address() as { port: number }).port)),
  );
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => (sink ? sink.close(() => r()) : r()));
});

async function adminIn(page: Page): Promise<string> {
  const answer = await login(page, ACCOUNTS.admin.username, ACCOUNTS.admin.password, { admin: true });
  expect(answer.errorCode, answer.message).toBe('0x00000000');
  await expectPath(page, '/cms/home/index');
  return need((await tokenOf(page)) ?? undefined, 'the admin token');
}

describe('e-mail notifications through a local SMTP sink', () => {
  it('the administrator points the e-mail channel at the sink and sends a test', { timeout: 90_000 }, () =>
    inPage(browser, async (page) => {
      await adminIn(page);
      await page.goto('/cms/message/notifyChannel');
      const form = page.locator('form').filter({ has: page.getByText('SMTP 服务器') });
      await formItem(form, 'SMTP 服务器').locator('input').fill('127.0.0.1');
      await formItem(form, '端口').locator('input').fill(String(sinkPort));
      await formItem(form, '加密方式').locator('.ant-select').click();
      await pickOption(page, '不加密（仅限内网中继）');
      await formItem(form, '发件人').locator('input').fill('门户通知 <noreply@hxlg.edu.cn>');
      await formItem(form, '用户名').locator('input').fill('');
      const enabled = formItem(form, '启用').getByRole('switch');
      if ((await enabled.getAttribute('aria-checked')) !== 'true') await enabled.click();
      const saved = await clickFor(
        form.getByRole('button', { name: /^保\s*存$/ }),
        isPath('/message/api/v1.notify/channel/save/'),
      );
      expect(((await saved.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');

      await page.getByRole('textbox', { name: '测试收件地址' }).fill('e2e-admin@example.edu.cn');
      await page.getByRole('button', { name: '发送测试' }).click();
      await page.getByText('发送成功').waitFor();
      await expect.poll(() => mails.filter((m) => m.to.includes('e2e-admin@example.edu.cn')).length).toBe(1);
      expect(mails[0]!.subject).toContain('电子邮件渠道测试');
      await page.screenshot({ path: `${resultsDir}/notify-channel-1920.png` });
    }),
  );

  it('a student’s leave gives the counsellor a 待办 that arrives as an e-mail', { timeout: 240_000 }, async () => {
    await inPage(browser, async (page) => {
      const answer = await login(page, ACCOUNTS.student.username, ACCOUNTS.student.password);
      expect(answer.errorCode, answer.message).toBe('0x00000000');
      await page.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
      await page.goto('/web/taskCenter/taskProcessServices');
      const card = page
        .locator('.ant-card')
        .filter({ has: page.locator('.ant-card-head-title', { hasText: '学生请假申请' }) })
        .filter({ hasNot: page.locator('.ant-card') });
      await card.getByRole('button', { name: '立即办理' }).click();
      await expectPath(page, '/web/taskCenter/taskFormWrite');
      const form = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: '学生请假申请' }) });
      await formItem(form, '联系电话').locator('input').fill('13800138000');
      await formItem(form, '请假类型').locator('.ant-select').click();
      await pickOption(page, '事假');
      await pickTodayRange(formItem(form, '请假时间'), today);
      await formItem(form, '请假天数').locator('input').fill('1');
      await formItem(form, '请假事由')
        .locator('textarea')
        .fill(`参加竞赛 ${Date.now().toString(36)}`);
      const res = await clickFor(
        form.getByRole('button', { name: /^提\s*交\s*申\s*请$/ }),
        isPath('/workflow/api/v1.formFill/submit/'),
      );
      const submitted = (await res.json()) as Envelope<SubmitAnswer>;
      expect(submitted.errorCode, submitted.message).toBe('0x00000000');
    });

    await inPage(browser, async (page) => {
      const token = await adminIn(page);
      const run = await page.request.post('/user/api/v1.job/runNow/', {
        headers: { Authorization: token },
        data: { name: 'messages.deliver' },
      });
      expect(((await run.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');
      // The run may wait behind the demo's first syncs; the every-minute schedule would also take it.
      await expect
        .poll(() => mails.find((m) => m.to.includes('wangjianguo@hxlg.edu.cn') && /^【待办】.*请假/.test(m.subject)), {
          timeout: 200_000,
          interval: 2000,
        })
        .toBeDefined();
      const mail = mails.find((m) => m.to.includes('wangjianguo@hxlg.edu.cn') && m.subject.includes('请假'))!;
      expect(mail.subject).toContain('李明轩');
      expect(mail.text).toContain('王建国，您好');
      expect(mail.text).toMatch(/https?:\/\/\S+\/web\/taskCenter\/taskApproval\?/);

      await page.goto('/cms/message/notifyDelivery');
      // The log shows the counsellor's delivery, sent, his address masked.
      const row = page.getByRole('row').filter({ hasText: 'wa***@hxlg.edu.cn' }).filter({ hasText: '请假' }).first();
      await row.getByText('已发送').waitFor();
      await page.screenshot({ path: `${resultsDir}/notify-delivery-1920.png` });
      await page.goto('/cms/message/notifyTemplate');
      // The 预览 renders the sample values once the templates are loaded.
      await page.getByText('王建国，您好').first().waitFor();
      await page.screenshot({ path: `${resultsDir}/notify-template-1920.png` });
      await page.goto('/cms/message/demoMailbox');
      await page.getByText('演示邮箱').first().waitFor();
      await page.screenshot({ path: `${resultsDir}/notify-demo-mailbox-1920.png` });
    });
  });

  it('个人中心 → 通知设置 on the desktop, reached from the menu', { timeout: 60_000 }, () =>
    inPage(browser, async (page) => {
      const answer = await login(page, ACCOUNTS.student.username, ACCOUNTS.student.password);
      expect(answer.errorCode, answer.message).toBe('0x00000000');
      await page.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
      await page.goto('/web/userCenter/myHomepage');
      await page.getByRole('menuitem', { name: '通知设置' }).click();
      await expectPath(page, '/web/userCenter/notifySettings');
      const taskMail = page.getByRole('checkbox', { name: '待办 电子邮件' });
      await taskMail.waitFor();
      expect(await taskMail.isChecked()).toBe(true);
      expect(await page.getByRole('button', { name: /保\s*存/ }).isEnabled()).toBe(true);
      await page.waitForTimeout(500); // antd's checkbox animation, for the screenshot
      await page.screenshot({ path: `${resultsDir}/notify-settings-1920.png` });
    }),
  );

  it('个人中心 → 通知设置 on the phone at 360 px', { timeout: 60_000 }, async () => {
    const context = await phoneContext(browser);
    await inContext(
      context,
      async (page) => {
        const answer = await login(page, ACCOUNTS.student.username, ACCOUNTS.student.password, {
          path: '/mobile/mobileLogin',
        });
        expect(answer.errorCode, answer.message).toBe('0x00000000');
        await expectPath(page, '/mobile/home');
        await page.goto('/mobile/notifySettings');
        const taskMail = page.getByRole('switch', { name: '待办 电子邮件' });
        await taskMail.waitFor();
        expect(await taskMail.getAttribute('aria-checked')).toBe('true');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${resultsDir}/notify-settings-phone-360.png`, fullPage: true });
      },
      'phone',
    );
    await context.close();
  });
});
