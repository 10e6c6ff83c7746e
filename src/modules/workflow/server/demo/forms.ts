import { FORM_SCHEMA_FORMAT, type ColumnField, type FormField, type FormSchema } from '@/shared/forms/schema';
import { RESERVATION_CATEGORY } from '../../components/labels';

/**
 * The demo university's everyday forms beside 学生请假申请 (forms' own seed): what students and staff
 * of 华夏理工大学 apply for, each bound to its process in processes.ts. Names are fixed: the service
 * hall's demo items find these forms by name.
 */
export const DEMO_FORM_NAMES = {
  leaveCampus: '出校申请',
  scholarship: '奖助学金申请',
  dormChange: '宿舍调换',
  gradeReview: '成绩复核',
  studentCard: '学生证补办',
  seal: '用印申请',
  meetingRoom: '会议室预约',
  car: '公务用车',
  travel: '差旅报销',
  staffLeave: '教职工请假',
} as const;
export type DemoFormKey = keyof typeof DEMO_FORM_NAMES;

/** Who a form is for: students fill the student forms, staff the staff forms. */
export type Audience = 'student' | 'staff';

export interface DemoForm {
  key: DemoFormKey;
  category: string;
  description: string;
  audience: Audience;
  schema: FormSchema;
}

const f = (id: string, type: FormField['type'], label: string, extra: Partial<FormField> = {}): FormField => ({
  id,
  type,
  label,
  ...extra,
});
const col = (id: string, type: ColumnField['type'], label: string, extra: Partial<ColumnField> = {}): ColumnField => ({
  id,
  type,
  label,
  ...extra,
});
const opts = (...labels: string[]) => labels.map((label, i) => ({ label, value: `o${i + 1}` }));

/** 姓名, 学号/工号, 学院/部门, 联系电话: filled from the signed-in user. */
const applicant = (no: '学号' | '工号'): FormField[] => [
  f('name', 'text', '姓名', { required: true, maxLength: 30, default: { kind: 'user', prop: 'realName' } }),
  f('userNo', 'text', no, { required: true, maxLength: 20, default: { kind: 'user', prop: 'userNo' } }),
  f('dept', 'text', no === '学号' ? '学院' : '部门', { maxLength: 60, default: { kind: 'user', prop: 'department' } }),
  f('phone', 'text', '联系电话', {
    required: true,
    pattern: '^1\\d{10}$',
    patternMessage: '请输入 11 位手机号',
    default: { kind: 'user', prop: 'phone' },
  }),
];
const section = (id: string, title: string, fields: FormField[], columns = 2) => ({ id, title, columns, fields });
const note = (html: string) => f('notice', 'richText', '', { span: 2, content: html });

export const LEAVE_CAMPUS_REASONS = opts('就医', '实习/求职', '办理个人事务', '回家', '参加比赛或活动', '其他');
export const SCHOLARSHIP_KINDS = opts('国家奖学金', '国家励志奖学金', '国家助学金', '校长奖学金', '学业奖学金');
export const HARDSHIP = opts('特别困难', '困难', '一般困难', '未认定');
export const DORM_REASONS = opts('作息不一致', '身体原因', '专业或年级调整', '舍友关系', '其他');
export const TERMS = opts('2025-2026学年第一学期', '2025-2026学年第二学期', '2026-2027学年第一学期');
export const CARD_REASONS = opts('遗失', '损坏', '信息变更（转专业等）');
export const SEALS = opts('部门公章', '人事专用章', '财务专用章');
export const ROOMS = opts(
  '行政楼 201 会议室（30 人）',
  '行政楼 305 学术报告厅（120 人）',
  '图书馆 6 楼研讨室（12 人）',
  '信息楼 101 多媒体会议室（50 人）',
);
export const SLOTS = opts('上午 08:30–12:00', '下午 14:00–17:30', '晚上 19:00–21:30');
export const EQUIPMENT = opts('投影仪', '视频会议系统', '无线话筒', '茶歇');
export const COST_ITEMS = opts('城市间交通费', '住宿费', '伙食补助', '市内交通费', '会议/培训费');
export const STAFF_LEAVE_KINDS = opts('年休假', '事假', '病假', '婚假', '产假/陪产假', '探亲假');

