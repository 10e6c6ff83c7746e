import ExcelJS from 'exceljs';
import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { mulberry32 } from '@/server/db/seed/prng';
import type { Tx } from '@/server/db/seed/batch';
import { hashPassword } from '@/server/identity/passwords';
import { demoPdf, demoPng, DEMO_DIR, type DemoFile } from './demo-files';
import { dayOf } from './service';

const DAY = 24 * 3600_000;

type Spec = {
  title: string;
  description: string;
  labels: string[];
  dept: string;
  kind: 'document' | 'image' | 'link';
  /** file: its name and recipe; link: its address */
  file?: { name: string; mime: string; make: () => Buffer | Promise<Buffer> };
  url?: string;
  visibility?: 'all' | { roles: string[] } | { departments: string[] };
  draft?: boolean;
  /** Published by a staff member other than the fixed demo teacher. */
  byOther?: boolean;
};

const pdf = (name: string, lines: string[]) => ({ name, mime: 'application/pdf', make: () => demoPdf(lines) });
const png = (name: string, a: [number, number, number], b: [number, number, number]) => ({
  name,
  mime: 'image/png',
  make: () => demoPng(a, b),
});
async function workbook(title: string, rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(title);
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The demo's resources: documents, images, spreadsheets and links of several departments. */
export const DEMO_RESOURCES: Spec[] = [
  {
    title: '2026 学年本科生学生手册',
    description: '学籍管理、奖助评定、纪律处分等规定汇编，新生入学必读。',
    labels: ['学生手册', '规章制度'],
    dept: '学生工作处',
    kind: 'document',
    file: pdf('student-handbook-2026.pdf', [
      'Student Handbook 2026',
      'Huaxia University of Technology',
      'Chapter 1  Enrolment and Registration',
      'Chapter 2  Scholarships and Grants',
      'Chapter 3  Conduct',
    ]),
  },
  {
    title: '本科教学管理规定（2026 修订）',
    description: '课程修读、考试、成绩与学位授予的管理规定。',
    labels: ['教学管理', '规章制度'],
    dept: '教务处',
    kind: 'document',
    file: pdf('teaching-regulations.pdf', [
      'Undergraduate Teaching Regulations (2026)',
      'Article 1  Course selection',
      'Article 2  Examinations',
      'Article 3  Grades and degrees',
    ]),
  },
  {
    title: '校园网与 VPN 使用指南',
    description: '校园无线网络接入、VPN 客户端安装与常见问题。',
    labels: ['信息化', '操作指南'],
    dept: '信息化办公室',
    kind: 'document',
    file: pdf('campus-network-guide.pdf', [
      'Campus Network and VPN Guide',
      '1. Connect to HXLG-WiFi with your student number',
      '2. Install the VPN client',
      '3. FAQ',
    ]),
  },
  {
    title: '差旅报销操作说明',
    description: '出差审批、票据粘贴与线上报销流程。',
    labels: ['财务', '操作指南'],
    dept: '学生工作处',
    kind: 'document',
    file: pdf('travel-claims.pdf', [
      'Travel Claims: How To',
      'Approval before the trip',
      'Receipts and invoices',
      'Online claim and payment',
    ]),
    visibility: { roles: ['staff'] },
  },
  {
    title: '实验室安全培训手册',
    description: '危化品管理、消防器材使用与应急处置。',
    labels: ['安全', '培训'],
    dept: '计算机科学与技术学院',
    kind: 'document',
    file: pdf('lab-safety.pdf', [
      'Laboratory Safety Training',
      'Chemicals',
      'Fire extinguishers',
      'Emergency procedures',
    ]),
  },
  {
    title: '计算机学院毕业设计工作安排',
    description: '选题、开题、中期检查与答辩时间安排（仅本院可见）。',
    labels: ['毕业设计', '教学管理'],
    dept: '计算机科学与技术学院',
    kind: 'document',
    file: pdf('graduation-project-plan.pdf', [
      'Graduation Project Schedule',
      'Topic selection: March',
      'Mid-term check: April',
      'Defence: June',
    ]),
    visibility: { departments: ['计算机科学与技术学院'] },
  },
  {
    title: '图书馆数据库资源介绍',
    description: '中外文数据库、电子图书与校外访问方式。',
    labels: ['图书馆', '操作指南'],
    dept: '图书馆',
    kind: 'document',
    file: pdf('library-databases.pdf', [
      'Library Databases',
      'CNKI, Wanfang, IEEE Xplore, ScienceDirect',
      'Off-campus access through the VPN',
    ]),
    byOther: true,
  },
  {
    title: '2026 年春季学期校历（表格）',
    description: '教学周、节假日与考试周安排。',
    labels: ['校历', '教学管理'],
    dept: '教务处',
    kind: 'document',
    file: {
      name: 'calendar-spring-2026.xlsx',
      mime: XLSX,
      make: () =>
        workbook('校历', [
          ['教学周', '起始日期', '说明'],
          ...Array.from({ length: 18 }, (_, i) => [
            i + 1,
            `2026-03-${String(2 + i * 7).padStart(2, '0')}`.slice(0, 10),
            i === 17 ? '考试周' : '',
          ]),
        ]),
    },
  },
  {
    title: '奖学金评定名额分配表',
    description: '各学院国家奖学金、校级奖学金名额。',
    labels: ['奖助学金'],
    dept: '学生工作处',
    kind: 'document',
    file: {
      name: 'scholarship-quota.xlsx',
      mime: XLSX,
      make: () =>
        workbook('名额', [
          ['学院', '国家奖学金', '校级一等', '校级二等'],
          ['计算机科学与技术学院', 6, 20, 45],
          ['机械工程学院', 4, 14, 30],
          ['外国语学院', 3, 10, 22],
          ['经济管理学院', 4, 15, 33],
        ]),
    },
    draft: true,
  },
  {
    title: '校园风光：图书馆',
    description: '新图书馆正面，可用于宣传材料。',
    labels: ['校园风光', '宣传素材'],
    dept: '信息化办公室',
    kind: 'image',
    file: png('library.png', [30, 80, 160], [120, 190, 230]),
  },
  {
    title: '校园风光：樱花大道',
    description: '春季樱花大道全景。',
    labels: ['校园风光', '宣传素材'],
    dept: '信息化办公室',
    kind: 'image',
    file: png('sakura-avenue.png', [230, 150, 180], [250, 220, 230]),
  },
  {
    title: '运动会开幕式合影',
    description: '第 42 届田径运动会开幕式。',
    labels: ['活动照片'],
    dept: '学生工作处',
    kind: 'image',
    file: png('sports-meeting.png', [40, 140, 70], [200, 220, 120]),
  },
  {
    title: '校徽标准色稿',
    description: '校徽标准色与最小使用尺寸说明。',
    labels: ['视觉识别', '宣传素材'],
    dept: '信息化办公室',
    kind: 'image',
    file: png('emblem-colours.png', [120, 20, 30], [200, 60, 50]),
    byOther: true,
  },
  {
    title: '教学楼平面示意图',
    description: '一至三号教学楼楼层平面示意。',
    labels: ['校园导览'],
    dept: '后勤保障处',
    kind: 'image',
    file: png('teaching-buildings.png', [90, 90, 100], [200, 200, 210]),
  },
  {
    title: '毕业典礼现场',
    description: '2025 届毕业典礼主会场。',
    labels: ['活动照片'],
    dept: '学生工作处',
    kind: 'image',
    file: png('graduation.png', [20, 30, 90], [180, 140, 40]),
    draft: true,
  },
  {
    title: '中国大学 MOOC 平台',
    description: '国家精品在线开放课程平台，可选修学分认定课程。',
    labels: ['在线课程'],
    dept: '教务处',
    kind: 'link',
    url: 'https://www.icourse163.org/',
  },
  {
    title: '国家智慧教育平台',
    description: '国家中小学、职业与高等教育智慧教育资源。',
    labels: ['在线课程'],
    dept: '教务处',
    kind: 'link',
    url: 'https://www.smartedu.cn/',
  },
  {
    title: '中国知网',
    description: '期刊、学位论文与会议论文检索（校内 IP 免登录）。',
    labels: ['图书馆', '文献检索'],
    dept: '图书馆',
    kind: 'link',
    url: 'https://www.cnki.net/',
    byOther: true,
  },
  {
    title: '学信网学籍查询',
    description: '学籍、学历信息查询与认证报告。',
    labels: ['学籍'],
    dept: '学生工作处',
    kind: 'link',
    url: 'https://www.chsi.com.cn/',
  },
  {
    title: '国家自然科学基金申请系统',
    description: '科学基金网络信息系统（教职工）。',
    labels: ['科研'],
    dept: '科学技术研究院',
    kind: 'link',
    url: 'https://grants.nsfc.gov.cn/',
    visibility: { roles: ['staff'] },
    byOther: true,
  },
];

const filePath = (name: string) => `${DEMO_DIR}/${name}`;

/** The recipes behind the demo's stored files (the server writes missing ones at start). */
export const DEMO_FILES: DemoFile[] = DEMO_RESOURCES.filter((r) => r.file).map((r) => ({
  path: filePath(r.file!.name),
  make: r.file!.make,
}));

const idByName = async (tx: Tx, table: 'department' | 'role', col: 'name' | 'code', names: string[]) => {
  if (!names.length) return [];
  const rows = await tx.selectFrom(table).select('id').where(col, 'in', names).execute();
  return rows.map((r) => r.id);
};

/**
 * The full demo: twenty resources of the fixed teacher (王建国) and a library colleague, with
 * labels, departments and visibility; three months of access records; three of the teacher's
 * links (one open with password 123456, one expired, one revoked). The small set (tests) has
 * none: the tests make their own.
 */
export const demoSeed: DemoSeed = async ({ tx, now, size }) => {
  if (size === 'small') return;
  const rng = mulberry32(1919);
  const teacher = await tx.selectFrom('appUser').select('id').where('username', '=', 'teacher').executeTakeFirst();
  if (!teacher) return;
  const other =
    (await tx
      .selectFrom('appUser')
      .select('id')
      .where('kind', '=', 'staff')
      .where('id', '!=', teacher.id)
      .orderBy('id')
      .executeTakeFirst()) ?? teacher;
  const readers = await tx
    .selectFrom('appUser')
    .select('id')
    .where('kind', 'in', ['student', 'staff'])
    .orderBy('id')
    .limit(120)
    .execute();
  const ids: { id: number; released: boolean; kind: string }[] = [];
  for (const [i, r] of DEMO_RESOURCES.entries()) {
    const ownerId = r.byOther ? other.id : teacher.id;
    const created = now - (60 - i * 2) * DAY;
    let file = { uploadId: null as string | null, url: r.url ?? '', mime: 'text/uri-list', fileName: '', size: 0 };
    if (r.file) {
      const body = await r.file.make();
      // A fixed, valid UUID per demo file keeps the seed deterministic.
      const uploadId = `00000000-0000-4000-8000-${String(1919000 + i).padStart(12, '0')}`;
      await tx
        .insertInto('upload')
        .values({
          id: uploadId,
          ownerId,
          purpose: 'resource',
          originalName: r.file.name,
          mime: r.file.mime,
          size: body.length,
          path: filePath(r.file.name),
          isPublic: 0,
          createdAt: created,
        })
        .execute();
      file = { uploadId, url: '', mime: r.file.mime, fileName: r.file.name, size: body.length };
    }
    const [departmentId] = await idByName(tx, 'department', 'name', [r.dept]);
    const vis = r.visibility ?? 'all';
    const visibility = vis === 'all' ? 'all' : 'roles' in vis ? 'roles' : 'departments';
    const { id } = await tx
      .insertInto('rcResource')
      .values({
        title: r.title,
        description: r.description,
        kind: r.kind,
        ...file,
        departmentId: departmentId ?? null,
        labels: JSON.stringify(r.labels),
        visibility,
        status: r.draft ? 'draft' : 'released',
        ownerId,
        searchText: [r.title, r.description, ...r.labels].join(' ').toLowerCase(),
        viewCount: 0,
        releasedAt: r.draft ? null : created + DAY,
        createdAt: created,
        updatedAt: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('rcResourceLabel')
      .values(r.labels.map((name) => ({ resourceId: id, name })))
      .execute();
    if (vis !== 'all') {
      const refs =
        'roles' in vis
          ? (await idByName(tx, 'role', 'code', vis.roles)).map((refId) => ({ resourceId: id, kind: 'role', refId }))
          : (await idByName(tx, 'department', 'name', vis.departments)).map((refId) => ({
              resourceId: id,
              kind: 'department',
              refId,
            }));
      if (refs.length) await tx.insertInto('rcResourceScope').values(refs).execute();
    }
    ids.push({ id, released: !r.draft, kind: r.kind });
  }

  // Access records over the last 90 days: popular items (the first ones) are opened more often.
  const released = ids.filter((r) => r.released);
  const accesses: {
    resourceId: number;
    userId: number;
    linkId: null;
    action: string;
    day: string;
    createdAt: number;
  }[] = [];
  for (const [rank, r] of released.entries()) {
    const n = Math.round(40 / (1 + rank * 0.35)) + Math.floor(rng.next() * 6);
    for (let k = 0; k < n; k++) {
      const at = now - Math.floor(rng.next() * 90 * DAY);
      const reader = readers[Math.floor(rng.next() * readers.length)]!;
      const action = r.kind === 'document' && rng.next() < 0.3 ? 'download' : 'view';
      accesses.push({ resourceId: r.id, userId: reader.id, linkId: null, action, day: dayOf(at), createdAt: at });
    }
  }
  for (let i = 0; i < accesses.length; i += 200)
    await tx
      .insertInto('rcAccess')
      .values(accesses.slice(i, i + 200))
      .execute();
  for (const r of released) {
    const n = accesses.filter((a) => a.resourceId === r.id).length;
    await tx.updateTable('rcResource').set({ viewCount: n }).where('id', '=', r.id).execute();
  }

  // The teacher's links: the handbook open for a week with a password, an expired and a revoked one.
  const handbook = ids[0]!.id;
  const hash = await hashPassword('123456');
  const links = [
    {
      token: 'demoHandbookLink2026a',
      passwordHash: hash,
      expiresAt: now + 7 * DAY,
      maxVisits: 100,
      visits: 3,
      revokedAt: null,
    },
    {
      token: 'demoExpiredLink2026b0',
      passwordHash: null,
      expiresAt: now - 2 * DAY,
      maxVisits: 0,
      visits: 12,
      revokedAt: null,
    },
    {
      token: 'demoRevokedLink2026c0',
      passwordHash: null,
      expiresAt: now + 30 * DAY,
      maxVisits: 0,
      visits: 1,
      revokedAt: now - DAY,
    },
  ];
  for (const [i, l] of links.entries()) {
    const resourceId = i === 2 ? ids[9]!.id : handbook;
    const createdAt = now - (10 - i) * DAY;
    const { id: linkId } = await tx
      .insertInto('rcLink')
      .values({ ...l, resourceId, createdBy: teacher.id, createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Each visit the link counts is also an access record (访问记录 and the access report show them).
    const visits = Array.from({ length: l.visits }, (_, k) => {
      const at = createdAt + (k + 1) * 3 * 3600_000;
      return { resourceId, userId: null, linkId, action: 'link', day: dayOf(at), createdAt: at };
    });
    if (visits.length) await tx.insertInto('rcAccess').values(visits).execute();
  }
};
