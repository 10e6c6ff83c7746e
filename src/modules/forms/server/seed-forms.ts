import type { Transaction } from 'kysely';
import type { Database } from '@/server/db/schema';
import { FORM_SCHEMA_FORMAT, type FormSchema } from '@/shared/forms/schema';
import { validateSubmission } from '@/shared/forms/validate';
import { checkFormSchema } from '@/shared/forms/check-schema';
import * as repo from './repository';
import { canonicalJson } from '@/shared/canonical-json';
import { sanitizeSchema } from './service';
import { valueRows } from './value-index';
import { insertAccessDemoForm, insertComputedDemoForm } from './seed-access-form';

/**
 * The demo's sample form: 学生请假申请, published (v1), managed by the teacher, with a few
 * submissions from students, so the fill page, the summary and the export show real data.
 * Every value goes through the same check as a real submission.
 */
export const LEAVE_FORM_NAME = '学生请假申请';

export const LEAVE_SCHEMA: FormSchema = {
  format: FORM_SCHEMA_FORMAT,
  sections: [
    {
      id: 'applicant',
      title: '申请人',
      columns: 2,
      fields: [
        {
          id: 'name',
          type: 'text',
          label: '姓名',
          required: true,
          maxLength: 30,
          default: { kind: 'user', prop: 'realName' },
        },
        {
          id: 'studentNo',
          type: 'text',
          label: '学号',
          required: true,
          maxLength: 20,
          default: { kind: 'user', prop: 'userNo' },
        },
        { id: 'college', type: 'text', label: '学院', maxLength: 60, default: { kind: 'user', prop: 'department' } },
        {
          id: 'phone',
          type: 'text',
          label: '联系电话',
          required: true,
          pattern: '^1\\d{10}$',
          patternMessage: '请输入 11 位手机号',
          default: { kind: 'user', prop: 'phone' },
        },
      ],
    },
    {
      id: 'leave',
      title: '请假信息',
      columns: 2,
      fields: [
        {
          id: 'kind',
          type: 'select',
          label: '请假类型',
          required: true,
          options: [
            { label: '病假', value: 'sick' },
            { label: '事假', value: 'personal' },
            { label: '其他', value: 'other' },
          ],
        },
        { id: 'period', type: 'dateRange', label: '请假时间', required: true },
        { id: 'days', type: 'number', label: '请假天数', required: true, min: 0.5, max: 30, precision: 1, unit: '天' },
        { id: 'leaveSchool', type: 'switch', label: '是否离校' },
        {
          id: 'reason',
          type: 'textarea',
          label: '请假事由',
          required: true,
          maxLength: 500,
          span: 2,
          placeholder: '请简要说明请假原因',
        },
        { id: 'otherKind', type: 'text', label: '其他类型说明', hidden: true, maxLength: 30 },
        {
          id: 'proof',
          type: 'file',
          label: '证明材料',
          accept: ['pdf', 'jpg', 'png'],
          maxSizeMb: 5,
          maxCount: 3,
          help: '<p>病假请上传医院证明。</p>',
        },
        {
          id: 'notice',
          type: 'richText',
          label: '',
          span: 2,
          content: '<p><strong>提示：</strong>请假超过 3 天须经学院审批；返校后请及时销假。</p>',
        },
      ],
    },
  ],
  rules: [
    {
      id: 'otherKindRule',
      match: 'all',
      conditions: [{ field: 'kind', op: 'eq', value: 'other' }],
      actions: [
        { type: 'show', targets: ['otherKind'] },
        { type: 'require', targets: ['otherKind'] },
      ],
    },
  ],
  submitText: '提交申请',
};

/**
 * The sample submissions, oldest first. The demo student applies three times and a classmate of
 * the same college once, so the student's 我发起的 shows several states: insertSampleProcess
 * (workflow/server/seed-workflow.ts) runs them through the approval process in this order.
 */
