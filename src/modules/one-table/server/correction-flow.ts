import { badInput } from '@/server/errors';
import { FORM_SCHEMA_FORMAT, type FormSchema } from '@/shared/forms/schema';
import type { ProcessDefinition } from '@/modules/workflow/contract';
import { findFormIdByName } from '@/modules/forms/server/commands/find-form-by-name';
import { insertPublishedForm } from '@/modules/forms/server/commands/publish-form';
import { recordSubmission } from '@/modules/forms/server/commands/record-submission';
import { insertPublishedProcess } from '@/modules/workflow/server/commands/system-process';
import {
  publishedProcessesOfForm,
  publishedProcessFor,
  startProcessInstance,
} from '@/modules/workflow/server/commands/instances';
import { CORRECTION_FORM_NAME, CORRECTION_PROCESS_NAME, type CorrectionProcess } from '../contract';
import * as repo from './repository';

/**
 * Corrections run through the workflow engine: each request is a submission of the 数据纠错申请
 * form (table, field, before/after, reason, evidence names and the owning department's data
 * staff as 审核人) and an instance of the field's process — the built-in 数据纠错 (one step: any
 * of the 审核人, 或签) or one an administrator designed on the same form and chose per field in
 * page management. The generic 待办/已办 pages, history, opinions and urging all show it.
 */

/** Nobody fills this form by hand: its audience is a role code no user holds. */
const NO_AUDIENCE = ['one_table_system'];

export const CORRECTION_SCHEMA: FormSchema = {
  format: FORM_SCHEMA_FORMAT,
  sections: [
    {
      id: 'correction',
      title: '纠错内容',
      columns: 2,
      fields: [
        { id: 'person', type: 'text', label: '学号/工号', required: true, maxLength: 40 },
        { id: 'table', type: 'text', label: '数据表', required: true, maxLength: 100 },
        { id: 'field', type: 'text', label: '字段', required: true, maxLength: 100 },
        { id: 'department', type: 'text', label: '负责部门', maxLength: 100 },
        { id: 'oldValue', type: 'text', label: '原值', maxLength: 500 },
        { id: 'newValue', type: 'text', label: '建议值', required: true, maxLength: 500 },
        { id: 'reason', type: 'textarea', label: '纠错理由', required: true, maxLength: 500 },
        { id: 'evidence', type: 'textarea', label: '证明材料', maxLength: 1000 },
        { id: 'approvers', type: 'user', label: '审核人', multiple: true },
      ],
    },
  ],
  rules: [],
};

/** The built-in process: any one of the owning department's data staff (审核人); nobody → the administrator. */
export const CORRECTION_PROCESS: ProcessDefinition = {
  format: 1,
  nodes: [
    { id: 'start', type: 'start', name: '提交纠错', x: 0, y: 0 },
    {
      id: 'owner',
      type: 'approval',
      name: '数据负责部门审核',
      assignee: { kind: 'applicantPick', fieldId: 'approvers' },
      signMode: 'any',
      noAssignee: 'admin',
      timeLimitHours: 72,
      x: 0,
      y: 120,
    },
    { id: 'end', type: 'end', name: '结束', x: 0, y: 240 },
  ],
  edges: [
    { from: 'start', to: 'owner' },
    { from: 'owner', to: 'end' },
  ],
  titleTemplate: '{申请人}的数据纠错（{数据表}·{字段}）',
};

export interface CorrectionFlow {
  formId: number;
  version: number;
  builtInProcessId: number;
}

/**
 * The form and the built-in process, created on first use in the caller's transaction (they are
 * the platform's own, not demo data). Two first uses at once may each create them; the lookups
 * take the oldest, so both work.
 */
