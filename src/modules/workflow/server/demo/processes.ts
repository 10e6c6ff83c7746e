import { PROCESS_FORMAT, type ProcessDefinition, type ProcessNode } from '../../contract';
import type { DemoFormKey } from './forms';

/** The offices' people a process names directly (`users` assignees), found in the seeded organisation. */
export interface OfficePeople {
  /** 学生工作处: reviews scholarships, makes student cards. */
  studentAffairs: number[];
  /** 教务处: the grade review's last check. */
  academic: number[];
  /** 后勤保障处: meeting rooms and the car pool. */
  logistics: number[];
  /** 人事处: staff leave over three days, the HR seal. */
  hr: number[];
  /** 财务处: the accountants who check claims, and the head of finance. */
  finance: number[];
  financeHead: number[];
}

export interface DemoProcess {
  form: DemoFormKey;
  name: string;
  definition: ProcessDefinition;
}

type Node = ProcessNode;
const start: Node = { id: 'start', type: 'start', name: '提交申请', x: 0, y: 0 };
const end = (y: number): Node => ({ id: 'end', type: 'end', name: '结束', x: 0, y });
const chain = (ids: string[]) => ids.slice(1).map((to, i) => ({ from: ids[i]!, to }));
const counsellor = (y: number, extra: Partial<Node> = {}): Node => ({
  id: 'counsellor',
  type: 'approval',
  name: '辅导员审批',
  assignee: { kind: 'role', roleCode: 'counsellor', nearest: true },
  signMode: 'any',
  noAssignee: 'admin',
  timeLimitHours: 24,
  batchApprove: true,
  x: 0,
  y,
  ...extra,
});
const deptLeader = (y: number, extra: Partial<Node> = {}): Node => ({
  id: 'leader',
  type: 'approval',
  name: '部门负责人审批',
  assignee: { kind: 'deptLeader' },
  signMode: 'any',
  noAssignee: 'admin',
  timeLimitHours: 48,
  x: 0,
  y,
  ...extra,
});
const office = (id: string, name: string, userIds: number[], y: number, extra: Partial<Node> = {}): Node => ({
  id,
  type: 'approval',
  name,
  assignee: { kind: 'users', userIds },
  signMode: 'any',
  noAssignee: 'admin',
  timeLimitHours: 48,
  x: 0,
  y,
  ...extra,
});

/**
 * One process per demo form, together using what the engine offers: conditions with a default
 * branch, countersign and sequential nodes, a parallel split with its join, copies (to a role, to a
 * person the applicant picked), node time limits, batch approval, fields an approver fills in or
 * never sees, an approver the applicant picks, and title templates.
 */