const SAMPLES: {
  by: 'student' | 'classmate';
  /** The leave's first and last day, in days after the seed's day (the requests were made a few hours ago). */
  days: [number, number];
  values: { kind: string; days: number; leaveSchool: boolean; reason: string; otherKind?: string };
}[] = [
  {
    by: 'student',
    days: [0, 1],
    values: {
      kind: 'sick',
      days: 2,
      leaveSchool: false,
      reason: '感冒发烧，需在校医院就诊休息。',
    },
  },
  {
    by: 'classmate',
    days: [3, 7],
    values: {
      kind: 'personal',
      days: 5,
      leaveSchool: true,
      reason: '家中有事，需回家处理。',
    },
  },
  {
    by: 'student',
    days: [4, 4],
    values: {
      kind: 'other',
      days: 1,
      leaveSchool: true,
      reason: '参加省大学生程序设计竞赛。',
      otherKind: '竞赛',
    },
  },
  {
    by: 'student',
    days: [6, 6],
    values: { kind: 'sick', days: 0.5, leaveSchool: false, reason: '牙科复诊。' },
  },
];

/** 'start至end' (server-local dates) of these days after `now`'s day: the samples' leave, whenever the demo is seeded. */
export function samplePeriod(now: number, [from, to]: [number, number]): string {
  const day = (n: number) => {
    const d = new Date(now);
    d.setDate(d.getDate() + n);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  return `${day(from)}至${day(to)}`;
}

/** Inserts the sample form with its version and submissions (inside the demo seed's transaction). */
export async function insertSampleForms(tx: Transaction<Database>, adminId: number, now: number): Promise<void> {
  const schema = sanitizeSchema(LEAVE_SCHEMA);
  const problems = checkFormSchema(schema);
  if (problems.length) throw new Error(`sample form is invalid: ${problems.join('; ')}`);
  const admin = { id: adminId, name: '系统管理员' };
  const formId = await repo.insertForm(
    tx,
    {
      name: LEAVE_FORM_NAME,
      category: '学生事务',
      description: '学生因病、因事请假时填写，提交后由辅导员查看汇总。',
      access: 'signedIn',
      // Students ask for leave here; staff have 教职工请假 (the workflow's demo forms).
      audience: ['student'],
      draftSchema: JSON.stringify(schema),
    },
    admin,
    now,
  );
  const version = await repo.takeNextVersion(tx, formId, admin, now);
  await repo.insertVersion(tx, formId, version, canonicalJson(schema), admin, now);
  await repo.logChange(tx, formId, 'created', `《${LEAVE_FORM_NAME}》`, admin, now);
  await repo.logChange(tx, formId, 'published', `发布版本 v${version}`, admin, now);

  const teacher = await tx.selectFrom('appUser').select('id').where('username', '=', 'teacher').executeTakeFirst();
  if (teacher) await repo.replaceManagers(tx, formId, [teacher.id]);

  // The fixed student and the first other student of the same college (the same person in both seed sizes).
  const studentQuery = () =>
    tx
      .selectFrom('appUser as u')
      .leftJoin('department as d', 'd.id', 'u.departmentId')
      .select(['u.id', 'u.realName', 'u.userNo', 'u.phone', 'u.departmentId', 'd.name as department'])
      .where('u.kind', '=', 'student');
  await insertAccessDemoForm(tx, adminId, now);
  await insertComputedDemoForm(tx, adminId, now);
  const student = await studentQuery().where('u.username', '=', 'student').executeTakeFirst();
  if (!student) return;
  const classmate =
    student.departmentId === null
      ? undefined
      : await studentQuery()
          .where('u.departmentId', '=', student.departmentId)
          .where('u.id', '!=', student.id)
          .orderBy('u.id')
          .limit(1)
          .executeTakeFirst();
  for (const [i, sample] of SAMPLES.entries()) {
    const s = sample.by === 'classmate' && classmate ? classmate : student;
    const input = {
      name: s.realName,
      studentNo: s.userNo,
      college: s.department ?? '',
      phone: s.phone ?? '13800000000',
      ...sample.values,
      period: samplePeriod(now, sample.days),
    };
    const { values, errors } = validateSubmission(schema, input);
    if (errors.length) throw new Error(`sample submission is invalid: ${JSON.stringify(errors)}`);
    const submittedAt = now - (SAMPLES.length - i) * 3_600_000;
    await repo.insertSubmission(
      tx,
      {
        formId,
        version,
        submitterId: s.id,
        submitterName: s.realName,
        submitterNo: s.userNo,
        values: JSON.stringify(values),
        submittedAt,
        ip: null,
      },
      valueRows(schema, values),
    );
    await repo.countSubmissionOn(tx, formId, submittedAt);
  }
}
