import type { FormSchema } from '@/shared/forms/schema';
import { allFields } from '@/shared/forms/schema';
import type { ProcessDefinition, ProcessNode } from './contract';
import { titleTemplateProblems } from './title-template';

/**
 * The process checker, the same on both sides (the designer shows its messages; the server
 * refuses to save or publish a document it rejects). Answers every problem in Chinese; [] is good.
 * With `schema`, field references (conditions, permissions, picks) are checked against the form.
 */
export function checkProcess(def: ProcessDefinition, schema?: FormSchema): string[] {
  const out: string[] = [];
  const byId = new Map<string, ProcessNode>();
  for (const n of def.nodes) {
    if (byId.has(n.id)) out.push(`节点编号「${n.id}」重复`);
    byId.set(n.id, n);
  }
  const label = (id: string) => `「${byId.get(id)?.name || id}」`;
  const starts = def.nodes.filter((n) => n.type === 'start');
  if (starts.length !== 1) out.push('流程必须有且只有一个开始节点');
  if (!def.nodes.some((n) => n.type === 'end')) out.push('流程缺少结束节点');

  const outs = new Map<string, typeof def.edges>();
  const ins = new Map<string, number>();
  for (const e of def.edges) {
    if (!byId.has(e.from) || !byId.has(e.to)) {
      out.push(`连线 ${e.from} → ${e.to} 指向不存在的节点`);
      continue;
    }
    outs.set(e.from, [...(outs.get(e.from) ?? []), e]);
    ins.set(e.to, (ins.get(e.to) ?? 0) + 1);
  }
  const fields = schema ? new Map(allFields(schema).map((f) => [f.id, f])) : null;

  for (const n of def.nodes) {
    const o = outs.get(n.id) ?? [];
    const name = label(n.id);
    if (n.type === 'end' && o.length) out.push(`结束节点${name}不能有后续连线`);
    if (n.type !== 'end' && !o.length) out.push(`节点${name}没有后续连线`);
    if (n.type === 'start' && ins.get(n.id)) out.push('开始节点不能有进入的连线');
    if (['start', 'approval', 'copy', 'join', 'timer'].includes(n.type) && o.length > 1)
      out.push(`节点${name}只能有一条后续连线（分支请用条件或并行节点）`);
    if (n.type === 'approval' || n.type === 'copy') {
      if (!n.assignee) out.push(`节点${name}未设置${n.type === 'copy' ? '抄送人' : '审批人'}`);
      if (n.assignee?.kind === 'nodePick') {
        const src = byId.get(n.assignee.nodeId);
        if (!src || src.type !== 'approval' || src.id === n.id) out.push(`节点${name}的审批人须由一个其他审批节点指定`);
      }
      if (n.assignee?.kind === 'applicantPick' && fields && fields.get(n.assignee.fieldId)?.type !== 'user')
        out.push(`节点${name}的申请人自选须对应表单中的人员字段`);
    }
    if (n.type === 'approval' && n.signMode === 'vote') {
      if (!n.voteRatio) out.push(`投票节点${name}未设置通过比例`);
      else if (n.voteRatio.agree > n.voteRatio.of) out.push(`投票节点${name}的通过比例不能超过全部`);
    }
    if (n.type === 'approval') out.push(...timeLimitProblems(def, n, name));
    if (n.type === 'timer') {
      const t = n.timer;
      if (!t) out.push(`等待节点${name}未设置等待到的日期字段或等待时长`);
      else if (t.kind === 'field' && fields) {
        const f = fields.get(t.fieldId);
        if (!f) out.push(`等待节点${name}引用了不存在的字段「${t.fieldId}」`);
        else if (!TIMER_FIELD_TYPES.has(f.type)) out.push(`等待节点${name}的字段「${f.label}」不是日期类型`);
      } else if (t.kind === 'duration' && !(t.hours > 0)) out.push(`等待节点${name}的等待时长须大于 0`);
    }
    if (n.type === 'approval' && fields) {
      for (const f of Object.keys(n.fieldPermissions ?? {}))
        if (!fields.has(f)) out.push(`节点${name}的字段权限引用了不存在的字段「${f}」`);
    }
    if (n.type === 'condition') {
      const branches = n.branches ?? [];
      if (!o.some((e) => e.branch === 'default')) out.push(`条件节点${name}缺少默认分支`);
      for (const b of branches) {
        if (!o.some((e) => e.branch === b.id)) out.push(`条件节点${name}的分支「${b.name || b.id}」没有连线`);
        if (fields)
          for (const c of b.conditions)
            if (!fields.has(c.field))
              out.push(`条件节点${name}的分支「${b.name || b.id}」引用了不存在的字段「${c.field}」`);
      }
      for (const e of o)
        if (e.branch !== 'default' && !branches.some((b) => b.id === e.branch))
          out.push(`条件节点${name}有一条连线不属于任何分支`);
    }
    if (n.type === 'parallel' && o.length < 2) out.push(`并行节点${name}至少需要两条分支`);
    if (n.type === 'join') {
      const split = n.splitId ? byId.get(n.splitId) : undefined;
      if (!split || split.type !== 'parallel') out.push(`汇合节点${name}没有对应的并行节点`);
    }
  }

  // Reachability from the start, and no cycles (a request never comes back by itself; returns are actions).
  const start = starts[0];
  if (start) {
    const seen = new Set<string>();
    const state = new Map<string, 1 | 2>();
    let cyclic = false;
    const visit = (id: string) => {
      if (state.get(id) === 2) return;
      if (state.get(id) === 1) {
        cyclic = true;
        return;
      }
      state.set(id, 1);
      seen.add(id);
      for (const e of outs.get(id) ?? []) visit(e.to);
      state.set(id, 2);
    };
    visit(start.id);
    if (cyclic) out.push('流程中存在循环连线');
    for (const n of def.nodes) if (!seen.has(n.id)) out.push(`节点${label(n.id)}从开始节点无法到达`);
    for (const n of def.nodes) {
      if (n.type === 'join' && n.splitId && byId.get(n.splitId)?.type === 'parallel' && !reaches(outs, n.splitId, n.id))
        out.push(`汇合节点${label(n.id)}不在并行节点${label(n.splitId)}之后`);
    }
  }
  out.push(...titleTemplateProblems(def.titleTemplate, schema));
  return [...new Set(out)];
}

