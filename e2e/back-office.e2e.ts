import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inPage, launchBrowser, newContext } from './support/browser';
import { ACCOUNTS, expectPath, login, tokenOf, type Envelope } from './support/login';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PLATFORM = '学生服务平台';
const NO_ACCESS = '无资源访问权限';

/** An antd message toast with this text (not any other text on the page). */
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).first();

/** The open antd dialog (modal or confirm) whose title is this. */
const dialog = (page: Page, title: string | RegExp) =>
  page.getByRole('dialog').filter({ has: page.locator('.ant-modal-title, .ant-modal-confirm-title').getByText(title) });

/** Waits until an antd dialog or drawer has finished its opening motion (a click during it can be lost). */
async function settled(box: Locator): Promise<Locator> {
  await box.waitFor();
  await expect
    .poll(() =>
      box.evaluate(
        (el) => el.getAnimations({ subtree: true }).length + (/-(appear|enter)\b/.test(el.className) ? 1 : 0),
      ),
    )
    .toBe(0);
  return box;
}

/** The open drawer whose title is this. */
const drawer = (page: Page, title: string | RegExp) =>
  page.locator('.ant-drawer-content-wrapper').filter({ has: page.locator('.ant-drawer-title').getByText(title) });

/**
 * The input of the form item labelled `label` inside `scope`. Found through the item rather than
 * getByLabel: two forms of one page without a form name give their fields the same ids, so a
 * label's `for` can point at the other form's field.
 */
const formItem = (scope: Locator, label: string) =>
  scope
    .locator('.ant-form-item')
    .filter({ has: scope.page().locator('.ant-form-item-label').getByText(label, { exact: true }) });
const field = (scope: Locator, label: string) => formItem(scope, label).locator('input').first();

/** Opens the Select / TreeSelect of the form item labelled `label`, types `search` if given, and picks `option`. */
async function choose(scope: Locator, label: string, option: string, search?: string): Promise<void> {
  await formItem(scope, label).locator('.ant-select').click();
  if (search) await scope.page().keyboard.type(search);
  await pickOption(scope.page(), option);
}

/** Picks `label` in the open Select / TreeSelect dropdown (the search box has already narrowed it). */
async function pickOption(page: Page, label: string): Promise<void> {
  const popup = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await popup
    .locator(`.ant-select-item-option[title="${label}"], .ant-select-tree-node-content-wrapper[title="${label}"]`)
    .first()
    .click();
}

/** The check box of a node of the permission tree, by the node's title. */
const treeCheckbox = (page: Page, title: string) =>
  page
    .locator('.ant-tree-treenode:not([aria-hidden])')
    .filter({ has: page.locator('.ant-tree-title').getByText(title, { exact: true }) })
    .locator('.ant-tree-checkbox');

const isChecked = async (box: Locator) =>
  (await box.getAttribute('class'))?.includes('ant-tree-checkbox-checked') ?? false;

/** The titles of the permission tree's nodes, in order. */
const treeTitles = async (page: Page) =>
  (await page.locator('.ant-tree-treenode:not([aria-hidden]) .ant-tree-title').allTextContents()).map((t) => t.trim());

/** What the user's sider offers, pages and groups alike, in order. */
const siderItems = async (page: Page) =>
  (await page.locator('.ant-layout-sider').locator('.ant-menu-item, .ant-menu-submenu-title').allTextContents()).map(
    (t) => t.trim(),
  );

async function signInAdmin(page: Page): Promise<void> {
  const answer = await login(page, ACCOUNTS.admin.username, ACCOUNTS.admin.password, { admin: true });
  expect(answer.errorCode).toBe('0x00000000');
  await expectPath(page, '/cms/home/index');
}

/** On 权限分配: the platform and role chosen through the two selects, showing the role's menu tree. */
async function openGrants(page: Page, roleName: string): Promise<void> {
  await page.goto('/cms/systemSetting/permission');
  await page.getByRole('combobox', { name: '平台' }).click();
  await pickOption(page, PLATFORM);
  const role = page.getByRole('combobox', { name: '角色' });
  await role.click();
  await role.fill(roleName);
  await pickOption(page, roleName);
  await treeCheckbox(page, '首页').waitFor();
}

async function saveGrants(page: Page): Promise<void> {
  await page.getByRole('button', { name: /保存权限/ }).click();
  await toast(page, '权限已保存').waitFor();
}

