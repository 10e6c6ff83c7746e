import type { DemoSeed, DemoSeedContext } from '@/server/db/seed/module-seeds';
import { grantPagesToRoles } from '@/server/db/seed/role-pages';
import { DEMO_GENERATED_PASSWORD } from '@/server/db/seed';
import { hashPassword } from '@/server/identity/passwords';
import { approveTask, pendingTasksOfInstance, rejectTask } from '@/modules/workflow/server/commands/instances';
import type { FieldInfo } from '../contract';
import { APPROVER_ROLE, startApproval } from './approval';
import * as repo from './repository';
import { newAppKey } from './secret';
import { settle } from './service';

const DAY = 86_400_000;
/** The data administrator of the full demo (README demo table). */
export const DATA_ADMIN_USERNAME = '19880321';

const THEMES = [
  { name: '教学教务', description: '课程、课表、成绩等教学数据' },
  { name: '科学研究', description: '科研项目、论文与获奖' },
  { name: '图书文献', description: '馆藏图书与借阅' },
  { name: '校园生活', description: '一卡通商户、宿舍等校园生活数据' },
];

const f = (name: string, label: string): FieldInfo => ({ name, label });
/** Datasets on the data centre's demo tables (made by data-sync on first start; read by code when called). */
const DATASETS = [
  {
    code: 'course_catalog',
    name: '全校课程目录',
    theme: '教学教务',
    tableCode: 'jw_course',
    description: '全校开设课程的代码、名称、学分、学时与开课单位（不含内部编号）。',
    fields: [
      f('course_code', '课程代码'),
      f('name', '课程名称'),
      f('credit', '学分'),
      f('hours', '学时'),
      f('kind', '课程性质'),
      f('college_name', '开课单位'),
    ],
  },
  {
    code: 'research_projects',
    name: '科研项目清单',
    theme: '科学研究',
    tableCode: 'ky_project',
    description: '在研与结题的科研项目：级别、来源、经费与起止日期。',
    fields: [
      f('project_no', '项目编号'),
      f('title', '项目名称'),
      f('leader_name', '负责人'),
      f('unit_name', '所属单位'),
      f('level', '项目级别'),
      f('funder', '项目来源'),
      f('funding', '经费（万元）'),
      f('status', '状态'),
    ],
  },
  {
    code: 'library_books',
    name: '馆藏图书目录',
    theme: '图书文献',
    tableCode: 'tsg_book',
    description: '图书馆馆藏图书的题名、作者、出版信息与复本数。',
    fields: [
      f('isbn', 'ISBN'),
      f('title', '题名'),
      f('author', '作者'),
      f('publisher', '出版社'),
      f('publish_year', '出版年'),
      f('category', '分类'),
      f('copies', '复本数'),
    ],
  },
  {
    code: 'card_merchants',
    name: '一卡通商户',
    theme: '校园生活',
    tableCode: 'ykt_merchant',
    description: '校园卡可消费的商户、类别与位置。',
    fields: [f('merchant_id', '商户编号'), f('name', '商户名称'), f('kind', '类别'), f('location', '位置')],
  },
];

const day = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * 数据共享's demo part. Every seed: the role 数据共享管理员 (approves applications), the themes and
 * the datasets. The full demo adds the data administrator (`19880321`) and 信息化办公室's app
 * 智慧校园门户 (owner 段霞婷 `20100250`) with an approved grant of 全校课程目录, an application of
 * 馆藏图书目录 waiting in the administrator's 待办 and a rejected one of 科研项目清单 — all run
 * through the real process.
 */
