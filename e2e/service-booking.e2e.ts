import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WindowSaveBody } from '../src/modules/service-booking/contract';
import { inContext, inPage, launchBrowser, newContext, resultsDir } from './support/browser';
import { ACCOUNTS, login, tokenOf, type Envelope } from './support/login';
import { dialog, isPath, need, pickOption, toast } from './support/ui';

/**
 * Issue 17's booking and permits in Chromium: two students press 确认预约 on the last seat of a
 * slot at the same moment — exactly one gets it, the other sees 已约满 with the next free slots;
 * 学生工作处's staff member issues a permit, anyone verifies it on the public page, and after it is
 * revoked the page says so.
 */

const ITEM = '学生证补办';
const WINDOW = 'e2e 抢号窗口';

let browser: Browser;
let rival: string;
let deskStaff: string;
let itemId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  const db = new Database(path.join(inject('dataDir'), 'campus-portal.sqlite'), { readonly: true });
  try {
    itemId = (db.prepare('select id from svc_item where name = ?').get(ITEM) as { id: number }).id;
    // A student with no live booking of the item and no no-shows (so nothing but the seat decides).
    rival = (
      db
        .prepare(
          `select u.username from app_user u where u.kind = 'student' and u.status = 'active' and u.username <> 'student'
           and not exists (select 1 from sb_booking b where b.user_id = u.id and (b.item_id = ? or b.status = 'no_show'))
           order by u.id limit 1`,
        )
        .get(itemId) as { username: string }
    ).username;
    deskStaff = (
      db
        .prepare(
          `select u.username from app_user u join department d on d.id = u.department_id
           where d.name = '学生工作处' and u.kind = 'staff' order by u.user_no limit 1`,
        )
        .get() as { username: string }
    ).username;
  } finally {
    db.close();
  }
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, username: string, password: string, admin = false): Promise<void> {
  const answer = await login(page, username, password, { admin });
  expect(answer.errorCode, `${username}: ${answer.message}`).toBe('0x00000000');
  await page.waitForURL((u) => !/^\/login/i.test(u.pathname), { timeout: 15_000 });
  if (new URL(page.url()).pathname === '/platformSelection') {
    await page.getByRole('button', { name: '进入教职工服务平台' }).click();
    await page.waitForURL((u) => u.pathname !== '/platformSelection', { timeout: 15_000 });
  }
}

const beijingDate = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date(ms));
const tomorrow = beijingDate(Date.now() + 86_400_000);
const dayText = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
};

