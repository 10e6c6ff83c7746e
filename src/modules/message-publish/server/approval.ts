import type { Transaction } from 'kysely';
import type { Database } from '@/server/db/schema';
import { FORM_SCHEMA_FORMAT, type FormSchema } from '@/shared/forms/schema';
import { findFormIdByName } from '@/modules/forms/server/commands/find-form-by-name';
import { insertPublishedForm } from '@/modules/forms/server/commands/publish-form';
import { recordSubmission } from '@/modules/forms/server/commands/record-submission';
import { PROCESS_FORMAT, type ProcessDefinition } from '@/modules/workflow/contract';
import { publishedProcessesOfForm, startProcessInstance } from '@/modules/workflow/server/commands/instances';
import { insertPublishedProcess } from '@/modules/workflow/server/commands/system-process';

/**
 * The approval of a whole-school release goes through the workflow engine: a form 全校消息发布审批
 * (title, audience, time, summary) and its process (one node: the 消息审核员 role, any one of them;
 * nobody holding it → the administrators), both made on first use in the caller's transaction. The
 * approval centre's own pages show and decide it; the approvals job reads the outcome.
 */
export const APPROVAL_FORM_NAME = '全校消息发布审批';
/** Role whose holders approve whole-school releases (seeded for 党委宣传部-like offices). */
export const APPROVER_ROLE = 'msg_approver';

const FORM: FormSchema = {
  format: FORM_SCHEMA_FORMAT,
  sections: [
    {
      id: 'main',
      title: '发布信息',
      columns: 1,
      fields: [
        { id: 'title', type: 'text', label: '消息标题', required: true },
        { id: 'audience', type: 'text', label: '接收范围', required: true },
        { id: 'publishAt', type: 'text', label: '发布时间', required: true },
        { id: 'summary', type: 'textarea', label: '内容摘要' },
      ],
    },
  ],
  rules: [],
};

const PROCESS: ProcessDefinition = {
  format: PROCESS_FORMAT,
  nodes: [
    { id: 'start', type: 'start', name: '提交发布', x: 0, y: 0 },
    {
      id: 'review',
      type: 'approval',
      name: '消息审核',
      assignee: { kind: 'role', roleCode: APPROVER_ROLE },
      signMode: 'any',
      noAssignee: 'admin',
      timeLimitHours: 24,
      x: 0,
      y: 120,
    },
    { id: 'end', type: 'end', name: '结束', x: 0, y: 240 },
  ],
  edges: [
    { from: 'start', to: 'review' },
    { from: 'review', to: 'end' },
  ],
};

async function ensureProcess(
  trx: Transaction<Database>,
  by: { id: number; name: string },
  now: number,
): Promise<{ formId: number; version: number; processId: number }> {
  const found = await findFormIdByName(trx, APPROVAL_FORM_NAME);
  const form =
    found && found.latestVersion !== null
      ? { id: found.id, version: found.latestVersion }
      : await insertPublishedForm(
          trx,
          {
            name: APPROVAL_FORM_NAME,
            category: '消息发布',
            description: '全校范围的消息发布前的审核',
            schema: FORM,
            managerIds: [by.id],
          },
          by,
          now,
        );
  const formId = form.id;
  const version = form.version;
  const [process] = await publishedProcessesOfForm(trx, formId);
  const processId =
    process?.id ?? (await insertPublishedProcess(trx, { name: APPROVAL_FORM_NAME, formId, definition: PROCESS }, now));
  return { formId, version, processId };
}

/** Starts the approval of a release; answers the workflow instance id. */
export async function startReleaseApproval(
  trx: Transaction<Database>,
  applicant: { id: number; name: string },
  values: { title: string; audience: string; publishAt: string; summary: string },
  now: number,
): Promise<number> {
  const p = await ensureProcess(trx, applicant, now);
  const sub = await recordSubmission(trx, {
    formId: p.formId,
    version: p.version,
    values,
    submitterId: applicant.id,
    at: now,
  });
  return startProcessInstance(trx, { processId: p.processId, submissionId: sub.id, applicantId: applicant.id }, now);
}
