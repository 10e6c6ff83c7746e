import { describe, expect, it } from 'vitest';
import type { ProcessDefinition } from '@/modules/workflow/contract';
import { addNode, connect, edgeLabel, moveNode, newBranch, remove, updateNode, type Edit } from './flow-logic';
import { designProblems } from './design-problems';
import type { FormSchema } from '@/shared/forms/schema';

const base = (): ProcessDefinition => ({
  format: 1,
  nodes: [
    { id: 'start', type: 'start', name: '发起', x: 0, y: 0 },
    {
      id: 'approve1',
      type: 'approval',
      name: '审批',
      assignee: { kind: 'deptLeader' },
      signMode: 'any',
      noAssignee: 'admin',
      x: 0,
      y: 120,
    },
    { id: 'end', type: 'end', name: '结束', x: 0, y: 240 },
  ],
  edges: [
    { from: 'start', to: 'approve1' },
    { from: 'approve1', to: 'end' },
  ],
});
const ok = (e: Edit) => {
  if (!e.def) throw new Error(e.error);
  return e.def;
};
const schema: FormSchema = {
  format: 1,
  rules: [],
  sections: [
    {
      id: 's',
      title: '',
      columns: 1,
      fields: [
        { id: 'days', type: 'number', label: '天数', span: 1 },
        { id: 'who', type: 'user', label: '审核人', span: 1 },
      ],
    },
  ],
} as FormSchema;

describe('designer edits', () => {
  it('adds nodes with fresh ids and the settings they need, under the lowest node', () => {
    let d = ok(addNode(base(), 'approval'));
    expect(d.nodes.at(-1)).toMatchObject({
      id: 'approval1',
      type: 'approval',
      name: '审批',
      signMode: 'any',
      noAssignee: 'admin',
      y: 360,
    });
    d = ok(addNode(d, 'parallel'));
    d = ok(addNode(d, 'join'));
    expect(d.nodes.at(-1)).toMatchObject({ id: 'join1', splitId: 'parallel1' });
    expect(ok(addNode(d, 'condition')).nodes.at(-1)).toMatchObject({ branches: [] });
    expect(addNode(d, 'start').error).toBe('流程只能有一个开始节点');
    // Where the canvas's visible middle is, when the designer knows it.
    expect(ok(addNode(d, 'copy', { x: 300.4, y: 80.6 })).nodes.at(-1)).toMatchObject({ id: 'copy1', x: 300, y: 81 });
  });

  it('connects once out of single-way nodes and never into the start or out of the end', () => {
    const d = ok(addNode(base(), 'copy'));
    expect(connect(d, 'approve1', 'copy1').error).toContain('只能有一条后续连线');
    expect(connect(d, 'end', 'copy1').error).toBe('结束节点不能有后续连线');
    expect(connect(d, 'copy1', 'start').error).toBe('开始节点不能有进入的连线');
    expect(connect(d, 'copy1', 'copy1').error).toBe('节点不能连向自己');
    expect(ok(connect(d, 'copy1', 'end')).edges.at(-1)).toEqual({ from: 'copy1', to: 'end' });
  });

  it('gives lines out of a condition its free branches first, then the default, then refuses', () => {
    let d = ok(addNode(base(), 'condition'));
    const cond = d.nodes.at(-1)!;
    d = updateNode(d, {
      ...cond,
      branches: [{ ...newBranch(cond), conditions: [{ field: 'days', op: 'gte', value: 3 }] }],
    });
    d = ok(connect(d, 'condition1', 'approve1'));
    d = ok(connect(d, 'condition1', 'end'));
    expect(d.edges.slice(-2)).toEqual([
      { from: 'condition1', to: 'approve1', branch: 'b1' },
      { from: 'condition1', to: 'end', branch: 'default' },
    ]);
    expect(edgeLabel(d, d.edges.at(-2)!)).toBe('分支 1');
    expect(edgeLabel(d, d.edges.at(-1)!)).toBe('默认');
    expect(connect(d, 'condition1', 'approve1').error).toContain('分支都已连线');
    // Removing the branch removes its line; the default stays.
    d = updateNode(d, { ...d.nodes.at(-1)!, branches: [] });
    expect(d.edges.filter((e) => e.from === 'condition1')).toEqual([
      { from: 'condition1', to: 'end', branch: 'default' },
    ]);
  });

  it('removes nodes with their lines, keeps the start, and forgets a removed parallel in its join', () => {
    expect(remove(base(), ['start']).error).toBe('开始节点不能删除');
    const d = ok(remove(base(), ['approve1']));
    expect(d.nodes.map((n) => n.id)).toEqual(['start', 'end']);
    expect(d.edges).toEqual([]);
    expect(ok(remove(base(), [], ['approve1->end'])).edges).toEqual([{ from: 'start', to: 'approve1' }]);
    let p = ok(addNode(base(), 'parallel'));
    p = ok(addNode(p, 'join'));
    expect(ok(remove(p, ['parallel1'])).nodes.at(-1)!.splitId).toBeUndefined();
  });

  it('moves a node to whole pixels', () => {
    expect(moveNode(base(), 'end', 10.6, 300.2).nodes[2]).toMatchObject({ x: 11, y: 300 });
  });
});

describe('design problems', () => {
  it('accepts the starter process', () => {
    expect(designProblems(base(), schema)).toEqual([]);
  });

  it('lists half-chosen assignees, branches without conditions or values, and the shared checker’s messages', () => {
    let d = base();
    d = updateNode(d, { ...d.nodes[1]!, assignee: { kind: 'users' } as never });
    d = ok(addNode(d, 'condition'));
    const cond = d.nodes.at(-1)!;
    d = updateNode(d, {
      ...cond,
      branches: [newBranch(cond), { id: 'b2', name: '长假', match: 'all', conditions: [{ field: 'days', op: 'gte' }] }],
    });
    const list = designProblems(d, schema);
    expect(list).toContain('节点「审批」的审批人未选择完整');
    expect(list).toContain('条件节点「条件分支」的分支「分支 1」至少需要一个条件');
    expect(list).toContain('条件节点「条件分支」的分支「长假」的条件 1 未填写比较的值');
    expect(list).toContain('条件节点「条件分支」缺少默认分支');
    expect(list).toContain('节点「条件分支」从开始节点无法到达');
  });
});
