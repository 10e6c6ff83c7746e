import type { Transaction } from 'kysely';
import type { Database } from '@/server/db/schema';
import { FORM_SCHEMA_FORMAT, type FormSchema } from '@/shared/forms/schema';
import { checkFormSchema } from '@/shared/forms/check-schema';
import { canonicalJson } from '@/shared/canonical-json';
import * as repo from './repository';
import { replaceMembers } from './fill-access';

/**
 * The demo's 填写设置 (issue 24 item 4): 学院讲座报名 is for the fixed student's college only (with its
 * majors and classes), once per person, open for two weeks. The demo student fills it; a student of
 * another college who opens its link is told they are outside its audience (e2e/form-access.e2e.ts).
 */
export const ACCESS_FORM_NAME = '学院讲座报名';

const SCHEMA: FormSchema = {
  format: FORM_SCHEMA_FORMAT,
  sections: [
    {
      id: 's1',
      title: '报名信息',
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
          id: 'no',
          type: 'text',
          label: '学号',
          required: true,
          maxLength: 20,
          default: { kind: 'user', prop: 'userNo' },
        },
        {
          id: 'session',
          type: 'radio',
          label: '场次',
          required: true,
          options: [
            { label: '周三下午 14:30', value: 'wed' },
            { label: '周五晚上 19:00', value: 'fri' },
          ],
        },
        { id: 'question', type: 'textarea', label: '想请教的问题', maxLength: 300 },
      ],
    },
  ],
  rules: [],
};

/** The college above (or at) a department: the nearest ancestor of kind college. */
async function collegeOf(tx: Transaction<Database>, departmentId: number | null): Promise<number | null> {
  let id = departmentId;
  for (let depth = 0; id !== null && depth < 16; depth++) {
    const d = await tx
      .selectFrom('department')
      .select(['id', 'parentId', 'kind'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!d) return null;
    if (d.kind === 'college') return d.id;
    id = d.parentId;
  }
  return null;
}

export async function insertAccessDemoForm(tx: Transaction<Database>, adminId: number, now: number): Promise<void> {
  const student = await tx
    .selectFrom('appUser')
    .select('departmentId')
    .where('username', '=', 'student')
    .executeTakeFirst();
  const college = await collegeOf(tx, student?.departmentId ?? null);
  if (college === null) return;
  const problems = checkFormSchema(SCHEMA);
  if (problems.length) throw new Error(`access demo form is invalid: ${problems.join('; ')}`);
  const admin = { id: adminId, name: '系统管理员' };
  const formId = await repo.insertForm(
    tx,
    {
      name: ACCESS_FORM_NAME,
      category: '学生事务',
      description: '本学院学生报名参加学院讲座，每人限报一次。',
      access: 'signedIn',
      draftSchema: JSON.stringify(SCHEMA),
    },
    admin,
    now,
  );
  await replaceMembers(tx, formId, [{ kind: 'deptTree', refId: college }]);
  await repo.setFillSettings(tx, formId, { opensAt: null, closesAt: now + 14 * 86_400_000, submitLimit: 'once' });
  const version = await repo.takeNextVersion(tx, formId, admin, now);
  await repo.insertVersion(tx, formId, version, canonicalJson(SCHEMA), admin, now);
  await repo.logChange(tx, formId, 'created', `《${ACCESS_FORM_NAME}》`, admin, now);
  await repo.logChange(tx, formId, 'published', `发布版本 v${version}`, admin, now);
}

/**
 * The demo's rules and formulas (issue 24 item 5): 学生外出登记 computes 外出天数 from the two dates
 * (the server computes it again), and refuses a return before the departure, a departure in the
 * past and more than 30 days away; 联系电话 is a mobile number.
 */
export const COMPUTED_FORM_NAME = '学生外出登记';

export const COMPUTED_SCHEMA: FormSchema = {
  format: FORM_SCHEMA_FORMAT,
  sections: [
    {
      id: 's1',
      title: '外出信息',
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
          id: 'phone',
          type: 'text',
          label: '联系电话',
          required: true,
          preset: 'mobile',
          default: { kind: 'user', prop: 'phone' },
        },
        { id: 'start', type: 'date', label: '离校日期', required: true },
        { id: 'end', type: 'date', label: '返校日期', required: true },
        { id: 'days', type: 'number', label: '请假天数', unit: '天', formula: 'DAYS(start, end) + 1' },
        { id: 'where', type: 'text', label: '去向', required: true, maxLength: 60 },
      ],
    },
  ],
  rules: [],
  checks: [
    { id: 'endAfterStart', field: 'end', op: 'gte', other: 'start', message: '返校日期不能早于离校日期' },
    { id: 'notPast', field: 'start', op: 'notPast', message: '离校日期不能早于今天' },
    { id: 'atMost30', field: 'end', op: 'maxDays', other: 'start', days: 30, message: '外出不能超过 30 天' },
  ],
};

export async function insertComputedDemoForm(tx: Transaction<Database>, adminId: number, now: number): Promise<void> {
  const problems = checkFormSchema(COMPUTED_SCHEMA);
  if (problems.length) throw new Error(`computed demo form is invalid: ${problems.join('; ')}`);
  const admin = { id: adminId, name: '系统管理员' };
  const formId = await repo.insertForm(
    tx,
    {
      name: COMPUTED_FORM_NAME,
      category: '学生事务',
      description: '离校外出前登记，系统按离校、返校日期算出请假天数。',
      access: 'signedIn',
      audience: ['student'],
      draftSchema: JSON.stringify(COMPUTED_SCHEMA),
    },
    admin,
    now,
  );
  const version = await repo.takeNextVersion(tx, formId, admin, now);
  await repo.insertVersion(tx, formId, version, canonicalJson(COMPUTED_SCHEMA), admin, now);
  await repo.logChange(tx, formId, 'created', `《${COMPUTED_FORM_NAME}》`, admin, now);
  await repo.logChange(tx, formId, 'published', `发布版本 v${version}`, admin, now);
}
