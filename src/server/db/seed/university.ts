/**
 * The demo university 华夏理工大学: its colleges with their majors, its offices, role groups
 * and roles. Fixed data, so every demo install has the same organisation.
 */
export interface CollegeSpec {
  /** Two digits; part of every student number of the college. */
  code: string;
  name: string;
  majors: readonly string[];
  /** In the small (test) seed too. */
  small: boolean;
}

export const SCHOOL = { code: 'HXLG', name: '华夏理工大学' } as const;
export const EMAIL_DOMAIN = 'hxlg.edu.cn';

export const COLLEGES: readonly CollegeSpec[] = [
  {
    code: '01',
    name: '计算机科学与技术学院',
    small: true,
    majors: ['计算机科学与技术', '软件工程', '人工智能', '数据科学与大数据技术'],
  },
  { code: '02', name: '机械工程学院', small: true, majors: ['机械设计制造及其自动化', '车辆工程', '机器人工程'] },
  { code: '03', name: '外国语学院', small: true, majors: ['英语', '日语', '翻译'] },
  { code: '04', name: '经济管理学院', small: true, majors: ['工商管理', '会计学', '国际经济与贸易', '金融学'] },
  { code: '05', name: '电气与自动化学院', small: false, majors: ['电气工程及其自动化', '自动化', '电子信息工程'] },
  { code: '06', name: '土木与建筑学院', small: false, majors: ['土木工程', '建筑学', '工程管理'] },
  { code: '07', name: '材料科学与工程学院', small: false, majors: ['材料科学与工程', '高分子材料与工程'] },
  { code: '08', name: '理学院', small: false, majors: ['数学与应用数学', '应用物理学', '应用化学'] },
  { code: '09', name: '文法学院', small: false, majors: ['法学', '汉语言文学', '社会工作'] },
  { code: '10', name: '艺术设计学院', small: false, majors: ['视觉传达设计', '环境设计', '产品设计'] },
];

export const OFFICES: readonly { code: string; name: string; small: boolean }[] = [
  { code: 'B01', name: '学生工作处', small: true },
  { code: 'B02', name: '教务处', small: true },
  { code: 'B03', name: '信息化办公室', small: true },
  { code: 'B04', name: '后勤保障处', small: true },
  { code: 'B05', name: '人事处', small: false },
  { code: 'B06', name: '财务处', small: false },
  { code: 'B07', name: '科学技术研究院', small: false },
  { code: 'B08', name: '图书馆', small: false },
];

/** Grades (入学年份) with students in the full seed; two classes per major and grade. */
export const GRADES = [2022, 2023, 2024, 2025] as const;
export const CLASSES_PER_MAJOR = 2;

export const ROLE_GROUPS = [
  { key: 'student', name: '学生角色组' },
  { key: 'staff', name: '教职工角色组' },
  { key: 'admin', name: '管理员角色组' },
] as const;

export const ROLES = [
  { code: 'student', name: '学生', group: 'student' },
  { code: 'staff', name: '教职工', group: 'staff' },
  { code: 'counsellor', name: '辅导员', group: 'staff' },
  { code: 'college_leader', name: '学院领导', group: 'staff' },
  { code: 'dorm_office', name: '宿管办', group: 'staff' },
  { code: 'admin', name: '系统管理员', group: 'admin' },
] as const;

export type RoleCode = (typeof ROLES)[number]['code'];

/** Platforms, with the roles whose members belong to them (platform_role) and see all their menu. */
export const PLATFORMS = [
  {
    key: 'student',
    name: '学生服务平台',
    kind: 'normal',
    icon: '/images/platforms/student.svg',
    indexUrl: '/web/home/index',
    roles: ['student'],
  },
  {
    key: 'staff',
    name: '教职工服务平台',
    kind: 'normal',
    icon: '/images/platforms/staff.svg',
    indexUrl: '/web/home/index',
    roles: ['staff'],
  },
  {
    key: 'one-form',
    name: '一表通平台',
    kind: 'one-form',
    icon: '/images/platforms/one-form.svg',
    // 一表通 lands on the person's data (one-table module, issue 18).
    indexUrl: '/web/oneTablePlatform/myDataCenter',
    roles: ['staff'],
    // One-table work only (data collection and the data centre): a route is in its menu only when
    // its RouteSpec.platforms names it, so a new module's pages never land here by default.
    listedRoutesOnly: true,
  },
] as const satisfies readonly {
  key: string;
  name: string;
  kind: string;
  icon: string;
  indexUrl: string;
  roles: readonly RoleCode[];
  /** Its seeded menu holds only routes whose `platforms` name it (else: every route without `platforms` too). */
  listedRoutesOnly?: boolean;
}[];
