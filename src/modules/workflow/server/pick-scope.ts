import { registerPickScope, type PickScope } from '@/modules/organization/server/commands/pick-scopes';
import { userFieldScope } from '@/modules/forms/server/commands/user-field-scope';
import { AppError, badInput, noPermission, notFound } from '@/server/errors';
import { Codes } from '@/shared/errors';
import * as engine from './engine';
import * as repo from './repository';

// Approvers, people a task is passed to and added signers are the university's staff.
const STAFF: PickScope = { kinds: ['staff'] };

/**
 * Pickers of the approval pages: a user field of the record (its applicant or an approver edits
 * it) answers the field's scope; the caller's own pending task answers staff — for nodePick the
 * candidates of the later node this approver chooses for.
 */
export function registerWorkflowPickScopes(): void {
  registerPickScope('instanceField', async (db, auth, c) => {
    const inst = await repo.findInstance(db, c.instanceId);
    if (!inst) throw notFound('审批单不存在');
    if (inst.applicantId !== auth.userId && !(await repo.hasTaskIn(db, inst.id, auth.userId)))
      throw noPermission('您不是该审批的申请人或审批人');
    const sub = await engine.submissionOf(db, inst.submissionId);
    if (!sub) throw notFound('审批单的表单记录不存在');
    return userFieldScope(await engine.loadSchema(db, sub.formId, sub.version), c.fieldId);
  });

  registerPickScope('task', async (db, auth, c) => {
    const task = await repo.findTask(db, c.taskId);
    if (!task) throw notFound('任务不存在');
    if (task.assigneeId !== auth.userId) throw noPermission('这不是您的任务');
    if (task.status !== 'pending') throw new AppError(Codes.taskAlreadyHandled, 409, '该任务已处理，无需再选择人员');
    if (c.purpose === 'next') {
      const inst = (await repo.findInstance(db, task.instanceId))!;
      const def = engine.parseDef((await repo.findVersion(db, inst.processId, inst.version))!);
      const picks = def.nodes.some((n) => n.assignee?.kind === 'nodePick' && n.assignee.nodeId === task.nodeId);
      if (!picks) throw badInput('该环节不需要选择下一环节的审批人', { field: 'context' });
    }
    return STAFF;
  });
}
