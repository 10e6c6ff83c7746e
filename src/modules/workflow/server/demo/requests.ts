import type { FormValues } from '@/shared/forms/schema';
import type { DemoFormKey } from './forms';

/**
 * Who takes part in the demo's requests, by role in the story; cast.ts finds each in the seeded
 * organisation (the fixed accounts, the demo student's classmates, the teacher's colleagues, the
 * offices' first staff by 工号 — the README's demo accounts).
 */
export type Who =
  | 'student'
  | 'teacher'
  | 'admin'
  | `mate${number}`
  | `colleague${number}`
  | `leader${number}`
  | `logistics${number}`
  | `hr${number}`
  | `finance${number}`
  | `affairs${number}`
  | `academic${number}`;

/** One thing that happens to a request, `after` hours after the previous one (or the submission). */
export type Step = { after: number } & (
  | { act: 'approve'; node: string; who?: Who; comment?: string; values?: FormValues }
  | { act: 'return' | 'reject'; node: string; who?: Who; comment: string }
  | { act: 'transfer'; node: string; who?: Who; to: Who; comment?: string }
  /** values: what changes (the rest stays as it was). */
  | { act: 'resubmit'; values?: FormValues; comment?: string }
  | { act: 'withdraw' }
  | { act: 'terminate'; reason: string }
  | { act: 'urge' }
  | { act: 'comment'; who?: Who; comment: string }
  | { act: 'applyEdit'; values: (w: When) => FormValues; reason: string }
);

/** Helpers for values: the submission's day moved by whole days, as the form stores dates. */
export interface When {
  /** 'YYYY-MM-DD', `days` after the submission. */
  date(days: number): string;
  /** 'YYYY-MM-DD HH:mm:ss', `days` after the submission at this clock time. */
  at(days: number, time: string): string;
  /** 'start至end' over these day offsets. */
  span(from: number, to: number): string;
}

export interface DemoRequest {
  form: DemoFormKey;
  by: Who;
  /** Submitted this many weekdays before the seed's day, at this clock time. */
  day: number;
  time: string;
  /** The form's own values (the applicant's name, number, department and phone are added). */
  values: (w: When) => FormValues;
  steps?: Step[];
  /** Fills a user field with these people (applicantPick). */
  pick?: Record<string, Who[]>;
}

const OK = '同意。';

/**
 * The demo's requests, spread over the last five weeks and over the demo accounts, so every
 * list has real work: 待办 (some overdue), 已办, 我发起的 in every state, 抄送我的, 预约审批,
 * summaries, change requests, delegations and transfers in the histories.
 */
