import type { Transaction } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { MessageKind } from '../contract';
import type { NewMessage } from './tables';

const HOUR_MS = 3_600_000;

interface DemoMessage {
  kind: MessageKind;
  /** The seeded notice the message announces (its title), or null. */
  notice: string | null;
  title: string;
  body: string;
  /** Used when the message announces no notice. */
  link?: string;
  /** Read this many hours after it arrived; null = still unread. */
  readAfterHours: number | null;
  /** Hours before the notice was published (or before the seed, without a notice). */
  hoursAgo: number;
}

// What the demo student and teacher find in their inboxes: announcements of notices the seed
// publishes (each opens that notice) and one account note that opens the help centre. Approval
// messages come from the demo's sample leave requests (the engine writes them, seed-workflow.ts).
const INBOX: Record<'student' | 'teacher', DemoMessage[]> = {
  student: [
    {
      kind: 'notice',
      notice: '关于2026—2027学年寒假放假安排的通知',
      title: '寒假放假安排已发布',
      body: '学生寒假自2027年1月16日起至2月28日止，留校同学请在学生服务平台提交留校申请。',
      readAfterHours: null,
      hoursAgo: 0,
    },
    {
      kind: 'notice',
      notice: '关于做好2026年秋季学期期末考试工作的通知',
      title: '期末考试安排通知',
      body: '期末考试安排在第18—19周进行，请携带学生证和身份证参加考试。',
      readAfterHours: null,
      hoursAgo: 0,
    },
    {
      kind: 'notice',
      notice: '关于开展2026年度家庭经济困难学生认定工作的通知',
      title: '家庭经济困难学生认定开始申请',
      body: '认定工作于12月10日前完成，请在平台在线提交申请表和证明材料。',
      readAfterHours: 5,
      hoursAgo: 0,
    },
    {
      kind: 'system',
      notice: '关于统一身份认证系统升级维护的通知',
      title: '统一身份认证系统升级提醒',
      body: '本周六22:00至次日02:00系统升级维护，期间可能短暂无法登录。',
      readAfterHours: 20,
      hoursAgo: 0,
    },
    {
      kind: 'notice',
      notice: '关于冬季宿舍安全用电检查的通知',
      title: '宿舍安全用电检查',
      body: '下周开展学生宿舍安全用电专项检查，请勿使用大功率电器。',
      readAfterHours: 30,
      hoursAgo: 0,
    },
  ],
  teacher: [
    {
      kind: 'notice',
      notice: '关于做好2026年秋季学期期末考试工作的通知',
      title: '请于第15周前提交考试安排',
      body: '2026年秋季学期期末考试定于第18—19周进行，请通过教务系统提交课程考试安排。',
      readAfterHours: null,
      hoursAgo: 0,
    },
    {
      kind: 'notice',
      notice: '关于开展2026年度家庭经济困难学生认定工作的通知',
      title: '家庭经济困难学生认定：组织班级评议',
      body: '辅导员负责组织班级民主评议，评议结果公示不少于5个工作日。',
      readAfterHours: null,
      hoursAgo: 0,
    },
    {
      kind: 'notice',
      notice: '关于2027届毕业生就业信息统计工作的通知',
      title: '督促毕业生完善就业信息',
      body: '请督促本班2027届毕业生于月底前在平台完善就业意向信息。',
      readAfterHours: 26,
      hoursAgo: 0,
    },
    {
      kind: 'system',
      notice: '关于统一身份认证系统升级维护的通知',
      title: '统一身份认证系统升级提醒',
      body: '本周六22:00至次日02:00系统升级维护，期间可能短暂无法登录。',
      readAfterHours: 3,
      hoursAgo: 0,
    },
    {
      kind: 'system',
      notice: null,
      title: '账号安全提醒',
      body: '为保障账号安全，建议定期修改密码；忘记密码请查看帮助中心的处理办法。',
      link: '/web/help/index',
      readAfterHours: null,
      hoursAgo: 2,
    },
  ],
};

/**
 * The demo student's and teacher's messages (DEMO=1 and the tests' small seed), written in the
 * seed's transaction. Their times follow the notices they announce.
 */
export async function insertDemoMessages(tx: Transaction<Database>, now: number): Promise<void> {
  const users = await tx
    .selectFrom('appUser')
    .select(['id', 'username'])
    .where('username', 'in', ['student', 'teacher'])
    .execute();
  const notices = await tx
    .selectFrom('notice')
    .select(['id', 'title', 'publishedAt'])
    .where('status', '=', 'published')
    .execute();
  const rows: NewMessage[] = [];
  for (const u of users) {
    for (const m of INBOX[u.username as 'student' | 'teacher']) {
      const notice = m.notice ? notices.find((n) => n.title === m.notice) : undefined;
      if (m.notice && !notice) continue; // the notice is not seeded: announce nothing rather than a dead link
      const createdAt = (notice?.publishedAt ?? now) - m.hoursAgo * HOUR_MS;
      rows.push({
        userId: u.id,
        kind: m.kind,
        title: m.title,
        body: m.body,
        link: notice ? `/home/notice/${notice.id}` : (m.link ?? ''),
        readAt: m.readAfterHours === null ? null : Math.min(now, createdAt + m.readAfterHours * HOUR_MS),
        createdAt,
      });
    }
  }
  if (rows.length) await tx.insertInto('message').values(rows).execute();
}