describe('预约办理', () => {
  it('two students book the last seat of a slot at once: one gets it, the other sees 已约满 and the next free slots', async () => {
    // The administrator opens a one-seat window for the item, every day 08:00–20:00 in hours.
    await inPage(browser, async (page) => {
      await signIn(page, ACCOUNTS.admin.username, ACCOUNTS.admin.password, true);
      const token = (await tokenOf(page)) ?? '';
      expect(token).not.toBe('');
      const scope = (await (
        await page.request.get('/affairs/api/v1.booking/manage/scope/', { headers: { Authorization: token } })
      ).json()) as Envelope<{ items: { id: number; departmentId: number }[] }>;
      const item = need(
        scope.data.items.find((i) => i.id === itemId),
        'the item in the administrator scope',
      );
      const body: WindowSaveBody = {
        departmentId: item.departmentId,
        itemId,
        name: WINDOW,
        location: '学生事务中心 9 号窗口',
        note: '',
        rules: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
        slotMinutes: 60,
        capacity: 1,
        cutoffMinutes: 0,
        status: 'active',
      };
      const saved = (await (
        await page.request.post('/affairs/api/v1.booking/manage/saveWindow/', {
          data: body,
          headers: { Authorization: token },
        })
      ).json()) as Envelope<{ id: number }>;
      expect(saved.errorCode, saved.message).toBe('0x00000000');
    });

    const a = await newContext(browser);
    const b = await newContext(browser);
    const pa = await a.newPage();
    const pb = await b.newPage();
    try {
      const open = async (page: Page, user: string, password: string) => {
        await signIn(page, user, password);
        await page.goto(`/web/eventService/orderline?id=${itemId}`);
        // The first visit waits for the lazy page and the demo's background syncs keep the server busy.
        await page.getByText(`预约办理 · ${ITEM}`).waitFor({ timeout: 40_000 });
        await page
          .locator('.ant-segmented-item')
          .filter({ hasText: dayText(tomorrow) })
          .click();
        await page.getByRole('button', { name: `10:00–11:00 ${WINDOW}` }).click({ timeout: 30_000 });
        await dialog(page, '确认预约').waitFor();
      };
      const shoot = async (page: Page, who: string) =>
        page
          .screenshot({ path: path.join(resultsDir, `service-booking-${who}.png`), fullPage: true })
          .catch(() => undefined);
      await open(pa, ACCOUNTS.student.username, ACCOUNTS.student.password).catch(async (e: unknown) => {
        await shoot(pa, 'student');
        throw e;
      });
      await open(pb, rival, 'Demo@2026').catch(async (e: unknown) => {
        await shoot(pb, 'rival');
        throw e;
      });
      const books = [pa, pb].map((p) => p.waitForResponse(isPath('/affairs/api/v1.booking/book/')));
      await Promise.all([pa, pb].map((p) => dialog(p, '确认预约').getByRole('button', { name: '确认预约' }).click()));
      const answers = (await Promise.all(books.map(async (r) => (await r).json()))) as Envelope<unknown>[];
      const codes = answers.map((x) => x.errorCode).sort();
      expect(codes).toEqual(['0x00000000', '0x00000811']);
      const winner = answers[0]!.errorCode === '0x00000000' ? pa : pb;
      const loser = winner === pa ? pb : pa;
      await toast(winner, /预约成功/).waitFor();
      const full = dialog(loser, '该时段已约满');
      await full.waitFor();
      await full
        .getByText(/已约满/)
        .first()
        .waitFor();
      // The alternatives: the next free slots, each bookable from the dialog.
      await expect(full.getByRole('button', { name: '预约此时段' }).count()).resolves.toBeGreaterThan(0);
      // The winner's booking is in 我的预约; the slot now shows 已约满 to the other.
      await winner.getByRole('cell', { name: ITEM }).first().waitFor();
      await loser.keyboard.press('Escape');
      await loser
        .getByRole('button', { name: `10:00–11:00 ${WINDOW}` })
        .getByText('已约满')
        .waitFor();
    } finally {
      await a.close();
      await b.close();
    }
  }, 180_000);

  it('a permit is issued by the department, verified on the public page, and shows 已撤销 once revoked', async () => {
    let code = '';
    const staff = await newContext(browser);
    await inContext(staff, async (page) => {
      await signIn(page, deskStaff, 'Demo@2026');
      await page.goto('/web/serviceDesk/permits');
      await page.getByRole('button', { name: '签发证照' }).click();
      const d = dialog(page, '签发电子证照');
      await d.getByRole('combobox').first().click();
      await pickOption(page, ITEM);
      await d.getByLabel('持证人学号/工号').fill(rival);
      const issued = page.waitForResponse(isPath('/affairs/api/v1.permit/manage/issue/'));
      await d.getByRole('button', { name: /签\s*发/ }).click();
      expect(((await (await issued).json()) as Envelope<{ id: number }>).errorCode).toBe('0x00000000');
      await toast(page, '已签发').waitFor();
      const row = page.getByRole('row').filter({ hasText: rival }).first();
      code = ((await row.locator('code').textContent()) ?? '').trim();
      expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

      // Anyone checks it, signed out.
      await inPage(browser, async (anon) => {
        await anon.goto(`/home/permitVerify?code=${code}`);
        await anon.getByText('证照有效').waitFor();
        await anon.getByText('学生证补办受理凭证').waitFor();
        await expect(anon.getByText(/\*/).first().textContent()).resolves.toContain('*');
      });

      // Revoked with a reason: the public page says so.
      await row.getByRole('button', { name: /撤\s*销/ }).click();
      const r = dialog(page, /撤销「/);
      await r.getByLabel('撤销原因').fill('证件信息有误，需重新办理');
      await r.getByRole('button', { name: /撤\s*销/ }).click();
      await toast(page, '已撤销').waitFor();
      await inPage(browser, async (anon) => {
        await anon.goto(`/home/permitVerify?code=${code}`);
        await anon.getByText('证照已撤销').waitFor();
        await anon.getByText(/证件信息有误/).waitFor();
      });
      // An unknown code is unknown.
      await inPage(browser, async (anon) => {
        await anon.goto('/home/permitVerify?code=AAAA-BBBB-CCCC');
        await anon.getByText('未找到该验证码对应的证照').waitFor();
      });
    });
  }, 180_000);
});