export const DEMO_REQUESTS: DemoRequest[] = [
  // --- 出校申请 -------------------------------------------------------------------------------
  {
    form: 'leaveCampus',
    by: 'student',
    day: 18,
    time: '09:12',
    values: (w) => ({
      reason: 'o2',
      destination: '深圳市南山区（华为技术有限公司）',
      leaveAt: w.at(2, '07:30:00'),
      backAt: w.at(4, '20:00:00'),
      outOfCity: true,
      contact: '13907315566',
      detail: '参加秋季校园招聘终面，往返乘坐高铁。',
    }),
    steps: [
      { after: 1.5, act: 'approve', node: 'counsellor', who: 'teacher', comment: '同意，注意出行安全，及时报平安。' },
      { after: 3, act: 'approve', node: 'college', comment: '同意。' },
    ],
  },
  {
    form: 'leaveCampus',
    by: 'student',
    day: 2,
    time: '16:40',
    values: (w) => ({
      reason: 'o1',
      destination: '市第一人民医院',
      leaveAt: w.at(3, '08:00:00'),
      backAt: w.at(3, '12:00:00'),
      outOfCity: false,
      contact: '13907315566',
      detail: '牙科复诊。',
    }),
  },
  {
    form: 'leaveCampus',
    by: 'mate1',
    day: 12,
    time: '10:05',
    values: (w) => ({
      reason: 'o4',
      destination: '湖南省岳阳市',
      leaveAt: w.at(1, '17:00:00'),
      backAt: w.at(3, '21:00:00'),
      outOfCity: true,
      contact: '13574120098',
      detail: '家中老人住院，回家探望。',
    }),
    steps: [
      { after: 0.5, act: 'approve', node: 'counsellor', who: 'teacher', comment: '同意，路上注意安全。' },
      { after: 2, act: 'approve', node: 'college', comment: '同意，按时返校销假。' },
    ],
  },
  {
    form: 'leaveCampus',
    by: 'mate2',
    day: 3,
    time: '11:20',
    values: (w) => ({
      reason: 'o5',
      destination: '省体育中心',
      leaveAt: w.at(4, '07:00:00'),
      backAt: w.at(4, '19:00:00'),
      outOfCity: false,
      contact: '15973108821',
      detail: '代表学院参加全省大学生田径锦标赛。',
    }),
  },
  {
    form: 'leaveCampus',
    by: 'mate3',
    day: 1,
    time: '14:30',
    values: (w) => ({
      reason: 'o3',
      destination: '市政务服务中心',
      leaveAt: w.at(2, '09:00:00'),
      backAt: w.at(2, '12:00:00'),
      outOfCity: false,
      contact: '18670012345',
      detail: '办理身份证换领。',
    }),
  },
  {
    form: 'leaveCampus',
    by: 'mate4',
    day: 9,
    time: '15:00',
    values: (w) => ({
      reason: 'o2',
      destination: '杭州市',
      leaveAt: w.at(3, '06:30:00'),
      backAt: w.at(10, '20:00:00'),
      outOfCity: true,
      contact: '13807310022',
      detail: '到杭州参加为期一周的企业实习面试与入职体检。',
    }),
    steps: [
      {
        after: 1,
        act: 'transfer',
        node: 'counsellor',
        who: 'teacher',
        to: 'leader0',
        comment: '本人外出培训，请学院领导代为审批。',
      },
      { after: 2, act: 'return', node: 'counsellor', comment: '请补充实习单位的接收函，并写明住宿地址。' },
      {
        after: 20,
        act: 'resubmit',
        values: { detail: '到杭州参加为期一周的企业实习面试与入职体检，住杭州市西湖区文三路 88 号员工公寓。' },
        comment: '已补充住宿地址，接收函已发辅导员邮箱。',
      },
      { after: 3, act: 'approve', node: 'counsellor', who: 'teacher', comment: '材料齐全，同意。' },
      { after: 4, act: 'approve', node: 'college', comment: OK },
    ],
  },
  {
    form: 'leaveCampus',
    by: 'mate2',
    day: 20,
    time: '08:50',
    values: (w) => ({
      reason: 'o4',
      destination: '长沙市',
      leaveAt: w.at(1, '17:30:00'),
      backAt: w.at(3, '20:00:00'),
      outOfCity: true,
      contact: '15973108821',
      detail: '周末回家。',
    }),
    steps: [{ after: 5, act: 'withdraw' }],
  },

  // --- 奖助学金申请 -------------------------------------------------------------------------
  {
    form: 'scholarship',
    by: 'student',
    day: 6,
    time: '20:15',
    values: () => ({
      kind: 'o1',
      year: 'o1',
      gpa: 3.86,
      rank: '3/126',
      awards: [
        { award: '全国大学生数学建模竞赛一等奖', level: 'o1', date: '2025-11-20' },
        { award: '中国大学生计算机设计大赛二等奖', level: 'o1', date: '2025-07-15' },
        { award: '校级优秀学生干部', level: 'o3', date: '2025-09-10' },
      ],
      statement:
        '本人学习成绩专业排名前 3%，积极参加学科竞赛并获国家级奖项两项，担任班级学习委员，组织编程互助小组，帮助同学共同进步。',
    }),
    steps: [
      { after: 13, act: 'approve', node: 'counsellor', who: 'teacher', comment: '成绩与获奖情况属实，推荐。' },
      {
        after: 30,
        act: 'approve',
        node: 'college',
        who: 'leader0',
        comment: '同意推荐。',
        values: { review: '学院评审小组认为该生综合表现突出，同意推荐参评国家奖学金。' },
      },
      { after: 26, act: 'urge' },
    ],
  },
  {
    form: 'scholarship',
    by: 'mate1',
    day: 8,
    time: '21:40',
    values: () => ({
      kind: 'o3',
      year: 'o1',
      gpa: 3.12,
      rank: '28/126',
      hardship: 'o2',
      awards: [],
      statement: '家庭经济困难（已认定），父亲务农、母亲长期患病，申请国家助学金用于学费与生活开支。',
    }),
    steps: [
      { after: 12, act: 'approve', node: 'counsellor', who: 'teacher', comment: '已核实困难认定，同意。' },
      { after: 24, act: 'approve', node: 'college', comment: '同意。', values: { review: '同意推荐国家助学金一等。' } },
      { after: 2, act: 'approve', node: 'college', comment: OK },
      { after: 27, act: 'approve', node: 'affairs', comment: '复核通过，列入公示名单。' },
    ],
  },
  {
    form: 'scholarship',
    by: 'mate3',
    day: 4,
    time: '19:05',
    values: () => ({
      kind: 'o2',
      year: 'o1',
      gpa: 3.55,
      rank: '11/126',
      hardship: 'o3',
      awards: [{ award: '校级三好学生', level: 'o3', date: '2025-10-08' }],
      statement: '学习勤奋，成绩优良，家庭经济一般困难，申请国家励志奖学金。',
    }),
  },
  {
    form: 'scholarship',
    by: 'mate2',
    day: 7,
    time: '18:30',
    values: () => ({
      kind: 'o5',
      year: 'o1',
      gpa: 2.61,
      rank: '70/126',
      awards: [],
      statement: '申请学业奖学金。',
    }),
    steps: [
      {
        after: 15,
        act: 'return',
        node: 'counsellor',
        who: 'teacher',
        comment: '学业奖学金要求综合测评排名前 30%，请核对后再申请，或改为申请其他类别。',
      },
    ],
  },

  // --- 宿舍调换 ----------------------------------------------------------------------------
  {
    form: 'dormChange',
    by: 'student',
    day: 15,
    time: '13:10',
    values: () => ({
      current: '东区 3 栋 412',
      wanted: '东区 5 栋 208',
      reason: 'o3',
      agreed: false,
      detail: '转入软件工程专业后，希望与本专业同学同住，方便学习交流。',
    }),
    steps: [
      { after: 2, act: 'approve', node: 'counsellor', who: 'teacher', comment: '同意，请宿管办视床位情况安排。' },
      {
        after: 20,
        act: 'reject',
        node: 'dorm',
        who: 'logistics0',
        comment: '东区 5 栋本学期已无空床位，下学期初可重新申请。',
      },
    ],
  },
  {
    form: 'dormChange',
    by: 'mate3',
    day: 11,
    time: '10:45',
    values: () => ({
      current: '东区 3 栋 415',
      wanted: '东区 3 栋 302',
      reason: 'o1',
      agreed: true,
      detail: '本人晚上需在实验室值班，与舍友作息不一致，已与 302 宿舍同学协商互换。',
    }),
    steps: [
      { after: 1, act: 'approve', node: 'counsellor', who: 'teacher', comment: OK },
      { after: 5, act: 'comment', who: 'mate3', comment: '302 宿舍的同学已同意，可随时搬。' },
      {
        after: 18,
        act: 'approve',
        node: 'dorm',
        who: 'logistics0',
        comment: '已安排，请于本周五前完成搬迁并到宿管办登记。',
        values: { assigned: '东区 3 栋 302-4 号床' },
      },
    ],
  },
  {
    form: 'dormChange',
    by: 'mate4',
    day: 2,
    time: '09:30',
    values: () => ({
      current: '西区 1 栋 105',
      wanted: '',
      reason: 'o2',
      agreed: false,
      detail: '本人对花粉过敏，宿舍靠近绿化带，希望调换到较高楼层。',
    }),
    steps: [{ after: 3, act: 'approve', node: 'counsellor', who: 'teacher', comment: '情况属实，请宿管办优先安排。' }],
  },
  {
    form: 'dormChange',
    by: 'mate1',
    day: 1,
    time: '08:40',
    values: () => ({
      current: '东区 3 栋 410',
      wanted: '东区 4 栋',
      reason: 'o4',
      agreed: false,
      detail: '与舍友多次沟通仍有矛盾，希望调换宿舍。',
    }),
  },

  // --- 成绩复核 ----------------------------------------------------------------------------
  {
    form: 'gradeReview',
    by: 'student',
    day: 22,
    time: '10:00',
    pick: { lecturer: ['colleague0'] },
    values: () => ({
      term: 'o1',
      course: '数据结构与算法',
      courseNo: 'CS2031',
      score: 58,
      reason: '期末试卷第 5 题（20 分）答案与参考答案思路不同但结果正确，申请复核。',
    }),
    steps: [
      {
        after: 26,
        act: 'approve',
        node: 'lecturer',
        comment: '复核试卷，第 5 题漏判 8 分，成绩更正为 66 分。',
        values: { newScore: 66 },
      },
      { after: 20, act: 'approve', node: 'college', comment: '同意更正。' },
      { after: 24, act: 'approve', node: 'academic', who: 'academic0', comment: '已在教务系统更正成绩。' },
    ],
  },
  {
    form: 'gradeReview',
    by: 'mate2',
    day: 5,
    time: '15:25',
    pick: { lecturer: ['colleague1'] },
    values: () => ({
      term: 'o1',
      course: '大学物理（上）',
      courseNo: 'PH1011',
      score: 55,
      reason: '平时成绩未计入实验报告分，申请复核。',
    }),
    steps: [
      {
        after: 24,
        act: 'approve',
        node: 'lecturer',
        comment: '实验报告分已补登，总评 61 分。',
        values: { newScore: 61 },
      },
      { after: 22, act: 'approve', node: 'college', comment: OK },
    ],
  },
  {
    form: 'gradeReview',
    by: 'mate4',
    day: 10,
    time: '09:15',
    pick: { lecturer: ['colleague1'] },
    values: () => ({
      term: 'o1',
      course: '高等数学 A（上）',
      courseNo: 'MA1001',
      score: 72,
      reason: '认为期末成绩偏低，申请查卷。',
    }),
    steps: [
      {
        after: 30,
        act: 'reject',
        node: 'lecturer',
        comment: '已复核试卷，评分无误，维持原成绩 72 分。',
      },
    ],
  },

  // --- 学生证补办 ---------------------------------------------------------------------------
  {
    form: 'studentCard',
    by: 'student',
    day: 14,
    time: '12:20',
    values: () => ({ reason: 'o1', route: '武汉—长沙', detail: '在食堂丢失，已登报挂失。' }),
    steps: [{ after: 20, act: 'withdraw' }],
  },
  ...(['mate1', 'mate2', 'mate3'] as const).map(
    (by, i): DemoRequest => ({
      form: 'studentCard',
      by,
      day: 4 - i,
      time: ['10:30', '13:50', '09:05'][i]!,
      values: () => ({ reason: i === 1 ? 'o2' : 'o1', route: ['长沙—岳阳', '长沙—株洲', ''][i]!, detail: '' }),
      steps: [{ after: 2 + i, act: 'approve', node: 'counsellor', who: 'teacher', comment: OK }],
    }),
  ),

  // --- 用印申请 ----------------------------------------------------------------------------
  {
    form: 'seal',
    by: 'teacher',
    day: 16,
    time: '14:00',
    values: () => ({
      seal: 'o2',
      copies: 3,
      document: '王建国在职及收入证明',
      purpose: '办理住房公积金贷款，需加盖人事专用章。',
    }),
    steps: [
      { after: 1, act: 'approve', node: 'leader', comment: OK },
      {
        after: 3,
        act: 'return',
        node: 'hr',
        who: 'hr0',
        comment: '收入证明请使用人事处统一模板（可在服务大厅下载）后重新提交。',
      },
      {
        after: 18,
        act: 'resubmit',
        values: { document: '王建国在职证明、收入证明（人事处模板）' },
        comment: '已按模板修改。',
      },
      { after: 2, act: 'approve', node: 'leader', comment: OK },
      { after: 2, act: 'approve', node: 'hr', who: 'hr0', comment: '已盖章，请到人事处 203 室领取。' },
    ],
  },
  {
    form: 'seal',
    by: 'colleague0',
    day: 3,
    time: '10:10',
    values: () => ({
      seal: 'o3',
      copies: 2,
      document: '横向科研项目技术服务合同（华中数控）',
      purpose: '横向项目合同签订，需加盖财务专用章。',
    }),
    steps: [{ after: 3, act: 'approve', node: 'leader', comment: '同意，合同金额已核对。' }],
  },
  {
    form: 'seal',
    by: 'colleague2',
    day: 6,
    time: '16:20',
    values: () => ({
      seal: 'o1',
      copies: 40,
      document: '2026 届毕业设计选题汇总表',
      purpose: '报教务处备案。',
    }),
    steps: [{ after: 16, act: 'approve', node: 'leader', comment: OK }],
  },
  {
    form: 'seal',
    by: 'teacher',
    day: 1,
    time: '09:00',
    values: () => ({ seal: 'o1', copies: 1, document: '学生社会实践证明', purpose: '为学生开具社会实践证明。' }),
    steps: [{ after: 1, act: 'withdraw' }],
  },

  // --- 会议室预约 ---------------------------------------------------------------------------
  {
    form: 'meetingRoom',
    by: 'teacher',
    day: 10,
    time: '09:40',
    values: (w) => ({
      room: 'o1',
      day: w.date(7),
      slot: 'o2',
      people: 25,
      topic: '计算机学院学生工作例会',
      equipment: ['o1', 'o3'],
    }),
    steps: [
      { after: 2, act: 'approve', node: 'rooms', who: 'logistics0', comment: '已安排，钥匙在行政楼一楼值班室领取。' },
      { after: 47, act: 'applyEdit', values: () => ({ slot: 'o1' }), reason: '例会改到上午召开。' },
    ],
  },
  {
    form: 'meetingRoom',
    by: 'teacher',
    day: 1,
    time: '15:30',
    values: (w) => ({
      room: 'o2',
      day: w.date(9),
      slot: 'o1',
      people: 110,
      topic: '2026 届毕业生就业动员大会',
      equipment: ['o1', 'o3'],
      remark: '需提前一小时开门布场。',
    }),
    steps: [{ after: 2, act: 'approve', node: 'leader', who: 'leader0', comment: '同意，注意会场安全。' }],
  },
  {
    form: 'meetingRoom',
    by: 'colleague1',
    day: 2,
    time: '10:15',
    values: (w) => ({
      room: 'o3',
      day: w.date(3),
      slot: 'o2',
      people: 8,
      topic: '人工智能课程组集体备课',
      equipment: ['o2'],
    }),
  },
  {
    form: 'meetingRoom',
    by: 'colleague2',
    day: 1,
    time: '11:00',
    values: (w) => ({
      room: 'o4',
      day: w.date(2),
      slot: 'o1',
      people: 40,
      topic: '软件工程专业认证自评会',
      equipment: ['o1', 'o2', 'o4'],
    }),
  },
  {
    form: 'meetingRoom',
    by: 'colleague0',
    day: 8,
    time: '14:45',
    values: (w) => ({
      room: 'o2',
      day: w.date(5),
      slot: 'o2',
      people: 90,
      topic: '人工智能前沿学术报告',
      equipment: ['o1', 'o3'],
    }),
    steps: [
      { after: 3, act: 'approve', node: 'leader', comment: OK },
      { after: 20, act: 'terminate', reason: '学术报告厅当日改作考场，请改约信息楼 101 多媒体会议室。' },
    ],
  },
  {
    form: 'meetingRoom',
    by: 'colleague3',
    day: 5,
    time: '16:05',
    values: (w) => ({ room: 'o1', day: w.date(2), slot: 'o3', people: 15, topic: '研究生组会' }),
    steps: [{ after: 1, act: 'approve', node: 'rooms', comment: OK }],
  },

  // --- 公务用车 ----------------------------------------------------------------------------
  {
    form: 'car',
    by: 'teacher',
    day: 2,
    time: '10:30',
    values: (w) => ({
      purpose: '带队参加省大学生程序设计竞赛',
      from: '学校东门',
      to: '湖南大学',
      startAt: w.at(4, '07:00:00'),
      endAt: w.at(4, '19:00:00'),
      riders: 12,
      outOfCity: false,
    }),
    steps: [{ after: 1.5, act: 'approve', node: 'leader', comment: '同意，注意学生安全。' }],
  },
  {
    form: 'car',
    by: 'colleague0',
    day: 13,
    time: '09:20',
    values: (w) => ({
      purpose: '赴合作企业洽谈实习基地',
      from: '学校东门',
      to: '株洲市高新区',
      startAt: w.at(2, '08:00:00'),
      endAt: w.at(2, '18:00:00'),
      riders: 3,
      outOfCity: true,
    }),
    steps: [
      { after: 1, act: 'approve', node: 'leader', comment: OK },
      {
        after: 2,
        act: 'approve',
        node: 'pool',
        who: 'logistics0',
        comment: '已派车。',
        values: { dispatch: '湘A·5K826，驾驶员 刘师傅 13807318899' },
      },
    ],
  },
  {
    form: 'car',
    by: 'colleague3',
    day: 7,
    time: '15:10',
    values: (w) => ({
      purpose: '接送外校评审专家',
      from: '长沙南站',
      to: '学校专家公寓',
      startAt: w.at(1, '14:00:00'),
      endAt: w.at(1, '16:00:00'),
      riders: 2,
      outOfCity: false,
    }),
    steps: [{ after: 4, act: 'reject', node: 'leader', comment: '专家接送请使用学院包车合同，不占用学校公务用车。' }],
  },

  // --- 差旅报销 ----------------------------------------------------------------------------
  {
    form: 'travel',
    by: 'teacher',
    day: 19,
    time: '10:20',
    pick: { budgetOwner: ['leader0'] },
    values: (w) => ({
      purpose: '参加全国高校辅导员工作研讨会',
      place: '北京市',
      period: w.span(-12, -9),
      costs: [
        { item: 'o1', amount: 1107, bills: 2 },
        { item: 'o2', amount: 1350, bills: 1 },
        { item: 'o3', amount: 400, bills: 0 },
        { item: 'o5', amount: 800, bills: 1 },
      ],
      total: 3657,
      account: '6217003810012345678',
    }),
    steps: [
      { after: 2, act: 'approve', node: 'leader', comment: OK },
      { after: 5, act: 'approve', node: 'budget', comment: '从学生工作专项经费列支。' },
      { after: 20, act: 'approve', node: 'audit', who: 'finance0', comment: '票据齐全，审核通过。' },
    ],
  },
  {
    form: 'travel',
    by: 'teacher',
    day: 3,
    time: '16:45',
    pick: { budgetOwner: ['leader0'] },
    values: (w) => ({
      purpose: '带学生参加省程序设计竞赛',
      place: '湘潭市',
      period: w.span(-8, -7),
      costs: [
        { item: 'o1', amount: 236, bills: 4 },
        { item: 'o2', amount: 560, bills: 2 },
      ],
      total: 796,
      account: '6217003810012345678',
    }),
    steps: [
      { after: 16, act: 'approve', node: 'leader', comment: OK },
      {
        after: 3,
        act: 'return',
        node: 'audit',
        who: 'finance0',
        comment: '住宿费发票抬头应为“华夏理工大学”，请更换发票后重新提交。',
      },
    ],
  },
  {
    form: 'travel',
    by: 'colleague0',
    day: 4,
    time: '09:35',
    pick: { budgetOwner: ['teacher'] },
    values: (w) => ({
      purpose: '赴上海参加人工智能学术会议并作报告',
      place: '上海市',
      period: w.span(-10, -6),
      costs: [
        { item: 'o1', amount: 1676, bills: 2 },
        { item: 'o2', amount: 2400, bills: 1 },
        { item: 'o3', amount: 500, bills: 0 },
        { item: 'o5', amount: 2800, bills: 1 },
      ],
      total: 7376,
      account: '6222021905001234567',
    }),
    steps: [
      { after: 2, act: 'approve', node: 'leader', comment: '同意，从科研经费列支。' },
      { after: 20, act: 'approve', node: 'audit', who: 'finance0', comment: '审核通过。' },
    ],
  },
  {
    form: 'travel',
    by: 'colleague2',
    day: 25,
    time: '14:10',
    pick: { budgetOwner: ['leader0'] },
    values: (w) => ({
      purpose: '赴杭州调研软件工程专业认证',
      place: '杭州市',
      period: w.span(-6, -4),
      costs: [
        { item: 'o1', amount: 1086, bills: 2 },
        { item: 'o2', amount: 4200, bills: 1 },
        { item: 'o3', amount: 300, bills: 0 },
      ],
      total: 5586,
      account: '6228480012345678910',
    }),
    steps: [
      { after: 3, act: 'approve', node: 'leader', comment: OK },
      { after: 4, act: 'approve', node: 'budget', comment: '同意。' },
      { after: 22, act: 'approve', node: 'audit', who: 'finance0', comment: '审核通过。' },
      { after: 20, act: 'approve', node: 'head', comment: '同意支付。' },
    ],
  },

  // --- 教职工请假 ---------------------------------------------------------------------------
  {
    form: 'staffLeave',
    by: 'teacher',
    day: 24,
    time: '08:30',
    pick: { handover: ['colleague0'] },
    values: (w) => ({
      kind: 'o1',
      period: w.span(5, 9),
      days: 5,
      reason: '休年休假，陪家人外出。',
    }),
    steps: [
      { after: 1, act: 'approve', node: 'leader', comment: '同意，做好学生工作交接。' },
      { after: 5, act: 'approve', node: 'hr', who: 'hr0', comment: '已登记年休假 5 天。' },
      { after: 50, act: 'applyEdit', values: (w) => ({ period: w.span(5, 8), days: 4 }), reason: '提前一天返岗。' },
      { after: 3, act: 'approve', node: 'leader', comment: OK },
      { after: 4, act: 'approve', node: 'hr', who: 'hr0', comment: '已更正为 4 天。' },
    ],
  },
  {
    form: 'staffLeave',
    by: 'colleague1',
    day: 6,
    time: '08:10',
    pick: { handover: ['teacher'] },
    values: (w) => ({ kind: 'o3', period: w.span(0, 1), days: 2, reason: '急性肠胃炎，医嘱休息两天。' }),
    steps: [{ after: 2, act: 'approve', node: 'leader', comment: '同意，好好休息。' }],
  },
  {
    form: 'staffLeave',
    by: 'colleague2',
    day: 2,
    time: '13:30',
    pick: { handover: ['teacher'] },
    values: (w) => ({
      kind: 'o4',
      period: w.span(12, 24),
      days: 13,
      reason: '本人婚假。',
    }),
    steps: [{ after: 3, act: 'approve', node: 'leader', comment: '同意，祝新婚快乐！' }],
  },
  {
    form: 'staffLeave',
    by: 'colleague3',
    day: 1,
    time: '10:50',
    pick: { handover: ['colleague0'] },
    values: (w) => ({ kind: 'o2', period: w.span(3, 3), days: 1, reason: '孩子学校家长会。' }),
  },
];
