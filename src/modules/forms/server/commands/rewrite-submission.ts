import type { FormSchema, FormValues } from '@/shared/forms/schema';
import * as repo from '../repository';
import { valueRows } from '../value-index';

/**
 * Makes `values` the stored record of a submission, with its filter index (the summary's value
 * rows) rebuilt from `schema`, in the caller's transaction: the workflow calls it when an approver
 * edits a request, a returned one is resubmitted or a change request is approved. False when the
 * submission does not exist.
 */
export async function rewriteSubmission(
  trx: repo.Conn,
  submissionId: number,
  schema: FormSchema,
  values: FormValues,
): Promise<boolean> {
  const sub = await repo.submissionValues(trx, submissionId);
  if (!sub) return false;
  await repo.replaceSubmissionValues(trx, submissionId, sub.formId, JSON.stringify(values), valueRows(schema, values));
  return true;
}
