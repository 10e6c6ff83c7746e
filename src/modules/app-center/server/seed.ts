import type { DemoSeed } from '@/server/db/seed/module-seeds';
import type { Device } from '../contract';
import * as repo from './repository';
import { searchTextOf } from './service';

type Audience = 'all' | 'student' | 'staff';
interface DemoApp {
  name: string;
  description: string;
  kind: 'internal' | 'external';
  url: string;
  sso?: boolean;
  devices?: Device;
  audience?: Audience;
}

/** The demo directory: ~25 of the school's pages and systems in six categories (names are the README's). */
export const DEMO_CATEGORIES: readonly { name: string; color: string; apps: DemoApp[] }[] = [
  {
    name: '教学教务',
    color: '#1677ff',
    apps: [
      {
        name: '校历日程',
        description: '校历、教学周、个人与部门日程，可订阅到手机日历',
        kind: 'internal',
        url: '/web/lightApps/calendar',
      },
      {
        name: '教务管理系统',
        description: '选课、成绩查询、考试安排、培养方案',
        kind: 'external',
        url: 'https://jwxt.hxlg.edu.cn/',
        sso: true,
      },
      {
        name: '网络教学平台',
        description: '课程资源、在线作业、课堂互动',
        kind: 'external',
        url: 'https://mooc.hxlg.edu.cn/',
        sso: true,
      },
      {
        name: '教师教学工作量',
        description: '课时统计、工作量核算与确认',
        kind: 'external',
        url: 'https://jxgzl.hxlg.edu.cn/',
        sso: true,
        audience: 'staff',
        devices: 'desktop',
      },
      {
        name: '调停课申请',
        description: '教师调课、停课、补课线上申请',
        kind: 'external',
        url: 'https://jwxt.hxlg.edu.cn/tk',
        sso: true,
        audience: 'staff',
      },
    ],
  },
  {
    name: '办事服务',
    color: '#13c2c2',
    apps: [
      {
        name: '网上办事大厅',
        description: '在线申请各类服务事项，进度随时查',
        kind: 'internal',
        url: '/web/eventService/index',
      },
      { name: '预约办理', description: '预约线下窗口办理时段', kind: 'internal', url: '/web/eventService/orderline' },
      {
        name: '好差评',
        description: '为办理过的事项评价，差评转部门整改',
        kind: 'internal',
        url: '/web/feedback/index',
      },
      {
        name: '学生请假',
        description: '学生请假、销假申请',
        kind: 'internal',
        url: '/web/eventService/index',
        audience: 'student',
      },
      {
        name: '公务用车预约',
        description: '教职工公务用车申请与派车',
        kind: 'external',
        url: 'https://car.hxlg.edu.cn/',
        sso: true,
        audience: 'staff',
      },
    ],
  },
  {
    name: '科研管理',
    color: '#722ed1',
    apps: [
      {
        name: '科研管理系统',
        description: '项目申报、经费、成果登记',
        kind: 'external',
        url: 'https://kyxt.hxlg.edu.cn/',
        sso: true,
        audience: 'staff',
        devices: 'desktop',
      },
      {
        name: '大型仪器共享平台',
        description: '仪器设备预约与机时统计',
        kind: 'external',
        url: 'https://yqgx.hxlg.edu.cn/',
        sso: true,
        audience: 'staff',
      },
      {
        name: '学术会议报告厅预约',
        description: '学术报告厅、会议室预约',
        kind: 'external',
        url: 'https://hy.hxlg.edu.cn/',
        audience: 'staff',
      },
    ],
  },
  {
    name: '人事财务',
    color: '#fa8c16',
    apps: [
      {
        name: '人事管理系统',
        description: '个人档案、职称评审、年度考核',
        kind: 'external',
        url: 'https://rsxt.hxlg.edu.cn/',
        sso: true,
        audience: 'staff',
        devices: 'desktop',
      },
      {
        name: '财务报销系统',
        description: '网上报销、预约投递、经费查询',
        kind: 'external',
        url: 'https://cwbx.hxlg.edu.cn/',
        sso: true,
        audience: 'staff',
      },
      {
        name: '工资查询',
        description: '月度工资条与个税明细',
        kind: 'internal',
        url: '/web/userCenter/mySalary',
        audience: 'staff',
      },
      {
        name: '学费缴纳',
        description: '学费、住宿费在线缴纳与票据下载',
        kind: 'external',
        url: 'https://pay.hxlg.edu.cn/',
        sso: true,
        audience: 'student',
      },
    ],
  },
  {
    name: '校园生活',
    color: '#52c41a',
    apps: [
      {
        name: '一卡通服务',
        description: '校园卡充值、挂失、消费明细',
        kind: 'external',
        url: 'https://card.hxlg.edu.cn/',
        sso: true,
      },
      {
        name: '图书馆',
        description: '馆藏检索、借阅续借、座位预约',
        kind: 'external',
        url: 'https://lib.hxlg.edu.cn/',
      },
      {
        name: '后勤报修',
        description: '宿舍、教室设施报修与进度跟踪',
        kind: 'external',
        url: 'https://bx.hxlg.edu.cn/',
        devices: 'phone',
      },
      {
        name: '校园网自助服务',
        description: '账号开通、流量查询、设备管理',
        kind: 'external',
        url: 'https://net.hxlg.edu.cn/',
        sso: true,
      },
      {
        name: '校车时刻表',
        description: '校区间班车时刻与实时位置',
        kind: 'external',
        url: 'https://bus.hxlg.edu.cn/',
        devices: 'phone',
      },
    ],
  },
  {
    name: '学生发展',
    color: '#eb2f96',
    apps: [
      {
        name: '学工系统',
        description: '奖助学金、综合测评、勤工助学',
        kind: 'external',
        url: 'https://xg.hxlg.edu.cn/',
        sso: true,
      },
      {
        name: '就业信息网',
        description: '招聘会、岗位信息、就业手续',
        kind: 'external',
        url: 'https://job.hxlg.edu.cn/',
        audience: 'student',
      },
      {
        name: '第二课堂',
        description: '活动报名、学分认定',
        kind: 'external',
        url: 'https://dekt.hxlg.edu.cn/',
        sso: true,
        audience: 'student',
      },
      { name: '心理健康服务', description: '心理测评与咨询预约', kind: 'external', url: 'https://xl.hxlg.edu.cn/' },
    ],
  },
];

