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
