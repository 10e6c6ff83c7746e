import { Fragment } from 'react';
import { Form, InputNumber, Radio, Segmented, Select, Switch, Table, Typography } from 'antd';
import { allFields, DISPLAY_TYPES, type FormSchema } from '@/shared/forms/schema';
import { TextInput } from '@/core/ui/text-input';
import {
  DEFAULT_VOTE_RATIO,
  NODE_TYPE_LABELS,
  NO_ASSIGNEE,
  SIGN_MODES,
  SIGN_MODE_LABELS,
  type FieldPermission,
  type NoAssignee,
  type ProcessDefinition,
  type ProcessNode,
  type SignMode,
} from '@/modules/workflow/contract';
import { AssigneeEditor } from './assignee-editor';
import { BranchesEditor } from './branches-editor';
import { TimeLimitEditor } from './time-limit-editor';
import { TimerEditor } from './timer-editor';
import type { Person } from './user-select';
import s from './designer.module.css';

const NO_ASSIGNEE_LABELS: Record<NoAssignee, string> = { skip: '自动跳过', admin: '转交管理员', refuse: '不允许发起' };
const PERMISSION_LABELS: Record<FieldPermission, string> = { editable: '可编辑', readOnly: '只读', hidden: '隐藏' };

/** 字段权限: every value field of the form; unlisted fields are read-only, so only the others are stored. */
function FieldPermissions({
  node,
  schema,
  onChange,
}: {
  node: ProcessNode;
  schema: FormSchema | null;
  onChange: (n: ProcessNode) => void;
}) {
  if (!schema) return <Typography.Text type="secondary">表单加载中…</Typography.Text>;
  const fields = allFields(schema).filter((f) => !DISPLAY_TYPES.includes(f.type));
  const perms = node.fieldPermissions ?? {};
  const set = (id: string, p: FieldPermission) => {
    const next = { ...perms };
    if (p === 'readOnly') delete next[id];
    else next[id] = p;
    onChange({ ...node, fieldPermissions: next });
  };
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={fields}
      locale={{ emptyText: '表单没有字段' }}
      columns={[
        { title: '字段', dataIndex: 'label', ellipsis: true, render: (v: string, f) => v || f.id },
        {
          title: '权限',
          key: 'p',
          width: 190,
          render: (_, f) => (
            <Segmented
              size="small"
              aria-label={`字段权限 ${f.label || f.id}`}
              value={perms[f.id] ?? 'readOnly'}
              options={(['editable', 'readOnly', 'hidden'] as const).map((p) => ({
                value: p,
                label: PERMISSION_LABELS[p],
              }))}
              onChange={(v) => set(f.id, v as FieldPermission)}
            />
          ),
        },
      ]}
    />
  );
}

/** The side panel: the selected node's settings, by its type. */
export function NodePanel({
  node,
  def,
  schema,
  onChange,
  people,
  onPeople,
}: {
  node: ProcessNode;
  def: ProcessDefinition;
  schema: FormSchema | null;
  onChange: (n: ProcessNode) => void;
  people: Person[];
  onPeople: (p: Person[]) => void;
}) {
  const parallels = def.nodes.filter((n) => n.type === 'parallel');
  return (
    <Form layout="vertical" size="small" className={s.panelForm} data-testid="node-panel">
      <div className={s.panelType}>{NODE_TYPE_LABELS[node.type]}节点</div>
      <Form.Item label="节点名称" required>
        <TextInput
          aria-label="节点名称"
          value={node.name}
          maxLength={40}
          onChange={(e) => onChange({ ...node, name: e.target.value })}
        />
      </Form.Item>
      {(node.type === 'approval' || node.type === 'copy') && (
        <AssigneeEditor
          value={node.assignee}
          def={def}
          nodeId={node.id}
          schema={schema}
          people={people}
          onPeople={onPeople}
          what={node.type === 'copy' ? '抄送人' : '审批人'}
          onChange={(a) => {
            const next = { ...node };
            if (a) next.assignee = a;
            else delete next.assignee;
            onChange(next);
          }}
        />
      )}
      {node.type === 'approval' && (
        <>
          <Form.Item label="多人审批方式">
            <Radio.Group
              value={node.signMode ?? 'any'}
              onChange={(e) => {
                const signMode = e.target.value as SignMode;
                const next = { ...node, signMode };
                // A vote node carries its ratio (2/3 proposed); other modes drop it.
                if (signMode === 'vote') next.voteRatio = node.voteRatio ?? DEFAULT_VOTE_RATIO;
                else delete next.voteRatio;
                onChange(next);
              }}
            >
              {SIGN_MODES.map((m) => (
                <Radio key={m} value={m}>
                  {SIGN_MODE_LABELS[m]}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          {node.signMode === 'vote' && (
            <Form.Item
              label="通过比例"
              extra="同意人数达到审批人总数的该比例即通过；反对票多到无法达到时流程结束（不通过）"
            >
              {(['agree', 'of'] as const).map((part) => (
                <Fragment key={part}>
                  {part === 'of' && <span className={s.ratioSlash}>/</span>}
                  <InputNumber
                    aria-label={part === 'agree' ? '通过比例分子' : '通过比例分母'}
                    min={1}
                    max={100}
                    precision={0}
                    value={(node.voteRatio ?? DEFAULT_VOTE_RATIO)[part]}
                    onChange={(v) =>
                      onChange({ ...node, voteRatio: { ...(node.voteRatio ?? DEFAULT_VOTE_RATIO), [part]: v ?? 1 } })
                    }
                  />
                </Fragment>
              ))}
            </Form.Item>
          )}
          <Form.Item label="找不到审批人时">
            <Radio.Group
              value={node.noAssignee ?? 'admin'}
              onChange={(e) => onChange({ ...node, noAssignee: e.target.value as NoAssignee })}
            >
              {NO_ASSIGNEE.map((m) => (
                <Radio key={m} value={m}>
                  {NO_ASSIGNEE_LABELS[m]}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <TimeLimitEditor node={node} def={def} onChange={onChange} />
          <Form.Item label="允许批量审批">
            <Switch
              aria-label="允许批量审批"
              checked={!!node.batchApprove}
              onChange={(v) => onChange({ ...node, batchApprove: v })}
            />
          </Form.Item>
          <Form.Item label="字段权限">
            <FieldPermissions node={node} schema={schema} onChange={onChange} />
          </Form.Item>
        </>
      )}
      {node.type === 'timer' && <TimerEditor node={node} schema={schema} onChange={onChange} />}
      {node.type === 'condition' && <BranchesEditor node={node} def={def} schema={schema} onChange={onChange} />}
      {node.type === 'parallel' && (
        <Typography.Paragraph type="secondary">
          从此节点连出两条以上分支，各分支同时进行，在对应的汇合节点汇合。
        </Typography.Paragraph>
      )}
      {node.type === 'join' && (
        <Form.Item label="汇合的并行节点" required extra="所有分支都完成后才继续">
          <Select
            aria-label="汇合的并行节点"
            placeholder="选择并行节点"
            value={node.splitId}
            options={parallels.map((n) => ({ value: n.id, label: n.name || n.id }))}
            onChange={(id: string) => onChange({ ...node, splitId: id })}
          />
        </Form.Item>
      )}
      {node.type === 'start' && (
        <Typography.Paragraph type="secondary">申请人提交表单即从这里开始。</Typography.Paragraph>
      )}
      {node.type === 'end' && <Typography.Paragraph type="secondary">到达结束节点即审批通过。</Typography.Paragraph>}
    </Form>
  );
}