export const demoSeed: DemoSeed = async (ctx) => {
  const { tx, now, size } = ctx;
  const staff = await tx.selectFrom('role').select(['groupId', 'id']).where('code', '=', 'staff').executeTakeFirst();
  const { id: roleId } = await tx
    .insertInto('role')
    .values({ groupId: staff?.groupId ?? null, code: APPROVER_ROLE, name: '数据共享管理员', sort: 95 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await approvalMenusFor(ctx, roleId);

  const themeIds = new Map<string, number>();
  for (const [i, t] of THEMES.entries())
    themeIds.set(t.name, await repo.insertTheme(tx, { ...t, sort: i + 1, createdAt: now - 30 * DAY }));
  const datasetIds = new Map<string, number>();
  for (const d of DATASETS)
    datasetIds.set(
      d.code,
      await repo.insertDataset(tx, {
        code: d.code,
        name: d.name,
        themeId: themeIds.get(d.theme)!,
        tableCode: d.tableCode,
        fields: JSON.stringify(d.fields),
        rowFilter: '{}',
        description: d.description,
        enabled: 1,
        createdAt: now - 30 * DAY,
        updatedAt: now - 30 * DAY,
      }),
    );

  if (size !== 'full' || !staff) return;
  await demoAccount(ctx, staff.id, roleId);
  await demoApplications(ctx, datasetIds);
};

async function demoAccount(ctx: DemoSeedContext, staffRoleId: number, roleId: number) {
  const { tx, now } = ctx;
  const office = await tx.selectFrom('department').select('id').where('name', '=', '信息化办公室').executeTakeFirst();
  const { id } = await tx
    .insertInto('appUser')
    .values({
      username: DATA_ADMIN_USERNAME,
      passwordHash: await hashPassword(DEMO_GENERATED_PASSWORD),
      realName: '沈数清',
      userNo: DATA_ADMIN_USERNAME,
      kind: 'staff',
      isAdmin: 0,
      departmentId: office?.id ?? null,
      phone: null,
      email: `${DATA_ADMIN_USERNAME}@hxlg.edu.cn`,
      gender: '女',
      avatar: null,
      status: 'active',
      mustChangePwd: 0,
      failedCount: 0,
      lockedUntil: null,
      lastLoginAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('userRole')
    .values([
      { userId: id, roleId: staffRoleId },
      { userId: id, roleId },
    ])
    .execute();
}

async function demoApplications(ctx: DemoSeedContext, datasetIds: Map<string, number>) {
  const { tx, now } = ctx;
  const owner = await tx
    .selectFrom('appUser')
    .leftJoin('department', 'department.id', 'appUser.departmentId')
    .select(['appUser.id', 'appUser.realName', 'appUser.departmentId', 'department.name as departmentName'])
    .where('appUser.username', '=', '20100250')
    .executeTakeFirst();
  const admin = await tx
    .selectFrom('appUser')
    .select(['id', 'realName'])
    .where('username', '=', DATA_ADMIN_USERNAME)
    .executeTakeFirst();
  if (!owner || !admin) return;
  // No secret yet: the owner makes one with 重置密钥 (shown once), as after losing it.
  const appId = await repo.insertApp(tx, {
    ownerId: owner.id,
    ownerName: owner.realName,
    name: '智慧校园门户',
    departmentId: owner.departmentId,
    departmentName: owner.departmentName ?? '',
    contact: `${owner.realName} 0571-86880000`,
    description: '门户首页的课程与图书查询',
    appKey: newAppKey(),
    secretSealed: '',
    status: 'active',
    ratePerMinute: 60,
    createdAt: now - 20 * DAY,
    updatedAt: now - 20 * DAY,
  });
  const who = { id: owner.id, name: owner.realName };
  const approver = { userId: admin.id, name: admin.realName, isAdmin: false };
  const plan = [
    { code: 'course_catalog', at: now - 14 * DAY, outcome: 'approve', purpose: '门户首页“课程查询”展示全校课程' },
    { code: 'research_projects', at: now - 7 * DAY, outcome: 'reject', purpose: '门户展示学院科研成果' },
    { code: 'library_books', at: now - 3600_000, outcome: 'wait', purpose: '门户首页“图书检索”' },
  ] as const;
  for (const p of plan) {
    const d = DATASETS.find((x) => x.code === p.code)!;
    const fields =
      p.code === 'course_catalog' ? ['course_code', 'name', 'credit', 'college_name'] : d.fields.map((x) => x.name);
    const periodStart = day(p.at);
    const periodEnd = day(p.at + 365 * DAY);
    const instanceId = await startApproval(
      tx,
      'apply',
      who,
      {
        app: '智慧校园门户',
        dataset: d.name,
        fields: fields.map((n) => d.fields.find((x) => x.name === n)?.label ?? n).join('、'),
        period: `${periodStart} 至 ${periodEnd}`,
        purpose: p.purpose,
      },
      p.at,
    );
    await repo.insertApplication(tx, {
      kind: 'apply',
      appId,
      datasetId: datasetIds.get(p.code)!,
      applicantId: owner.id,
      applicantName: owner.realName,
      purpose: p.purpose,
      fields: JSON.stringify(fields),
      periodStart,
      periodEnd,
      status: 'approving',
      grantId: null,
      instanceId,
      batchNo: '',
      reply: '',
      decidedAt: null,
      createdAt: p.at,
    });
    if (p.outcome === 'wait') continue;
    const [task] = await pendingTasksOfInstance(tx, instanceId);
    if (!task) continue;
    const actor = { ...approver, userId: task.assigneeId };
    const at = p.at + 2 * 3600_000;
    if (p.outcome === 'approve')
      await approveTask(tx, actor, { taskId: task.taskId, comment: '同意，注意数据安全' }, at);
    else await rejectTask(tx, actor, { taskId: task.taskId, comment: '涉及未公开项目，暂不共享', to: 'end' }, at);
    // The engine's hook settles it when the server is up; a seed run without it settles here (idempotent).
    await settle({
      trx: tx,
      instanceId,
      status: p.outcome === 'approve' ? 'approved' : 'rejected',
      comment: p.outcome === 'approve' ? '同意，注意数据安全' : '涉及未公开项目，暂不共享',
      now: at,
    });
  }
}

/** The two approval pages go to 数据共享管理员 only: another staff member would open an empty list. */
async function approvalMenusFor({ tx, platformId }: DemoSeedContext, roleId: number) {
  await grantPagesToRoles(tx, ['taskDataShare', 'taskDataShareSupplement'], [roleId]);
  const staffPlatform = platformId.get('staff');
  if (staffPlatform !== undefined)
    await tx.insertInto('platformRole').values({ platformId: staffPlatform, roleId }).execute();
}
