import { randomBytes } from 'node:crypto';
import { notFound } from '@/server/errors';
import type { FormValues } from '@/shared/forms/schema';
import { readForm } from '@/modules/forms/server/commands/read-form';
import * as repo from '../repository';
import { loadDef, loadSchema, openCtx, save, submissionOf, titleOf } from './context';
import { enter } from './advance';

export interface StartInput {
  processId: number;
  version: number;
  submissionId: number;
  applicantId: number;
  kind?: 'normal' | 'edit';
  parentId?: number;
  editValues?: FormValues;
  editDiff?: unknown;
  comment?: string;
}

/** Creates an instance and runs it to its first waits, in the caller's transaction. */
export async function startInstance(trx: repo.Tx, input: StartInput, now: number): Promise<number> {
  const sub = await submissionOf(trx, input.submissionId);
  if (!sub) throw notFound('表单记录不存在');
  const applicant = await repo.userName(trx, input.applicantId);
  const form = (await readForm(trx, sub.formId))!;
  const kind = input.kind ?? 'normal';
  const def = await loadDef(trx, input.processId, input.version);
  const schema = await loadSchema(trx, sub.formId, sub.version);
  const values = (input.editValues ?? JSON.parse(sub.values)) as FormValues;
  const title = titleOf(def, kind, { applicant: applicant.realName, form: form.name, schema, values });
  const id = await repo.insertInstance(trx, {
    processId: input.processId,
    version: input.version,
    formId: sub.formId,
    submissionId: sub.id,
    kind,
    parentId: input.parentId ?? null,
    editValues: input.editValues ? JSON.stringify(input.editValues) : null,
    editDiff: input.editDiff ? JSON.stringify(input.editDiff) : null,
    title,
    applicantId: applicant.id,
    applicantName: applicant.realName,
    status: 'running',
    currentNodes: '',
    state: '{}',
    recordToken: randomBytes(24).toString('base64url'),
    rowVersion: 0,
    activationSeq: 0,
    startedAt: now,
    updatedAt: now,
    endedAt: null,
    lastUrgedAt: null,
  });
  const ctx = await openCtx(trx, id, now, { def, schema });
  ctx.starting = true;
  const start = ctx.def.nodes.find((x) => x.type === 'start')!;
  await repo.addHistory(trx, {
    instanceId: id,
    nodeId: start.id,
    nodeName: start.name || '发起',
    actorId: applicant.id,
    actorName: applicant.realName,
    action: kind === 'edit' ? 'applyEdit' : 'submit',
    comment: input.comment ?? '',
    at: now,
  });
  await enter(ctx, start.id);
  await save(ctx);
  return id;
}