export function demoProcesses(p: OfficePeople): DemoProcess[] {
  return [
    {
      form: 'leaveCampus',
      name: '学生出校审批',
      definition: {
        format: PROCESS_FORMAT,
        titleTemplate: '{申请人}的出校申请（{出校事由}，{目的地}）',
        nodes: [
          start,
          counsellor(120, { timeLimitHours: 12 }),
          {
            id: 'far',
            type: 'condition',
            name: '是否离开本市',
            branches: [
              {
                id: 'away',
                name: '离开本市',
                match: 'all',
                conditions: [{ field: 'outOfCity', op: 'eq', value: true }],
              },
            ],
            x: 0,
            y: 240,
          },
          {
            id: 'college',
            type: 'approval',
            name: '学院审批',
            assignee: { kind: 'deptLeader' },
            signMode: 'any',
            noAssignee: 'admin',
            timeLimitHours: 24,
            x: -160,
            y: 360,
          },
          {
            id: 'dorm',
            type: 'copy',
            name: '抄送宿管办',
            assignee: { kind: 'role', roleCode: 'dorm_office' },
            x: -160,
            y: 480,
          },
          end(600),
        ],
        edges: [
          ...chain(['start', 'counsellor', 'far']),
          { from: 'far', to: 'college', branch: 'away' },
          { from: 'far', to: 'end', branch: 'default' },
          ...chain(['college', 'dorm', 'end']),
        ],
      },
    },
    {
      form: 'scholarship',
      name: '奖助学金评审',
      definition: {
        format: PROCESS_FORMAT,
        titleTemplate: '{申请人}的{申请类别}申请',
        nodes: [
          start,
          counsellor(120, { name: '辅导员初审', batchApprove: false, timeLimitHours: 72 }),
          {
            id: 'college',
            type: 'approval',
            name: '学院评审小组会签',
            assignee: { kind: 'deptLeader' },
            signMode: 'all',
            noAssignee: 'admin',
            timeLimitHours: 72,
            fieldPermissions: { review: 'editable' },
            x: 0,
            y: 240,
          },
          office('affairs', '学生工作处复核', p.studentAffairs, 360, { timeLimitHours: 120 }),
          end(480),
        ],
        edges: chain(['start', 'counsellor', 'college', 'affairs', 'end']),
      },
    },
    {
      form: 'dormChange',
      name: '宿舍调换审批',
      definition: {
        format: PROCESS_FORMAT,
        titleTemplate: '{申请人}的宿舍调换（{现住宿舍}）',
        nodes: [
          start,
          counsellor(120),
          {
            id: 'dorm',
            type: 'approval',
            name: '宿管办安排',
            assignee: { kind: 'role', roleCode: 'dorm_office' },
            signMode: 'any',
            noAssignee: 'admin',
            timeLimitHours: 72,
            fieldPermissions: { assigned: 'editable', phone: 'readOnly' },
            x: 0,
            y: 240,
          },
          end(360),
        ],
        edges: chain(['start', 'counsellor', 'dorm', 'end']),
      },
    },
    {
      form: 'gradeReview',
      name: '成绩复核审批',
      definition: {
        format: PROCESS_FORMAT,
        titleTemplate: '{申请人}的成绩复核（{课程名称}）',
        nodes: [
          start,
          {
            id: 'lecturer',
            type: 'approval',
            name: '任课教师复核',
            assignee: { kind: 'applicantPick', fieldId: 'lecturer' },
            signMode: 'any',
            noAssignee: 'refuse',
            timeLimitHours: 72,
            fieldPermissions: { newScore: 'editable' },
            x: 0,
            y: 120,
          },
          {
            id: 'college',
            type: 'approval',
            name: '学院审核',
            assignee: { kind: 'deptLeader' },
            signMode: 'any',
            noAssignee: 'admin',
            timeLimitHours: 48,
            x: 0,
            y: 240,
          },
          office('academic', '教务处审核', p.academic, 360, { fieldPermissions: { newScore: 'editable' } }),
          end(480),
        ],
        edges: chain(['start', 'lecturer', 'college', 'academic', 'end']),
      },
    },
    {
      form: 'studentCard',
      name: '学生证补办审批',
      definition: {
        format: PROCESS_FORMAT,
        nodes: [
          start,
          counsellor(120, { name: '学院审核' }),
          office('affairs', '学生工作处制证', p.studentAffairs, 240, { timeLimitHours: 120, batchApprove: true }),
          end(360),
        ],
        edges: chain(['start', 'counsellor', 'affairs', 'end']),
      },
    },
    {
      form: 'seal',
      name: '用印审批',
      definition: {
        format: PROCESS_FORMAT,
        titleTemplate: '{申请人}的用印申请（{印章类型}，{文件名称}）',
        nodes: [
          start,
          deptLeader(120),
          {
            id: 'which',
            type: 'condition',
            name: '按印章类型',
            branches: [
              {
                id: 'hrSeal',
                name: '人事专用章',
                match: 'all',
                conditions: [{ field: 'seal', op: 'eq', value: 'o2' }],
              },
              {
                id: 'finSeal',
                name: '财务专用章',
                match: 'all',
                conditions: [{ field: 'seal', op: 'eq', value: 'o3' }],
              },
            ],
            x: 0,
            y: 240,
          },
          office('hr', '人事处审核', p.hr, 360, { x: -200 }),
          office('finance', '财务处审核', p.finance, 360, { x: 200 }),
          end(480),
        ],
        edges: [
          ...chain(['start', 'leader', 'which']),
          { from: 'which', to: 'hr', branch: 'hrSeal' },
          { from: 'which', to: 'finance', branch: 'finSeal' },
          { from: 'which', to: 'end', branch: 'default' },
          { from: 'hr', to: 'end' },
          { from: 'finance', to: 'end' },
        ],
      },
    },
    {
      form: 'meetingRoom',
      name: '会议室预约审批',
      definition: {
        format: PROCESS_FORMAT,
        titleTemplate: '{申请人}预约{会议室}（{使用日期} {使用时段}）',
        nodes: [
          start,
          {
            id: 'size',
            type: 'condition',
            name: '按参会人数',
            branches: [
              { id: 'large', name: '50 人以上', match: 'all', conditions: [{ field: 'people', op: 'gte', value: 50 }] },
            ],
            x: 0,
            y: 120,
          },
          deptLeader(240, { x: -200, timeLimitHours: 24 }),
          office('rooms', '后勤保障处安排', p.logistics, 360, { timeLimitHours: 8, batchApprove: true }),
          end(480),
        ],
        edges: [
          { from: 'start', to: 'size' },
          { from: 'size', to: 'leader', branch: 'large' },
          { from: 'size', to: 'rooms', branch: 'default' },
          ...chain(['leader', 'rooms', 'end']),
        ],
      },
    },
    {
      form: 'car',
      name: '公务用车审批',
      definition: {
        format: PROCESS_FORMAT,
        titleTemplate: '{申请人}的用车申请（{目的地}，{用车时间}）',
        nodes: [
          start,
          deptLeader(120, { timeLimitHours: 24 }),
          office('pool', '车队派车', p.logistics, 240, {
            timeLimitHours: 24,
            fieldPermissions: { dispatch: 'editable' },
          }),
          end(360),
        ],
        edges: chain(['start', 'leader', 'pool', 'end']),
      },
    },
    {
      form: 'travel',
      name: '差旅报销审批',
      definition: {
        format: PROCESS_FORMAT,
        titleTemplate: '{申请人}的差旅报销（{出差地点}，{报销总额}）',
        nodes: [
          start,
          // The card number is for finance only.
          deptLeader(120, { fieldPermissions: { account: 'hidden' } }),
          { id: 'split', type: 'parallel', name: '财务与经费审核', x: 0, y: 240 },
          office('audit', '财务审核', p.finance, 360, { x: -200, timeLimitHours: 72 }),
          {
            id: 'budget',
            type: 'approval',
            name: '经费负责人确认',
            assignee: { kind: 'applicantPick', fieldId: 'budgetOwner' },
            signMode: 'any',
            noAssignee: 'admin',
            timeLimitHours: 72,
            fieldPermissions: { account: 'hidden' },
            x: 200,
            y: 360,
          },
          { id: 'join', type: 'join', name: '汇合', splitId: 'split', x: 0, y: 480 },
          {
            id: 'amount',
            type: 'condition',
            name: '按报销金额',
            branches: [
              {
                id: 'big',
                name: '5000 元以上',
                match: 'all',
                conditions: [{ field: 'total', op: 'gte', value: 5000 }],
              },
            ],
            x: 0,
            y: 600,
          },
          office('head', '财务处负责人审批', p.financeHead, 720, { x: -200 }),
          end(840),
        ],
        edges: [
          ...chain(['start', 'leader', 'split']),
          { from: 'split', to: 'audit' },
          { from: 'split', to: 'budget' },
          { from: 'audit', to: 'join' },
          { from: 'budget', to: 'join' },
          { from: 'join', to: 'amount' },
          { from: 'amount', to: 'head', branch: 'big' },
          { from: 'amount', to: 'end', branch: 'default' },
          { from: 'head', to: 'end' },
        ],
      },
    },
    {
      form: 'staffLeave',
      name: '教职工请假审批',
      definition: {
        format: PROCESS_FORMAT,
        titleTemplate: '{申请人}的请假申请（{请假类型}，{请假时间}）',
        nodes: [
          start,
          deptLeader(120, { timeLimitHours: 24 }),
          {
            id: 'long',
            type: 'condition',
            name: '按请假天数',
            branches: [
              { id: 'over3', name: '3 天以上', match: 'all', conditions: [{ field: 'days', op: 'gte', value: 3.5 }] },
            ],
            x: 0,
            y: 240,
          },
          office('hr', '人事处审批', p.hr, 360, { x: -200 }),
          {
            id: 'handover',
            type: 'copy',
            name: '抄送工作交接人',
            assignee: { kind: 'applicantPick', fieldId: 'handover' },
            x: 0,
            y: 480,
          },
          end(600),
        ],
        edges: [
          ...chain(['start', 'leader', 'long']),
          { from: 'long', to: 'hr', branch: 'over3' },
          { from: 'long', to: 'handover', branch: 'default' },
          ...chain(['hr', 'handover', 'end']),
        ],
      },
    },
  ];
}