describe('the back office runs an account from department to menus to disabling it', () => {
  it(
    'creates a department, a user, a role with two menus on a platform; the user sees exactly those, is refused the rest, and is signed out once disabled',
    { timeout: 90_000 },
    () =>
      inPage(browser, async (admin) => {
        const suffix = Date.now().toString(36);
        const dept = `测试学院${suffix}`;
        const username = `e2e_${suffix}`;
        const realName = `测试${suffix}`;
        const initialPassword = 'E2e@2026pass';
        const newPassword = 'E2e@2026next';
        const roleCode = `e2e_${suffix}`;
        const roleName = `测试角色${suffix}`;

        await signInAdmin(admin);

        // 1. 部门管理: a college under the school root (the page opens on the first top-level department).
        await admin.goto('/cms/systemSetting/organization');
        // The school root: the tree node tagged 学校 (the tree keeps a hidden motion node: skip aria-hidden ones).
        const root = admin
          .locator('.ant-tree-treenode:not([aria-hidden])')
          .filter({ has: admin.locator('.ant-tag').getByText('学校', { exact: true }) })
          .first();
        await root.locator('.ant-tree-title').click();
        await admin.getByRole('button', { name: /新增下级部门/ }).click();
        const deptModal = dialog(admin, /的下级部门$/);
        await field(deptModal, '部门名称').fill(dept);
        await field(deptModal, '部门编码').fill(`E2E${suffix}`.slice(0, 32));
        await choose(deptModal, '部门类型', '学院');
        await deptModal.getByRole('button', { name: /创\s*建/ }).click();
        await toast(admin, '部门已创建').waitFor();
        await admin.locator('.ant-tree-title').getByText(dept, { exact: true }).waitFor();

        // 2. 账号管理: a student in that department.
        await admin.goto('/cms/systemSetting/account');
        await admin.getByRole('button', { name: /新\s*增$/ }).click();
        const accountDrawer = drawer(admin, '新增账号');
        await field(accountDrawer, '用户名').fill(username);
        await field(accountDrawer, '初始密码').fill(initialPassword);
        await field(accountDrawer, '姓名').fill(realName);
        await field(accountDrawer, '学工号').fill(`E${suffix}`);
        await choose(accountDrawer, '类型', '学生');
        await choose(accountDrawer, '部门', dept, dept);
        await accountDrawer.getByRole('button', { name: /保\s*存/ }).click();
        await toast(admin, /账号已创建/).waitFor();
        const accountRow = admin.locator('.ant-table-row').filter({ hasText: username });
        await admin.getByLabel('关键字').fill(username);
        await admin.getByRole('button', { name: /查\s*询/ }).click();
        await expect.poll(() => accountRow.count()).toBe(1);
        expect(await accountRow.textContent()).toContain(dept);

        // 3. 角色管理: a role in the first role group, and the user as its member.
        await admin.goto('/cms/systemSetting/role');
        await admin.getByRole('button', { name: /新增角色$/ }).click();
        const roleModal = dialog(admin, '新增角色');
        await field(roleModal, '角色编码').fill(roleCode);
        await field(roleModal, '角色名称').fill(roleName);
        await roleModal.getByRole('button', { name: /保\s*存/ }).click();
        await toast(admin, '角色已创建').waitFor();
        await admin
          .locator('.ant-table-row')
          .filter({ hasText: roleCode })
          .getByRole('button', { name: /成\s*员/ })
          .click();
        const members = drawer(admin, `角色成员：${roleName}`);
        await members.getByRole('button', { name: /添加成员/ }).click();
        const picker = dialog(admin, `为“${roleName}”添加成员`);
        await picker.getByPlaceholder(/搜索/).fill(username);
        await picker.getByPlaceholder(/搜索/).press('Enter');
        const pickRow = picker.locator('.ant-table-row').filter({ hasText: username });
        await expect.poll(() => picker.locator('.ant-table-row').count()).toBe(1);
        await pickRow.locator('.ant-checkbox-input').check();
        await picker.getByRole('button', { name: /添加（1）/ }).click();
        await toast(admin, '已添加 1 名成员').waitFor();
        await members.locator('.ant-table-row').filter({ hasText: username }).waitFor();

        // 4. 平台配置: the role's members belong to the student platform.
        await admin.goto('/cms/systemSetting/platformConfig');
        await admin
          .locator('.ant-table-row')
          .filter({ hasText: PLATFORM })
          .getByRole('button', { name: /^角\s*色$/ })
          .click();
        const platformDrawer = drawer(admin, PLATFORM);
        await platformDrawer.getByRole('checkbox', { name: roleName }).check();
        await platformDrawer.getByRole('button', { name: /保存角色/ }).click();
        await toast(admin, '平台角色已保存').waitFor();

        // 5. 权限分配: exactly 首页 and 帮助中心 for that role on that platform (of all the platform's menus).
        await openGrants(admin, roleName);
        expect(await treeTitles(admin)).toEqual(expect.arrayContaining(['首页', '帮助中心']));
        for (const title of ['首页', '帮助中心']) {
          expect(await isChecked(treeCheckbox(admin, title))).toBe(false);
          await treeCheckbox(admin, title).click();
        }
        await saveGrants(admin);

        // 6. The user, in a browser of their own.
        const userContext = await newContext(browser);
        try {
          const user = await userContext.newPage();
          const first = await login(user, username, initialPassword);
          expect(first.errorCode).toBe('0x00000000');
          expect(first.data.menus.plant_front.map((p) => p.platform_name)).toEqual([PLATFORM]);
          // A new account must change its initial password first: the app asks for it and cannot be dismissed.
          const change = dialog(user, '修改密码');
          await change.getByPlaceholder('请输入原密码').fill(initialPassword);
          await change.getByPlaceholder('请输入新密码').fill(newPassword);
          await change.getByPlaceholder('请再次输入新密码').fill(newPassword);
          await change.getByRole('button', { name: /确认修改/ }).click();
          await expectPath(user, '/login');

          const second = await login(user, username, newPassword);
          expect(second.errorCode).toBe('0x00000000');
          expect(second.data.user_info.must_change_pwd).toBe(0);
          // One platform: straight into it, no platform selection.
          await expectPath(user, '/web/home/index');
          await user.getByText(PLATFORM, { exact: true }).first().waitFor();
          await expect.poll(() => siderItems(user)).toEqual(['首页', '帮助中心']);

          // Refused the back office: the page guard…
          await user.goto('/cms/systemSetting/account');
          await toast(user, NO_ACCESS).waitFor();
          await expectPath(user, '/notFound');
          // …and the server.
          const token = await tokenOf(user);
          expect(token).toBeTruthy();
          const refused = await user.request.get('/user/api/v1.account/list/?page=1&pageSize=10', {
            headers: { Authorization: token! },
          });
          expect(((await refused.json()) as Envelope<unknown>).errorCode).toBe('0x00000010');

          // 7. The administrator takes 帮助中心 away; the user's next sign-in shows only 首页.
          await openGrants(admin, roleName);
          expect(await isChecked(treeCheckbox(admin, '首页'))).toBe(true);
          expect(await isChecked(treeCheckbox(admin, '帮助中心'))).toBe(true);
          await treeCheckbox(admin, '帮助中心').click();
          await saveGrants(admin);

          const third = await login(user, username, newPassword);
          expect(third.errorCode).toBe('0x00000000');
          await expectPath(user, '/web/home/index');
          await expect.poll(() => siderItems(user)).toEqual(['首页']);
          const openToken = await tokenOf(user);

          // 8. The administrator disables the user; the open session ends at its next request.
          await admin.goto('/cms/systemSetting/account');
          await admin.getByLabel('关键字').fill(username);
          await admin.getByRole('button', { name: /查\s*询/ }).click();
          const row = admin.locator('.ant-table-row').filter({ hasText: username });
          await expect.poll(() => row.count()).toBe(1);
          await row.getByRole('button', { name: /停\s*用/ }).click();
          const confirm = await settled(dialog(admin, `停用账号 ${realName}（${username}）？`));
          await confirm.getByRole('button', { name: /停\s*用/ }).click();
          await toast(admin, '账号已停用').waitFor();
          await row.getByText('停用', { exact: true }).waitFor();

          // The server ends the session at once…
          const check = await user.request.post('/user/api/v1.user/check_user_is_login/', {
            headers: { Authorization: openToken! },
          });
          expect(((await check.json()) as Envelope<unknown>).errorCode).toBe('0x00000011');
          // …and the page learns it at its next request: every route change (a reload too) rechecks
          // the login status, and a dead session is cleared where the user stands — this public home
          // stays, signed out.
          const recheck = user.waitForResponse(
            (r) => new URL(r.url()).pathname === '/user/api/v1.user/check_user_is_login/',
          );
          await user.reload();
          expect(((await (await recheck).json()) as Envelope<unknown>).errorCode).toBe('0x00000011');
          await expect.poll(() => tokenOf(user)).toBeNull();
          await expect.poll(() => user.getByRole('button', { name: '用户菜单' }).count()).toBe(0);
          // A back-office page now asks for a sign-in, carrying the page.
          await user.goto('/cms/systemSetting/account');
          const url = await expectPath(user, '/loginAdmin');
          expect(url.searchParams.get('to')).toBe('/cms/systemSetting/account');
          // And the disabled account cannot come back in.
          expect((await login(user, username, newPassword)).errorCode).not.toBe('0x00000000');
        } finally {
          await userContext.close();
        }
      }),
  );
});