/** A timer can wait until a date, a date-time or the end of a date range. */
export const TIMER_FIELD_TYPES: ReadonlySet<string> = new Set(['date', 'datetime', 'dateRange']);

/** Reminders and the timeout action need a time limit; an auto-approved node cannot pick the next approvers. */
function timeLimitProblems(def: ProcessDefinition, n: ProcessNode, name: string): string[] {
  const out: string[] = [];
  const limited = (n.timeLimitHours ?? 0) > 0;
  const reminders = (n.reminders?.beforeHours.length ?? 0) + (n.reminders?.afterHours.length ?? 0);
  const action = n.onTimeout?.action ?? 'none';
  if (!limited && (reminders || action !== 'none')) out.push(`节点${name}设置了超时提醒或超时处理，但未设置办理时限`);
  if (limited && n.reminders?.beforeHours.some((h) => h >= (n.timeLimitHours ?? 0)))
    out.push(`节点${name}的到期前提醒须早于办理时限之内（小于时限）`);
  if (action === 'approve' && def.nodes.some((x) => x.assignee?.kind === 'nodePick' && x.assignee.nodeId === n.id))
    out.push(`节点${name}的审批人要为后续节点选择审批人，不能超时自动同意`);
  if (action === 'return' && n.onTimeout?.returnTo === 'previous' && !previousApprovalNode(def, n.id))
    out.push(`节点${name}之前没有审批节点，超时只能退回申请人`);
  return out;
}

/** The approval node nearest before `nodeId` (fewest edges back), the target of 退回上一节点. */
export function previousApprovalNode(def: ProcessDefinition, nodeId: string): ProcessNode | undefined {
  const byId = new Map(def.nodes.map((n) => [n.id, n]));
  const seen = new Set([nodeId]);
  let layer = [nodeId];
  while (layer.length) {
    const next: string[] = [];
    for (const id of layer)
      for (const e of def.edges)
        if (e.to === id && !seen.has(e.from)) {
          seen.add(e.from);
          next.push(e.from);
        }
    const hit = next.map((id) => byId.get(id)).find((x) => x?.type === 'approval');
    if (hit) return hit;
    layer = next;
  }
  return undefined;
}

function reaches(outs: Map<string, { to: string }[]>, from: string, to: string): boolean {
  const stack = [from];
  const seen = new Set<string>();
  while (stack.length) {
    const id = stack.pop()!;
    if (id === to) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const e of outs.get(id) ?? []) stack.push(e.to);
  }
  return false;
}

/** Approval nodes that lie before `nodeId` on some path from the start (the reject-to targets). */
export function earlierApprovalNodes(def: ProcessDefinition, nodeId: string): ProcessNode[] {
  const outs = new Map<string, { to: string }[]>();
  for (const e of def.edges) outs.set(e.from, [...(outs.get(e.from) ?? []), e]);
  return def.nodes.filter((n) => n.type === 'approval' && n.id !== nodeId && reaches(outs, n.id, nodeId));
}
