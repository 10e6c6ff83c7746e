import { badInput, notFound } from '@/server/errors';
import { allFields, type FileRef, type FormSchema, type FormValues } from '@/shared/forms/schema';
import { validateSubmission, type FieldError } from '@/shared/forms/validate';
import { fileUrl } from '@/server/uploads/store';
import * as repo from '../repository';
import { uniqueProbes, valueRows } from '../value-index';

const FILE_TYPES: ReadonlySet<string> = new Set(['file', 'image', 'signature']);

export interface RecordSubmissionInput {
  formId: number;
  version: number;
  values: FormValues;
  submitterId: number;
  at: number;
}

/**
 * Stores a signed-in user's submission of a published form version in the caller's transaction,
 * with the same checks as `formFill/submit/` (validateSubmission, `unique` fields, attachments
 * must be the submitter's uploads for the form): 400 `表单填写有误` with `data.fields` otherwise.
 * Unlike submit/ it runs no form-submitted hook: the caller (a data collection task) decides what
 * follows — e.g. which approval process starts. Answers the id and the stored values.
 */
export async function recordSubmission(
  trx: repo.Conn,
  input: RecordSubmissionInput,
): Promise<{ id: number; values: FormValues }> {
  const text = await repo.findVersionSchema(trx, input.formId, input.version);
  if (!text) throw notFound('该表单版本不存在');
  const schema = JSON.parse(text) as FormSchema;
  const checked = validateSubmission(schema, input.values);
  if (checked.errors.length) throw badInput('表单填写有误', { fields: checked.errors });
  const values: FormValues = { ...checked.values };
  const errors: FieldError[] = [];
  for (const field of allFields(schema)) {
    if (!FILE_TYPES.has(field.type)) continue;
    const v = values[field.id];
    if (v === undefined || v === null) continue;
    const single = field.type === 'signature' && !Array.isArray(v);
    const refs = (single ? [v] : Array.isArray(v) ? v : [v]) as FileRef[];
    if (!refs.length) continue;
    const ids = refs.map((r) => (r && typeof r === 'object' && typeof r.id === 'string' ? r.id : ''));
    const found = new Map(
      (await repo.ownUploads(trx, ids.filter(Boolean), `form:${input.formId}`, input.submitterId)).map((u) => [
        u.id,
        u,
      ]),
    );
    if (ids.some((id) => !found.has(id))) {
      errors.push({ field: field.id, message: `「${field.label}」的附件无效，请重新上传` });
      continue;
    }
    const fixed = ids.map((id) => {
      const u = found.get(id)!;
      return { id, name: u.originalName, size: u.size, url: fileUrl(id) };
    });
    values[field.id] = single ? fixed[0] : fixed;
  }
  // Counting on the form row is also the lock that orders concurrent unique checks (see submit/).
  if (!(await repo.countSubmissionOn(trx, input.formId, input.at))) throw notFound('表单不存在或已停用');
  const taken = await repo.takenUniqueValues(trx, input.formId, uniqueProbes(schema, values));
  for (const f of allFields(schema))
    if (taken.has(f.id)) errors.push({ field: f.id, message: `已存在相同的${f.label}` });
  if (errors.length) throw badInput('表单填写有误', { fields: errors });
  const profile = await repo.userProfile(trx, input.submitterId);
  const id = await repo.insertSubmission(
    trx,
    {
      formId: input.formId,
      version: input.version,
      submitterId: input.submitterId,
      submitterName: profile?.realName ?? '',
      submitterNo: profile?.userNo ?? '',
      values: JSON.stringify(values),
      submittedAt: input.at,
      ip: null,
    },
    valueRows(schema, values),
  );
  return { id, values };
}
