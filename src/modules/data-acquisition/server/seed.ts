import type { FastifyInstance } from 'fastify';
import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { FORM_SCHEMA_FORMAT, type FormSchema, type FormValues } from '@/shared/forms/schema';
import { insertPublishedForm } from '@/modules/forms/server/commands/publish-form';
import { recordSubmission } from '@/modules/forms/server/commands/record-submission';
import { createDataTable } from '@/modules/data-tables/server/commands/create-data-table';
import type { MappingItem } from '../contract';
import * as repo from './repository';
import { planRecords } from './fillers';
import { insertRecords } from './service';
import { writeRecord } from './write-target';

export const DEMO_TASK_TITLE = '2026年秋季学期学生返乡信息采集';
export const DEMO_TABLE_CODE = 'student_home_return';

// The seed runs inside the demo transaction without a server: data-tables' commands take `app` for
// later use and read nothing from it today.
const NO_APP = undefined as unknown as FastifyInstance;

const SCHEMA: FormSchema = {
  format: FORM_SCHEMA_FORMAT,
  sections: [
    {
      id: 'base',
      title: '返乡信息',
      columns: 2,
      fields: [
        { id: 'no', type: 'text', label: '学号', required: true, maxLength: 20 },
        { id: 'name', type: 'text', label: '姓名', required: true, maxLength: 20 },
        { id: 'city', type: 'text', label: '返乡城市', required: true, maxLength: 40, placeholder: '如：湖南省长沙市' },
        {
          id: 'transport',
          type: 'select',
          label: '交通方式',
          required: true,
          options: [
            { label: '火车', value: 'train' },
            { label: '飞机', value: 'plane' },
            { label: '汽车', value: 'bus' },
            { label: '自驾', value: 'car' },
          ],
        },
        { id: 'leave', type: 'date', label: '离校日期', required: true },
        { id: 'back', type: 'date', label: '返校日期' },
        { id: 'phone', type: 'text', label: '紧急联系人电话', maxLength: 20 },
      ],
    },
  ],
  rules: [],
};

const MAPPING: MappingItem[] = [
  { from: 'no', to: 'student_no' },
  { from: 'name', to: 'name' },
  { from: 'city', to: 'city' },
  { from: 'transport', to: 'transport' },
  { from: 'leave', to: 'leave_on' },
  { from: 'back', to: 'back_on' },
  { from: 'phone', to: 'contact_phone' },
];

const CITIES = [
  '湖南省长沙市',
  '湖北省武汉市',
  '四川省成都市',
  '河南省郑州市',
  '江西省南昌市',
  '广东省广州市',
  '安徽省合肥市',
  '山东省济南市',
];
const TRANSPORT = ['train', 'plane', 'bus', 'car'];

const field = (name: string, label: string, type: 'string' | 'date', sort: number, required = false) => ({
  name,
  label,
  type,
  required,
  indexed: name === 'city',
  visibility: name === 'contact_phone' ? ('owner' as const) : ('all' as const),
  description: '',
  sort,
});

/**
 * The demo's collection task: the counsellor `teacher` collects his class's 返乡信息 (the fixed
 * `student` is asked too) into the data table 学生返乡信息; two thirds of the class have filled —
 * half of those written into the table, the rest waiting for his 入库审批 — and `student` has it to fill.
 */
