import { Button, Card, Empty, Popconfirm, Segmented, Select, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  RULE_OPERATOR_LABELS,
  type FormField,
  type FormSchema,
  type RuleCondition,
  type RuleOperator,
} from '@/shared/forms/schema';
import {
  conditionFor,
  conditionValueKind,
  operatorsFor,
  sourceFields,
  TypedValueInput,
  withOperator,
} from '@/modules/forms/ui-cms';
import { TextInput } from '@/core/ui/text-input';
import type { ConditionBranch, ProcessDefinition, ProcessNode } from '@/modules/workflow/contract';
import { branchTarget, newBranch } from '../designer/flow-logic';
import s from './designer.module.css';

function ConditionLine({
  cond,
  n,
  word,
  fields,
  onChange,
  onRemove,
  label,
}: {
  cond: RuleCondition;
  n: number;
  word: string;
  fields: Map<string, FormField>;
  onChange: (c: RuleCondition) => void;
  onRemove: () => void;
  label: string;
}) {
  const field = fields.get(cond.field);
  const kind = field ? conditionValueKind(field.type, cond.op) : 'none';
  return (
    <div className={s.condLine} data-testid="branch-condition">
      <span className={s.word}>{word}</span>
      <Select
        className={s.condField}
        aria-label={`${label}条件 ${n} 字段`}
        placeholder="选择字段"
        showSearch={{ optionFilterProp: 'label' }}
        value={field ? cond.field : undefined}
        options={[...fields.values()].map((f) => ({ value: f.id, label: f.label || f.id }))}
        onChange={(id: string) => onChange(conditionFor(fields.get(id)!))}
      />
      <Select
        className={s.condOp}
        aria-label={`${label}条件 ${n} 比较方式`}
        disabled={!field}
        value={cond.op}
        options={(field ? operatorsFor(field.type) : []).map((o) => ({ value: o, label: RULE_OPERATOR_LABELS[o] }))}
        onChange={(op: RuleOperator) => onChange(withOperator(cond, field!, op))}
      />
      <Tooltip title="删除条件">
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={`${label}删除条件 ${n}`}
          onClick={onRemove}
        />
      </Tooltip>
      {field && kind !== 'none' && (
        <div className={s.condValue}>
          <TypedValueInput
            field={field}
            kind={kind}
            aria-label={`${label}条件 ${n} 值`}
            value={cond.value}
            onChange={(v) => {
              const next: RuleCondition = { field: cond.field, op: cond.op };
              if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') next.value = v;
              onChange(next);
            }}
          />
        </div>
      )}
    </div>
  );
}

/**
 * 条件分支: branches tested in order, each a set of conditions on form fields built like the form
 * rule builder (same operators and value inputs, evaluated by the same linkage code); lines left
 * over go to the 默认 branch.
 */
export function BranchesEditor({
  node,
  def,
  schema,
  onChange,
}: {
  node: ProcessNode;
  def: ProcessDefinition;
  schema: FormSchema | null;
  onChange: (n: ProcessNode) => void;
}) {
  const fields = new Map(schema ? sourceFields(schema).map((f) => [f.id, f]) : []);
  const branches = node.branches ?? [];
  const set = (list: ConditionBranch[]) => onChange({ ...node, branches: list });
  const setOne = (b: ConditionBranch) => set(branches.map((x) => (x.id === b.id ? b : x)));
  const first = fields.values().next().value as FormField | undefined;
  const defaultTo = branchTarget(def, node.id, 'default');
  if (!fields.size) return <Empty description="绑定的表单没有可用作条件的字段" />;
  return (
    <div className={s.branches}>
      {branches.map((b, i) => {
        const to = branchTarget(def, node.id, b.id);
        const label = `${b.name || `条件 ${i + 1}`} `;
        return (
          <Card
            key={b.id}
            size="small"
            data-testid="branch-card"
            title={
              <TextInput
                size="small"
                aria-label={`分支 ${i + 1} 名称`}
                value={b.name}
                maxLength={40}
                onChange={(e) => setOne({ ...b, name: e.target.value })}
              />
            }
            extra={
              <Popconfirm
                title="删除这个分支？它的连线也会删除"
                okText="删除"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={() => set(branches.filter((x) => x.id !== b.id))}
              >
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除分支 ${i + 1}`} />
              </Popconfirm>
            }
          >
            <div className={s.branchHead}>
              <Segmented
                size="small"
                aria-label={`分支 ${i + 1} 条件关系`}
                value={b.match}
                options={[
                  { value: 'all', label: '满足全部' },
                  { value: 'any', label: '满足任一' },
                ]}
                onChange={(v) => setOne({ ...b, match: v as 'all' | 'any' })}
              />
              <span className={s.hint}>{to ? `→ ${to}` : '未连线：从条件节点拖出连线'}</span>
            </div>
            {b.conditions.map((c, ci) => (
              <ConditionLine
                key={ci}
                cond={c}
                n={ci + 1}
                label={label}
                word={ci === 0 ? '当' : b.match === 'all' ? '且' : '或'}
                fields={fields}
                onChange={(next) => setOne({ ...b, conditions: b.conditions.map((x, k) => (k === ci ? next : x)) })}
                onRemove={() => setOne({ ...b, conditions: b.conditions.filter((_, k) => k !== ci) })}
              />
            ))}
            <Button
              size="small"
              type="dashed"
              icon={<PlusOutlined />}
              disabled={!first || b.conditions.length >= 20}
              onClick={() => setOne({ ...b, conditions: [...b.conditions, conditionFor(first!)] })}
            >
              添加条件
            </Button>
          </Card>
        );
      })}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={branches.length >= 20}
        onClick={() => {
          const b = newBranch(node);
          set([...branches, first ? { ...b, conditions: [conditionFor(first)] } : b]);
        }}
      >
        添加分支
      </Button>
      <div className={s.hint}>
        按顺序判断，第一个成立的分支生效；都不成立时走默认分支{defaultTo ? `（→ ${defaultTo}）` : '（尚未连线）'}。
      </div>
    </div>
  );
}
