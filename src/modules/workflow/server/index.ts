import type { FastifyPluginAsync } from 'fastify';
import { onFormSubmitted, onSubmissionStatus } from '@/server/form-events';
import { adminRoutes, processRoutes, taskRoutes } from './routes';
import { registerWorkflowFileAccess } from './file-access';
import { startForSubmission } from './service';
import { registerWorkflowPickScopes } from './pick-scope';
import { approvalStatuses } from './submission-status';
import { instanceLink } from '../contract';
import './tables';
import { declareUploadColumns } from '@/server/uploads/upload-refs';
import { timeLimitsJob } from './time-limits-job';

/** Server face of the workflow engine (issue 6): processes, the engine, the approval centre, the monitor. */
export const workflowServer: FastifyPluginAsync = async (app) => {
  // Uploads this module's records use (opinion attachments, edited values and revisions): the orphan sweep keeps them.
  declareUploadColumns(app, 'workflow', [
    { table: 'wfHistory', column: 'attachments', match: 'text' },
    { table: 'wfInstance', column: 'editValues', match: 'text' },
    { table: 'wfSubmissionRevision', column: 'values', match: 'text' },
  ]);
  // A submission of a form bound to a published process starts its instance in the submission's transaction.
  // The submitter is offered the approval page to follow it.
  onFormSubmitted('workflow', async (trx, e) => {
    const instanceId = await startForSubmission(trx, e);
    return instanceId === null ? null : { link: instanceLink(instanceId), label: '查看审批进度' };
  });
  // 我的提交 shows each submission's approval: where it waits, or how it ended.
  onSubmissionStatus('workflow', approvalStatuses);
  // Reminders, timeout actions and timer nodes, every minute (time-limits-job.ts).
  app.jobs.define(timeLimitsJob);
  registerWorkflowFileAccess(app);
  registerWorkflowPickScopes();
  await app.register(processRoutes);
  await app.register(taskRoutes);
  await app.register(adminRoutes);
};