export const DEMO_FORMS: DemoForm[] = [
  {
    key: 'leaveCampus',
    category: '学生事务',
    audience: 'student',
    description: '在校学生因就医、实习等离开校园时填写；离开本市须经学院审批，结果抄送宿管办。',
    schema: {
      format: FORM_SCHEMA_FORMAT,
      sections: [
        section('who', '申请人', applicant('学号')),
        section('trip', '出校信息', [
          f('reason', 'select', '出校事由', { required: true, options: LEAVE_CAMPUS_REASONS }),
          f('destination', 'text', '目的地', { required: true, maxLength: 60 }),
          f('leaveAt', 'datetime', '离校时间', { required: true }),
          f('backAt', 'datetime', '预计返校时间', { required: true }),
          f('outOfCity', 'switch', '是否离开本市'),
          f('contact', 'text', '紧急联系人电话', {
            required: true,
            pattern: '^1\\d{10}$',
            patternMessage: '请输入 11 位手机号',
          }),
          f('detail', 'textarea', '情况说明', { maxLength: 300, span: 2 }),
          note('<p>离开本市须经学院审批；返校后请在 24 小时内向辅导员报到。</p>'),
        ]),
      ],
      rules: [],
      submitText: '提交申请',
    },
  },
  {
    key: 'scholarship',
    category: '学生事务',
    audience: 'student',
    description: '奖学金、助学金年度评审：辅导员初审，学院评审小组会签，学生工作处复核。',
    schema: {
      format: FORM_SCHEMA_FORMAT,
      sections: [
        section('who', '申请人', applicant('学号')),
        section('apply', '申请信息', [
          f('kind', 'radio', '申请类别', { required: true, options: SCHOLARSHIP_KINDS, span: 2 }),
          f('year', 'select', '评审学年', { required: true, options: TERMS.slice(0, 1) }),
          f('gpa', 'number', '学分绩点', { required: true, min: 0, max: 5, precision: 2 }),
          f('rank', 'text', '综合测评排名', { required: true, maxLength: 20, placeholder: '如 5/126' }),
          f('hardship', 'select', '家庭经济困难认定', { options: HARDSHIP, hidden: true }),
          f('awards', 'subTable', '获奖情况', {
            span: 2,
            maxRows: 10,
            columns: [
              col('award', 'text', '奖项名称', { required: true, maxLength: 60 }),
              col('level', 'select', '级别', { options: opts('国家级', '省级', '校级', '院级') }),
              col('date', 'date', '获奖时间'),
            ],
          }),
          f('statement', 'textarea', '申请理由', { required: true, maxLength: 1000, span: 2 }),
          f('proof', 'file', '证明材料', { accept: ['pdf', 'jpg', 'png'], maxSizeMb: 10, maxCount: 5 }),
          f('sign', 'signature', '本人签名'),
          f('review', 'textarea', '学院评审意见', { maxLength: 500, span: 2, help: '<p>由学院评审小组填写。</p>' }),
        ]),
      ],
      rules: [
        {
          id: 'needHardship',
          match: 'any',
          conditions: [
            { field: 'kind', op: 'eq', value: 'o2' },
            { field: 'kind', op: 'eq', value: 'o3' },
          ],
          actions: [
            { type: 'show', targets: ['hardship'] },
            { type: 'require', targets: ['hardship'] },
          ],
        },
      ],
      submitText: '提交申请',
    },
  },
  {
    key: 'dormChange',
    category: '学生事务',
    audience: 'student',
    description: '申请调换宿舍：辅导员同意后由宿管办安排床位。',
    schema: {
      format: FORM_SCHEMA_FORMAT,
      sections: [
        section('who', '申请人', applicant('学号')),
        section('dorm', '调换信息', [
          f('current', 'text', '现住宿舍', { required: true, maxLength: 30, placeholder: '如 东区 3 栋 412' }),
          f('wanted', 'text', '意向宿舍', { maxLength: 30 }),
          f('reason', 'select', '调换原因', { required: true, options: DORM_REASONS }),
          f('agreed', 'switch', '已与对方宿舍协商一致'),
          f('detail', 'textarea', '具体说明', { required: true, maxLength: 500, span: 2 }),
          f('assigned', 'text', '安排宿舍', { maxLength: 30, help: '<p>由宿管办填写。</p>' }),
        ]),
      ],
      rules: [],
      submitText: '提交申请',
    },
  },
  {
    key: 'gradeReview',
    category: '教学事务',
    audience: 'student',
    description: '对课程成绩有异议时申请复核：任课教师复核后，学院与教务处审核，更正后的成绩由教务处填写。',
    schema: {
      format: FORM_SCHEMA_FORMAT,
      sections: [
        section('who', '申请人', applicant('学号')),
        section('courseInfo', '课程信息', [
          f('term', 'select', '学期', { required: true, options: TERMS }),
          f('course', 'text', '课程名称', { required: true, maxLength: 60 }),
          f('courseNo', 'text', '课程号', { required: true, maxLength: 20 }),
          f('lecturer', 'user', '任课教师', { required: true, pickScope: { roleCodes: ['staff'] } }),
          f('score', 'number', '原成绩', { required: true, min: 0, max: 100, precision: 0, unit: '分' }),
          f('newScore', 'number', '复核后成绩', { min: 0, max: 100, precision: 0, unit: '分' }),
          f('reason', 'textarea', '复核理由', { required: true, maxLength: 500, span: 2 }),
        ]),
      ],
      rules: [],
      submitText: '提交申请',
    },
  },
  {
    key: 'studentCard',
    category: '学生事务',
    audience: 'student',
    description: '学生证遗失、损坏或信息变更时申请补办，学院审核后由学生工作处制证。',
    schema: {
      format: FORM_SCHEMA_FORMAT,
      sections: [
        section('who', '申请人', applicant('学号')),
        section('card', '补办信息', [
          f('reason', 'radio', '补办原因', { required: true, options: CARD_REASONS, span: 2 }),
          f('route', 'text', '乘车区间', { maxLength: 40, placeholder: '如 武汉—长沙' }),
          f('photo', 'image', '证件照', { accept: ['jpg', 'png'], maxSizeMb: 2, maxCount: 1 }),
          f('detail', 'textarea', '情况说明', { maxLength: 300, span: 2 }),
        ]),
      ],
      rules: [],
      submitText: '提交申请',
    },
  },
  {
    key: 'seal',
    category: '行政办公',
    audience: 'staff',
    description: '使用印章前申请：部门负责人审批；人事专用章、财务专用章再经人事处、财务处审核。',
    schema: {
      format: FORM_SCHEMA_FORMAT,
      sections: [
        section('who', '申请人', applicant('工号')),
        section('use', '用印信息', [
          f('seal', 'select', '印章类型', { required: true, options: SEALS }),
          f('copies', 'number', '用印份数', { required: true, min: 1, max: 200, precision: 0, unit: '份' }),
          f('document', 'text', '文件名称', { required: true, maxLength: 100, span: 2 }),
          f('purpose', 'textarea', '用印事由', { required: true, maxLength: 500, span: 2 }),
          f('files', 'file', '用印文件', { accept: ['pdf', 'doc', 'docx'], maxSizeMb: 20, maxCount: 5 }),
        ]),
      ],
      rules: [],
      submitText: '提交申请',
    },
  },
  {
    key: 'meetingRoom',
    category: RESERVATION_CATEGORY,
    audience: 'staff',
    description: '预约学校公用会议室；50 人以上的会议先经部门负责人同意，再由后勤保障处安排。',
    schema: {
      format: FORM_SCHEMA_FORMAT,
      sections: [
        section('who', '预约人', applicant('工号')),
        section('booking', '预约信息', [
          f('room', 'select', '会议室', { required: true, options: ROOMS }),
          f('day', 'date', '使用日期', { required: true }),
          f('slot', 'select', '使用时段', { required: true, options: SLOTS }),
          f('people', 'number', '参会人数', { required: true, min: 1, max: 300, precision: 0, unit: '人' }),
          f('topic', 'text', '会议主题', { required: true, maxLength: 60, span: 2 }),
          f('equipment', 'checkbox', '所需设备', { options: EQUIPMENT, span: 2 }),
          f('remark', 'textarea', '备注', { maxLength: 300, span: 2 }),
        ]),
      ],
      rules: [],
      submitText: '提交预约',
    },
  },
  {
    key: 'car',
    category: RESERVATION_CATEGORY,
    audience: 'staff',
    description: '公务出行用车：部门负责人审批后由后勤保障处车队派车，派车信息由车队填写。',
    schema: {
      format: FORM_SCHEMA_FORMAT,
      sections: [
        section('who', '申请人', applicant('工号')),
        section('trip', '用车信息', [
          f('purpose', 'text', '用车事由', { required: true, maxLength: 60, span: 2 }),
          f('from', 'text', '出发地点', { required: true, maxLength: 40 }),
          f('to', 'text', '目的地', { required: true, maxLength: 40 }),
          f('startAt', 'datetime', '用车时间', { required: true }),
          f('endAt', 'datetime', '预计返回时间', { required: true }),
          f('riders', 'number', '乘车人数', { required: true, min: 1, max: 45, precision: 0, unit: '人' }),
          f('outOfCity', 'switch', '是否出市'),
          f('dispatch', 'text', '派车信息', { maxLength: 60, span: 2, help: '<p>由车队填写车牌号和驾驶员。</p>' }),
        ]),
      ],
      rules: [],
      submitText: '提交申请',
    },
  },
  {
    key: 'travel',
    category: '财务报销',
    audience: 'staff',
    description:
      '出差回来后报销差旅费：部门负责人审批后，财务审核与经费负责人确认同时进行；5000 元以上再经财务处负责人审批。',
    schema: {
      format: FORM_SCHEMA_FORMAT,
      sections: [
        section('who', '报销人', applicant('工号')),
        section('trip', '出差信息', [
          f('purpose', 'text', '出差事由', { required: true, maxLength: 60, span: 2 }),
          f('place', 'text', '出差地点', { required: true, maxLength: 40 }),
          f('period', 'dateRange', '出差时间', { required: true }),
          f('costs', 'subTable', '费用明细', {
            span: 2,
            required: true,
            minRows: 1,
            maxRows: 20,
            sumColumns: ['amount'],
            columns: [
              col('item', 'select', '费用项目', { required: true, options: COST_ITEMS }),
              col('amount', 'money', '金额', { required: true, min: 0, unit: '元' }),
              col('bills', 'number', '票据张数', { min: 0, max: 99, precision: 0 }),
            ],
          }),
          f('total', 'money', '报销总额', { required: true, min: 0, max: 200000, unit: '元' }),
          f('budgetOwner', 'user', '经费负责人', { required: true, pickScope: { roleCodes: ['staff'] } }),
          f('account', 'text', '收款银行卡号', {
            required: true,
            pattern: '^\\d{16,19}$',
            patternMessage: '请输入 16–19 位卡号',
          }),
          f('invoices', 'file', '发票及行程单', { accept: ['pdf', 'jpg', 'png'], maxSizeMb: 10, maxCount: 10 }),
        ]),
      ],
      rules: [],
      submitText: '提交报销',
    },
  },
  {
    key: 'staffLeave',
    category: '人事服务',
    audience: 'staff',
    description: '教职工请假：部门负责人审批；3 天以上再经人事处审批；工作交接人收到抄送。',
    schema: {
      format: FORM_SCHEMA_FORMAT,
      sections: [
        section('who', '申请人', applicant('工号')),
        section('leave', '请假信息', [
          f('kind', 'select', '请假类型', { required: true, options: STAFF_LEAVE_KINDS }),
          f('period', 'dateRange', '请假时间', { required: true }),
          f('days', 'number', '请假天数', { required: true, min: 0.5, max: 180, precision: 1, unit: '天' }),
          f('handover', 'user', '工作交接人', { required: true, pickScope: { roleCodes: ['staff'] } }),
          f('reason', 'textarea', '请假事由', { required: true, maxLength: 500, span: 2 }),
          f('proof', 'file', '证明材料', { accept: ['pdf', 'jpg', 'png'], maxSizeMb: 10, maxCount: 3 }),
        ]),
      ],
      rules: [],
      submitText: '提交申请',
    },
  },
];
