import { describe, expect, it } from 'vitest';
import { FORM_SCHEMA_FORMAT, type FormSchema } from '@/shared/forms/schema';
import { checkProcess, earlierApprovalNodes } from './check-process';
import { PROCESS_FORMAT, type ProcessDefinition, type ProcessNode } from './contract';

const approval = (id: string, extra: Partial<ProcessNode> = {}): ProcessNode => ({
  id,
  type: 'approval',
  name: id,
  assignee: { kind: 'deptLeader' },
  ...extra,
});
const doc = (nodes: ProcessNode[], edges: [string, string, string?][]): ProcessDefinition => ({
  format: PROCESS_FORMAT,
  nodes: [{ id: 'start', type: 'start', name: '开始' }, ...nodes, { id: 'end', type: 'end', name: '结束' }],
  edges: edges.map(([from, to, branch]) => ({ from, to, ...(branch ? { branch } : {}) })),
});
const schema: FormSchema = {
  format: FORM_SCHEMA_FORMAT,
  sections: [
    {
      id: 's',
      title: '',
      columns: 1,
      fields: [
        { id: 'days', type: 'number', label: '天数' },
        { id: 'who', type: 'user', label: '审批人' },
      ],
    },
  ],
  rules: [],
};

describe('checkProcess', () => {
  it('accepts a straight line, a condition with its default, and a parallel split with its join', () => {
    expect(
      checkProcess(
        doc(
          [approval('a')],
          [
            ['start', 'a'],
            ['a', 'end'],
          ],
        ),
      ),
    ).toEqual([]);
    const cond: ProcessNode = {
      id: 'c',
      type: 'condition',
      name: '天数',
      branches: [{ id: 'long', name: '3 天以上', match: 'all', conditions: [{ field: 'days', op: 'gte', value: 3 }] }],
    };
    expect(
      checkProcess(
        doc(
          [cond, approval('a'), approval('b')],
          [
            ['start', 'c'],
            ['c', 'a', 'long'],
            ['c', 'b', 'default'],
            ['a', 'end'],
            ['b', 'end'],
          ],
        ),
        schema,
      ),
    ).toEqual([]);
    const par: ProcessNode = { id: 'p', type: 'parallel', name: '并行' };
    const join: ProcessNode = { id: 'j', type: 'join', name: '汇合', splitId: 'p' };
    expect(
      checkProcess(
        doc(
          [par, approval('a'), approval('b'), join],
          [
            ['start', 'p'],
            ['p', 'a'],
            ['p', 'b'],
            ['a', 'j'],
            ['b', 'j'],
            ['j', 'end'],
          ],
        ),
      ),
    ).toEqual([]);
  });

  it('refuses unreachable nodes, a missing end, cycles, a join without split and a condition without default', () => {
    expect(
      checkProcess(
        doc(
          [approval('a'), approval('lost')],
          [
            ['start', 'a'],
            ['a', 'end'],
            ['lost', 'end'],
          ],
        ),
      ).join(),
    ).toContain('「lost」从开始节点无法到达');
    const noEnd: ProcessDefinition = {
      format: PROCESS_FORMAT,
      nodes: [{ id: 'start', type: 'start', name: '开始' }, approval('a')],
      edges: [{ from: 'start', to: 'a' }],
    };
    expect(checkProcess(noEnd).join()).toContain('流程缺少结束节点');
    const cyc = doc(
      [
        approval('a'),
        approval('b'),
        {
          id: 'c',
          type: 'condition',
          name: 'c',
          branches: [{ id: 'x', name: 'x', match: 'all', conditions: [{ field: 'days', op: 'gte', value: 1 }] }],
        },
      ],
      [
        ['start', 'a'],
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a', 'x'],
        ['c', 'end', 'default'],
      ],
    );
    expect(checkProcess(cyc)).toContain('流程中存在循环连线');
    expect(
      checkProcess(
        doc(
          [approval('a'), { id: 'j', type: 'join', name: '汇合' }],
          [
            ['start', 'a'],
            ['a', 'j'],
            ['j', 'end'],
          ],
        ),
      ).join(),
    ).toContain('没有对应的并行节点');
    const noDefault: ProcessNode = {
      id: 'c',
      type: 'condition',
      name: '条件',
      branches: [{ id: 'x', name: 'x', match: 'all', conditions: [{ field: 'days', op: 'gte', value: 1 }] }],
    };
    expect(
      checkProcess(
        doc(
          [noDefault],
          [
            ['start', 'c'],
            ['c', 'end', 'x'],
          ],
        ),
      ).join(),
    ).toContain('缺少默认分支');
  });

  it('checks field references against the form and assignees', () => {
    const m = checkProcess(
      doc(
        [
          approval('a', { fieldPermissions: { nope: 'hidden' } }),
          approval('b', { assignee: { kind: 'applicantPick', fieldId: 'days' } }),
          approval('c', { assignee: undefined }),
        ],
        [
          ['start', 'a'],
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'end'],
        ],
      ),
      schema,
    ).join();
    expect(m).toContain('不存在的字段「nope」');
    expect(m).toContain('人员字段');
    expect(m).toContain('未设置审批人');
  });

  it('lists earlier approval nodes as return targets', () => {
    const d = doc(
      [approval('a'), approval('b'), approval('c')],
      [
        ['start', 'a'],
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'end'],
      ],
    );
    expect(earlierApprovalNodes(d, 'c').map((n) => n.id)).toEqual(['a', 'b']);
    expect(earlierApprovalNodes(d, 'a')).toEqual([]);
  });
});
