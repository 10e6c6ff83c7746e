import { badInput, notFound } from '@/server/errors';
import { allFields, type FormSchema, type FormValues } from '@/shared/forms/schema';
import { validateSubmission } from '@/shared/forms/validate';
import { canonicalJson } from '@/shared/canonical-json';
import { rewriteSubmission } from '@/modules/forms/server/commands/rewrite-submission';
import * as repo from '../repository';
import { Ctx, submissionOf } from './context';

/** Writes a new revision of the submission's values and makes it the stored record (value rows too). */
export async function writeRevision(
  trx: repo.Tx,
  submissionId: number,
  schema: FormSchema,
  values: FormValues,
  reason: string,
  instanceId: number | null,
  now: number,
): Promise<number> {
  const sub = await submissionOf(trx, submissionId);
  if (!sub) throw notFound('表单记录不存在');
  let revision = await repo.nextRevision(trx, submissionId);
  if (revision === 1) {
    // The first change keeps what was first submitted as revision 1.
    await repo.insertRevision(trx, {
      submissionId,
      revision: 1,
      values: sub.values,
      reason: 'submit',
      instanceId,
      createdAt: now,
    });
    revision = 2;
  }
  await repo.insertRevision(trx, {
    submissionId,
    revision,
    values: JSON.stringify(values),
    reason,
    instanceId,
    createdAt: now,
  });
  await rewriteSubmission(trx, submissionId, schema, values);
  return revision;
}

export async function applyEdit(ctx: Ctx): Promise<void> {
  if (!ctx.inst.editValues) return;
  await writeRevision(
    ctx.trx,
    ctx.inst.submissionId,
    ctx.schema,
    JSON.parse(ctx.inst.editValues) as FormValues,
    'edit',
    ctx.inst.id,
    ctx.now,
  );
  await repo.addHistory(ctx.trx, {
    instanceId: ctx.inst.id,
    actorId: null,
    actorName: '系统',
    action: 'editApplied',
    comment: '修改已生效',
    at: ctx.now,
  });
}

/** Field-level changes between two versions of a record: { fieldId: { from, to } }. */
export function fieldDiff(
  schema: FormSchema,
  from: FormValues,
  to: FormValues,
): Record<string, { from: unknown; to: unknown }> {
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  for (const f of allFields(schema)) {
    if (canonicalJson(from[f.id] ?? null) !== canonicalJson(to[f.id] ?? null))
      diff[f.id] = { from: from[f.id] ?? null, to: to[f.id] ?? null };
  }
  return diff;
}

/** The checked values, or a 400 naming the fields. */
export function checkedValues(schema: FormSchema, values: FormValues): FormValues {
  const r = validateSubmission(schema, values);
  if (r.errors.length) throw badInput('表单填写有误', { fields: r.errors });
  return r.values;
}
