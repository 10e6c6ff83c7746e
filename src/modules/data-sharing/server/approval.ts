import type { Transaction } from 'kysely';
import type { Database } from '@/server/db/schema';
import { FORM_SCHEMA_FORMAT, type FormSchema } from '@/shared/forms/schema';
import { findFormIdByName } from '@/modules/forms/server/commands/find-form-by-name';
import { insertPublishedForm } from '@/modules/forms/server/commands/publish-form';
import { recordSubmission } from '@/modules/forms/server/commands/record-submission';
import { PROCESS_FORMAT, type ProcessDefinition } from '@/modules/workflow/contract';
import { publishedProcessesOfForm, startProcessInstance } from '@/modules/workflow/server/commands/instances';
import { insertPublishedProcess } from '@/modules/workflow/server/commands/system-process';
import type { ApplicationKind } from '../contract';

type Tx = Transaction<Database>;

/**
 * Applications go through the workflow engine: per kind a built-in form (app, dataset, purpose,
 * fields, period) and its one-step process — any one holder of 数据共享管理员 (`data_share_admin`);
 * nobody holding it → the administrators. Both are made on first use in the caller's transaction.
 * The generic 待办/已办 pages (desk and phone) show them; the approval centre's taskDataShare and
 * taskDataShareSupplement pages list them; the ending is settled by the module's onInstanceEnd hook.
 */
export const APPROVER_ROLE = 'data_share_admin';
export const FORM_NAMES: Record<ApplicationKind, string> = {
  apply: '数据共享申请',
  supplement: '数据共享补充字段申请',
};
/** Nobody fills these forms by hand: their audience is a role code no user holds. */
const NO_AUDIENCE = ['data_share_system'];

const schemaOf = (kind: ApplicationKind): FormSchema => ({
  format: FORM_SCHEMA_FORMAT,
  sections: [
    {
      id: 'main',
      title: kind === 'apply' ? '共享申请' : '补充字段',
      columns: 2,
      fields: [
        { id: 'app', type: 'text', label: '应用', required: true, maxLength: 100 },
        { id: 'dataset', type: 'text', label: '数据集', required: true, maxLength: 100 },
        {
          id: 'fields',
          type: 'textarea',
          label: kind === 'apply' ? '申请字段' : '补充字段',
          required: true,
          maxLength: 4000,
        },
        { id: 'period', type: 'text', label: '使用期限', required: true, maxLength: 40 },
        { id: 'purpose', type: 'textarea', label: '用途', required: true, maxLength: 500 },
      ],
    },
  ],
  rules: [],
});

const processOf = (kind: ApplicationKind): ProcessDefinition => ({
  format: PROCESS_FORMAT,
  nodes: [
    { id: 'start', type: 'start', name: '提交申请', x: 0, y: 0 },
    {
      id: 'review',
      type: 'approval',
      name: '数据管理员审批',
      assignee: { kind: 'role', roleCode: APPROVER_ROLE },
      signMode: 'any',
      noAssignee: 'admin',
      timeLimitHours: 72,
      x: 0,
      y: 120,
    },
    { id: 'end', type: 'end', name: '结束', x: 0, y: 240 },
  ],
  edges: [
    { from: 'start', to: 'review' },
    { from: 'review', to: 'end' },
  ],
  titleTemplate: kind === 'apply' ? '{申请人}的数据共享申请（{数据集}）' : '{申请人}的补充字段申请（{数据集}）',
});

async function ensureFlow(trx: Tx, kind: ApplicationKind, by: { id: number; name: string }, now: number) {
  const name = FORM_NAMES[kind];
  const found = await findFormIdByName(trx, name);
  const form =
    found && found.latestVersion !== null
      ? { id: Number(found.id), version: Number(found.latestVersion) }
      : await insertPublishedForm(
          trx,
          {
            name,
            category: '数据共享',
            description: '由数据共享的申请页提交，不能直接填写。',
            schema: schemaOf(kind),
            managerIds: [],
            audience: NO_AUDIENCE,
          },
          by,
          now,
        );
  const processes = await publishedProcessesOfForm(trx, form.id);
  const processId =
    processes.find((p) => p.name === name)?.id ??
    (await insertPublishedProcess(trx, { name, formId: form.id, definition: processOf(kind) }, now));
  return { formId: form.id, version: form.version, processId };
}

/** Records the form and starts the approval of one application; answers the instance id. */
export async function startApproval(
  trx: Tx,
  kind: ApplicationKind,
  applicant: { id: number; name: string },
  values: { app: string; dataset: string; fields: string; period: string; purpose: string },
  now: number,
): Promise<number> {
  const flow = await ensureFlow(trx, kind, applicant, now);
  const sub = await recordSubmission(trx, {
    formId: flow.formId,
    version: flow.version,
    values,
    submitterId: applicant.id,
    at: now,
  });
  return startProcessInstance(trx, { processId: flow.processId, submissionId: sub.id, applicantId: applicant.id }, now);
}
