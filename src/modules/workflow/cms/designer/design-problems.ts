import type { FormSchema } from '@/shared/forms/schema';
import { conditionValueKind, sourceFields, splitRange } from '@/modules/forms/ui-cms';
import { checkProcess } from '@/modules/workflow/check-process';
import type { ProcessDefinition } from '@/modules/workflow/contract';

/**
 * Everything the designer must fix before the server accepts a save: settings left half-chosen
 * (an assignee kind without its people, a branch without conditions or values) and the
 * shared checker's messages.
 */
export function designProblems(def: ProcessDefinition, schema: FormSchema | null): string[] {
  const out: string[] = [];
  const fields = schema ? new Map(sourceFields(schema).map((f) => [f.id, f])) : null;
  for (const n of def.nodes) {
    const name = `「${n.name || n.id}」`;
    if (!n.name.trim()) out.push(`节点 ${n.id} 未填写名称`);
    const a = n.assignee as Record<string, unknown> | undefined;
    if (a) {
      const missing =
        (a.kind === 'users' && !(a.userIds as unknown[] | undefined)?.length) ||
        (a.kind === 'role' && !a.roleCode) ||
        (a.kind === 'applicantPick' && !a.fieldId) ||
        (a.kind === 'nodePick' && !a.nodeId);
      if (missing) out.push(`节点${name}的${n.type === 'copy' ? '抄送人' : '审批人'}未选择完整`);
    }
    for (const b of n.branches ?? []) {
      const bn = `条件节点${name}的分支「${b.name || b.id}」`;
      if (!b.name.trim()) out.push(`${bn}未填写名称`);
      if (!b.conditions.length) out.push(`${bn}至少需要一个条件`);
      b.conditions.forEach((c, i) => {
        const f = fields?.get(c.field);
        if (!f) return;
        const kind = conditionValueKind(f.type, c.op);
        if (kind === 'none') return;
        const empty = kind.endsWith('Range')
          ? splitRange(c.value).every((x) => !x)
          : c.value === undefined || c.value === '';
        if (empty) out.push(`${bn}的条件 ${i + 1} 未填写比较的值`);
      });
    }
  }
  return [...new Set([...out, ...checkProcess(def, schema ?? undefined)])];
}