export async function ensureCorrectionFlow(trx: repo.Tx, now: number): Promise<CorrectionFlow> {
  let form = await findFormIdByName(trx, CORRECTION_FORM_NAME);
  if (!form || form.latestVersion === null) {
    const admin = await trx
      .selectFrom('appUser')
      .select(['id', 'realName'])
      .where('isAdmin', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    const by = { id: admin?.id ?? 0, name: admin?.realName ?? '系统' };
    const made = await insertPublishedForm(
      trx,
      {
        name: CORRECTION_FORM_NAME,
        category: '一表通',
        description: '一表通的数据纠错申请（由「我的数据」提交，不能直接填写）。',
        schema: CORRECTION_SCHEMA,
        managerIds: [],
        audience: NO_AUDIENCE,
      },
      by,
      now,
    );
    form = { id: made.id, latestVersion: made.version } as typeof form & object;
  }
  const formId = Number(form!.id);
  const processes = await publishedProcessesOfForm(trx, formId);
  let builtIn = processes.find((p) => p.name === CORRECTION_PROCESS_NAME)?.id;
  builtIn ??= await insertPublishedProcess(
    trx,
    { name: CORRECTION_PROCESS_NAME, formId, definition: CORRECTION_PROCESS },
    now,
  );
  return { formId, version: Number(form!.latestVersion), builtInProcessId: builtIn };
}

/** Processes page management offers per field: the built-in one first, then those designed on the form. */
export async function correctionProcesses(db: repo.Conn): Promise<CorrectionProcess[]> {
  const form = await findFormIdByName(db, CORRECTION_FORM_NAME);
  if (!form) return [];
  const list = await publishedProcessesOfForm(db, Number(form.id));
  return list
    .map((p) => ({ id: p.id, name: p.name, builtIn: p.name === CORRECTION_PROCESS_NAME }))
    .sort((a, b) => Number(b.builtIn) - Number(a.builtIn) || a.id - b.id);
}

/** A process chosen in page management must be a published process of the 数据纠错申请 form. */
export async function checkCorrectionProcess(db: repo.Conn, processId: number): Promise<boolean> {
  const form = await findFormIdByName(db, CORRECTION_FORM_NAME);
  return !!form && !!(await publishedProcessFor(db, processId, Number(form.id)));
}

/**
 * Submits the request's form record and starts its process; answers the instance id. The field's
 * chosen process when it is still published, else the built-in one.
 */
export async function startCorrectionFlow(
  trx: repo.Tx,
  c: {
    applicantId: number;
    personNo: string;
    tableName: string;
    fieldLabel: string;
    department: string | null;
    oldValue: string;
    newValue: string;
    reason: string;
    evidenceNames: string[];
    ownerDepartmentId: number | null;
    processId?: number;
  },
  now: number,
): Promise<number> {
  const flow = await ensureCorrectionFlow(trx, now);
  const chosen =
    c.processId !== undefined && (await publishedProcessFor(trx, c.processId, flow.formId))
      ? c.processId
      : flow.builtInProcessId;
  const approvers = c.ownerDepartmentId === null ? [] : await repo.dataStaffOf(trx, c.ownerDepartmentId);
  const sub = await recordSubmission(trx, {
    formId: flow.formId,
    version: flow.version,
    values: {
      person: c.personNo,
      table: c.tableName,
      field: c.fieldLabel,
      department: c.department ?? '',
      oldValue: c.oldValue,
      newValue: c.newValue,
      reason: c.reason,
      evidence: c.evidenceNames.join('\n'),
      approvers: approvers.map((u) => ({ id: u.id, name: u.realName })),
    },
    submitterId: c.applicantId,
    at: now,
  }).catch((e: unknown) => {
    // The form's own checks mirror ours; a miss is a bad value, said in the request's terms.
    if (e instanceof Error && 'statusCode' in e && (e as { statusCode: number }).statusCode === 400)
      throw badInput('纠错内容有误，请检查建议值和理由', { field: 'newValue' });
    throw e;
  });
  return startProcessInstance(trx, { processId: chosen, submissionId: sub.id, applicantId: c.applicantId }, now);
}
