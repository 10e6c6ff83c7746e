import type { DemoSeed, DemoSeedContext } from '@/server/db/seed/module-seeds';
import { grantPagesToRoles } from '@/server/db/seed/role-pages';
import { sanitizeRichText, richTextToPlain } from '@/server/rich-text/sanitize';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import { readSubjectMessages } from '@/modules/messages/server/commands/subject-receipts';
import { releaseSubject, variablesOf, viewPath, type Audience } from '../contract';
import { APPROVER_ROLE, startReleaseApproval } from './approval';
import * as repo from './repository';
import { audienceText } from './service';
import { PUBLISHER_ROUTES } from './routes';

/** Role of the office staff who publish messages on 教职工服务平台 (administrators publish in the back office). */
export const PUBLISHER_ROLE = 'msg_publisher';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * Who may publish: the roles 消息发布员 (every office's staff) and 消息审核员 (学生工作处's first staff
 * member approves whole-school releases); the web menu's 消息发布 pages are granted to 消息发布员
 * instead of every staff member. Both seed sizes (tests need the grants); the full demo adds
 * templates and releases with receipts.
 */
export const demoSeed: DemoSeed = async (ctx) => {
  const { tx } = ctx;
  const group = await tx.selectFrom('role').select('groupId').where('code', '=', 'staff').executeTakeFirst();
  const roleId = async (code: string, name: string, sort: number) =>
    (
      await tx
        .insertInto('role')
        .values({ groupId: group?.groupId ?? null, code, name, sort })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const publisherRole = await roleId(PUBLISHER_ROLE, '消息发布员', 90);
  const approverRole = await roleId(APPROVER_ROLE, '消息审核员', 91);

  const officeStaff = await tx
    .selectFrom('appUser')
    .innerJoin('department', 'department.id', 'appUser.departmentId')
    .select(['appUser.id', 'department.code'])
    .where('department.kind', '=', 'office')
    .where('appUser.kind', '=', 'staff')
    .orderBy('appUser.id')
    .execute();
  if (officeStaff.length)
    await tx
      .insertInto('userRole')
      .values(officeStaff.map((u) => ({ userId: u.id, roleId: publisherRole })))
      .execute();
  const approver = officeStaff.find((u) => u.code === 'B01');
  if (approver) await tx.insertInto('userRole').values({ userId: approver.id, roleId: approverRole }).execute();

  // The web pages (and their submenu) go to 消息发布员 only, not to every role of the platform.
  await grantPagesToRoles(tx, [...PUBLISHER_ROUTES, 'module:message-publish'], [publisherRole]);
  const staffPlatform = ctx.platformId.get('staff');
  if (staffPlatform !== undefined)
    await tx.insertInto('platformRole').values({ platformId: staffPlatform, roleId: publisherRole }).execute();

  if (ctx.size === 'full') await demoReleases(ctx, officeStaff);
};

const TEMPLATES = [
  {
    name: '停水停电通知',
    category: '后勤通知',
    title: '关于{{区域}}{{日期}}停水停电的通知',
    content:
      '<p>各位师生：</p><p>因设备检修，{{区域}}将于{{日期}} {{时段}}停水停电，请提前做好准备。给您带来不便，敬请谅解。</p><p>后勤保障处</p>',
  },
  {
    name: '会议通知',
    category: '行政通知',
    title: '关于召开{{会议名称}}的通知',
    content:
      '<p>各单位：</p><p>定于{{时间}}在{{地点}}召开{{会议名称}}，请相关人员准时参加，因故不能参加的请提前向本单位负责人请假。</p>',
  },
  {
    name: '考试安排',
    category: '教学通知',
    title: '{{学期}}期末考试安排',
    content:
      '<p>同学们：</p><p>{{学期}}期末考试将于{{开始日期}}开始，请登录教务系统查看个人考试安排，<strong>携带学生证和身份证</strong>参加考试。</p>',
  },
];

async function demoReleases(ctx: DemoSeedContext, officeStaff: { id: number; code: string }[]) {
  const { tx, now } = ctx;
  const publisher = officeStaff.find((u) => u.code === 'B03') ?? officeStaff[0];
  if (!publisher) return;
  const me = await repo.userName(tx, publisher.id);
  const name = me?.realName ?? '';
  for (const [i, t] of TEMPLATES.entries())
    await repo.insertTemplate(tx, {
      ...t,
      content: sanitizeRichText(t.content),
      variables: JSON.stringify(variablesOf(t.title, t.content)),
      createdBy: publisher.id,
      createdByName: name,
      createdAt: now - (10 - i) * DAY,
      updatedAt: now - (10 - i) * DAY,
    });

  const dept = async (code: string) =>
    (await tx.selectFrom('department').select('id').where('code', '=', code).executeTakeFirst())?.id;
  const cs = await dept('C01');
  const me2 = await dept('C02');
  const none: Audience = { all: false, departmentIds: [], classIds: [], roleCodes: [], platformIds: [], userIds: [] };
  const sent = [
    {
      title: '关于计算机科学与技术学院实验室安全检查的通知',
      content: '<p>各位师生：</p><p>学院将于本周四开展实验室安全检查，请各实验室负责人做好自查。</p>',
      audience: { ...none, departmentIds: cs ? [cs] : [] },
      at: now - 3 * DAY,
      readShare: 0.7,
    },
    {
      title: '图书馆寒假开放时间调整',
      content: '<p>寒假期间图书馆开放时间调整为 9:00—17:00，自习室照常开放。</p>',
      audience: { ...none, roleCodes: ['student'] },
      at: now - DAY,
      readShare: 0.35,
    },
  ];
  let k = 0;
  for (const r of sent) {
    const content = sanitizeRichText(r.content);
    const id = await repo.insertRelease(tx, {
      publisherId: publisher.id,
      publisherName: name,
      title: r.title,
      content,
      attachments: '[]',
      audience: JSON.stringify(r.audience),
      audienceText: await audienceText(tx, r.audience),
      status: 'sent',
      publishAt: r.at,
      instanceId: null,
      lastUserId: 0,
      recipients: 0,
      sentAt: r.at,
      withdrawnAt: null,
      createdAt: r.at - HOUR,
    });
    const users = await repo.audienceChunk(tx, r.audience, 0, 100_000);
    const n = await sendMessage(tx, {
      userIds: users,
      kind: 'notice',
      title: r.title,
      body: richTextToPlain(content),
      link: viewPath(id),
      subject: releaseSubject(id),
      at: r.at,
    });
    await tx
      .updateTable('mpRelease')
      .set({ recipients: n, lastUserId: users[users.length - 1] ?? 0 })
      .where('id', '=', id)
      .execute();
    // A deterministic share of readers, spread over the hours after it went out.
    const readers = users.filter((u) => ((u * 7919 + k) % 100) / 100 < r.readShare);
    await readSubjectMessages(tx, releaseSubject(id), readers, r.at + 2 * HOUR);
    k++;
  }

  // One waiting for its minute tomorrow, and a whole-school one in 消息审核员's 待办.
  const tomorrow = Math.ceil((now + DAY) / HOUR) * HOUR;
  const scheduled = { ...none, departmentIds: me2 ? [me2] : [] };
  await repo.insertRelease(tx, {
    publisherId: publisher.id,
    publisherName: name,
    title: '机械工程学院毕业设计开题答辩安排',
    content: sanitizeRichText('<p>开题答辩将于下周一开始，具体分组见附件通知，请各位同学做好准备。</p>'),
    attachments: '[]',
    audience: JSON.stringify(scheduled),
    audienceText: await audienceText(tx, scheduled),
    status: 'scheduled',
    publishAt: tomorrow,
    instanceId: null,
    lastUserId: 0,
    recipients: 0,
    sentAt: null,
    withdrawnAt: null,
    createdAt: now - 2 * HOUR,
  });
  const all = { ...none, all: true };
  const title = '关于2026年元旦放假安排的通知';
  const content = sanitizeRichText(
    '<p>全校师生：</p><p>2026年元旦放假时间为1月1日至1月3日，共3天。请各单位做好假期安全工作。</p>',
  );
  const wholeId = await repo.insertRelease(tx, {
    publisherId: publisher.id,
    publisherName: name,
    title,
    content,
    attachments: '[]',
    audience: JSON.stringify(all),
    audienceText: '全校',
    status: 'approving',
    publishAt: tomorrow,
    instanceId: null,
    lastUserId: 0,
    recipients: 0,
    sentAt: null,
    withdrawnAt: null,
    createdAt: now - HOUR,
  });
  const instanceId = await startReleaseApproval(
    tx,
    { id: publisher.id, name },
    {
      title,
      audience: '全校',
      publishAt: new Date(tomorrow + 8 * HOUR).toISOString().slice(0, 16).replace('T', ' '),
      summary: richTextToPlain(content),
    },
    now - HOUR,
  );
  await tx.updateTable('mpRelease').set({ instanceId }).where('id', '=', wholeId).execute();
}