export const demoSeed: DemoSeed = async ({ tx, now }) => {
  const teacher = await tx
    .selectFrom('appUser')
    .select(['id', 'realName', 'departmentId'])
    .where('username', '=', 'teacher')
    .executeTakeFirst();
  const student = await tx.selectFrom('appUser').select(['id']).where('username', '=', 'student').executeTakeFirst();
  if (!teacher || !student || teacher.departmentId === null) return;
  // His class: the first class (by id) of his college that has students.
  const cls = await tx
    .selectFrom('department as c')
    .innerJoin('department as m', 'm.id', 'c.parentId')
    .innerJoin('appUser as u', 'u.departmentId', 'c.id')
    .select(['c.id', 'c.name'])
    .where('m.parentId', '=', teacher.departmentId)
    .where('c.kind', '=', 'class')
    .orderBy('c.id')
    .limit(1)
    .executeTakeFirst();
  // The small demo has no classes: then the other students of his college.
  const classmates = await tx
    .selectFrom('appUser')
    .select(['id', 'realName', 'userNo'])
    .where('departmentId', '=', cls?.id ?? teacher.departmentId)
    .where('kind', '=', 'student')
    .where('id', '!=', student.id)
    .orderBy('userNo')
    .limit(40)
    .execute();

  const form = await insertPublishedForm(
    tx,
    {
      name: '学生返乡信息登记',
      category: '学生事务',
      description: '寒暑假离校前登记返乡去向，便于辅导员掌握学生行程。',
      schema: SCHEMA,
      managerIds: [teacher.id],
    },
    { id: teacher.id, name: teacher.realName },
    now,
  );
  const table = await createDataTable(
    NO_APP,
    tx,
    {
      code: DEMO_TABLE_CODE,
      name: '学生返乡信息',
      description: '数据采集「学生返乡信息采集」写入的学生返乡去向，一人一行。',
      fields: [
        field('student_no', '学号', 'string', 1, true),
        field('name', '姓名', 'string', 2, true),
        field('city', '返乡城市', 'string', 3, true),
        field('transport', '交通方式', 'string', 4),
        field('leave_on', '离校日期', 'date', 5),
        field('back_on', '返校日期', 'date', 6),
        field('contact_phone', '紧急联系人电话', 'string', 7),
      ],
      uniqueKey: ['student_no'],
      ownerDepartmentId: teacher.departmentId,
      scopeField: null,
    },
    teacher.id,
  );

  const deadline = now + 14 * 24 * 3600_000;
  const userIds = [student.id, ...classmates.map((c) => c.id)];
  const fillers = { kind: 'people' as const, userIds };
  const taskId = await repo.insertTask(tx, {
    title: DEMO_TASK_TITLE,
    description: `请${cls?.name ?? '本班'}同学在离校前如实填写返乡去向。`,
    formId: form.id,
    formVersion: form.version,
    fillers: JSON.stringify(fillers),
    deadline,
    reminders: JSON.stringify([72, 24]),
    remindersSent: '[]',
    tableId: table.id,
    mapping: JSON.stringify(MAPPING),
    keyFields: JSON.stringify(['student_no']),
    processId: null,
    reviewWrite: 1,
    collaborative: 0,
    collaborators: '[]',
    status: 'published',
    ownerId: teacher.id,
    createdAt: now - 3 * 24 * 3600_000,
    updatedAt: now - 3 * 24 * 3600_000,
    publishedAt: now - 3 * 24 * 3600_000,
  });
  const planned = await planRecords(NO_APP, tx, {
    title: DEMO_TASK_TITLE,
    fillers,
    collaborative: false,
    tableId: table.id,
    mapping: MAPPING,
  });
  await insertRecords(tx, taskId, planned, [], now - 3 * 24 * 3600_000);

  // Two thirds of the classmates have filled: the first half of them written, the others waiting for 入库审批.
  const filled = classmates.slice(0, Math.floor((classmates.length * 2) / 3));
  for (const [i, c] of filled.entries()) {
    const at = now - (2 * 24 - i) * 3600_000;
    const values: FormValues = {
      no: c.userNo,
      name: c.realName,
      city: CITIES[i % CITIES.length]!,
      transport: TRANSPORT[i % TRANSPORT.length]!,
      leave: '2027-01-1' + String(2 + (i % 6)),
      back: '2027-02-2' + String(i % 8),
      phone: `138${String(10_000_000 + i * 7919).slice(0, 8)}`,
    };
    const sub = await recordSubmission(tx, { formId: form.id, version: form.version, values, submitterId: c.id, at });
    const written = i < filled.length / 2;
    if (written)
      await writeRecord(
        NO_APP,
        tx,
        { tableId: table.id, schema: SCHEMA, mapping: MAPPING, keyFields: ['student_no'] },
        sub.values,
        null,
        teacher.id,
      );
    const rec = await tx
      .selectFrom('acqRecord')
      .select('id')
      .where('taskId', '=', taskId)
      .where('userId', '=', c.id)
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('acqRecord')
      .set({
        values: JSON.stringify(sub.values),
        state: written ? 'written' : 'submitted',
        submissionId: sub.id,
        applicantId: c.id,
        submittedAt: at,
        writtenAt: written ? at + 3600_000 : null,
        updatedAt: written ? at + 3600_000 : at,
      })
      .where('id', '=', rec.id)
      .execute();
    await tx
      .updateTable('acqAssignment')
      .set({ state: 'submitted', savedAt: at, submittedAt: at })
      .where('recordId', '=', rec.id)
      .execute();
  }
};