/** Full demo only (tests make their own apps): the directory, and the demo accounts' favourites, ratings, recent uses. */
export const demoSeed: DemoSeed = async ({ tx, now, size }) => {
  if (size !== 'full') return;
  const roles = await tx.selectFrom('role').select(['id', 'code']).where('code', 'in', ['student', 'staff']).execute();
  const roleOf = (a: Audience) => (a === 'all' ? [] : roles.filter((r) => r.code === a).map((r) => r.id));
  const ids = new Map<string, number>();
  let catSort = 10;
  for (const c of DEMO_CATEGORIES) {
    const categoryId = await repo.insertCategory(tx, c.name, catSort, now);
    catSort += 10;
    let sort = 10;
    for (const a of c.apps) {
      const id = await repo.insertApp(
        tx,
        {
          categoryId,
          name: a.name,
          description: a.description,
          color: c.color,
          kind: a.kind,
          url: a.url,
          sso: a.sso ? 1 : 0,
          devices: a.devices ?? 'all',
          enabled: 1,
          navPinned: 1,
          sort,
          searchText: searchTextOf(a.name, a.description),
        },
        now,
      );
      sort += 10;
      await repo.setVisibility(tx, id, roleOf(a.audience ?? 'all'), []);
      ids.set(a.name, id);
    }
  }
  const people = await tx
    .selectFrom('appUser')
    .select(['id', 'username'])
    .where('username', 'in', ['teacher', 'student'])
    .execute();
  const who = (u: string) => people.find((p) => p.username === u)?.id;
  const HOUR = 3_600_000;
  const uses: [string, string[], [string, number][]][] = [
    [
      'teacher',
      ['教务管理系统', '科研管理系统', '校历日程'],
      [
        ['教务管理系统', 4],
        ['财务报销系统', 3],
        ['图书馆', 5],
      ],
    ],
    [
      'student',
      ['教务管理系统', '图书馆'],
      [
        ['教务管理系统', 4],
        ['一卡通服务', 5],
        ['图书馆', 4],
      ],
    ],
  ];
  for (const [username, favs, ratings] of uses) {
    const userId = who(username);
    if (!userId) continue;
    for (const [i, name] of favs.entries()) await repo.setFavorite(tx, userId, ids.get(name)!, true, now - i * HOUR);
    for (const [i, [name, score]] of ratings.entries()) {
      await repo.rate(tx, userId, ids.get(name)!, score, now - i * HOUR);
      await repo.recordUse(tx, userId, ids.get(name)!, now - i * 5 * HOUR);
    }
  }
};
