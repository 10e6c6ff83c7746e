import { memo, useMemo } from 'react';
import { Alert, Button, Card, Empty, Popconfirm, Segmented, Select, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  FORM_LIMITS,
  RULE_ACTIONS,
  RULE_ACTION_LABELS,
  RULE_OPERATOR_LABELS,
  type FormField,
  type FormSchema,
  type LinkageRule,
  type RuleAction,
  type RuleActionType,
  type RuleCondition,
  type RuleOperator,
} from '@/shared/forms/schema';
import { FIELD_TYPE_LABELS, createRule } from '@/modules/forms/cms/designer/field-catalog';
import {
  conditionFor,
  conditionValueKind,
  describeRule,
  operatorsFor,
  ruleProblems,
  sameValueGroup,
  sourceFields,
  targetFields,
  withActionType,
  withOperator,
} from '@/modules/forms/cms/designer/rule-logic';
import { TypedValueInput, staticValueKind } from './value-inputs';
import s from './designer.module.css';

type Change = (rule: LinkageRule, key?: string) => void;

const fieldOption = (f: FormField) => ({ value: f.id, label: `${f.label || f.id}（${FIELD_TYPE_LABELS[f.type]}）` });

function ConditionRow({
  rule,
  index,
  fields,
  onChange,
}: {
  rule: LinkageRule;
  index: number;
  fields: Map<string, FormField>;
  onChange: Change;
}) {
  const cond = rule.conditions[index]!;
  const field = fields.get(cond.field);
  const set = (next: RuleCondition, key?: string) =>
    onChange({ ...rule, conditions: rule.conditions.map((c, i) => (i === index ? next : c)) }, key);
  const word = index === 0 ? '当' : rule.match === 'all' ? '且' : '或';
  const kind = field ? conditionValueKind(field.type, cond.op) : 'none';
  return (
    <div className={s.ruleLine} data-testid="rule-condition">
      <span className={s.ruleWord}>{word}</span>
      <Select
        style={{ width: 220 }}
        aria-label={`条件 ${index + 1} 字段`}
        placeholder="选择字段"
        showSearch={{ optionFilterProp: 'label' }}
        value={field ? cond.field : undefined}
        options={[...fields.values()].map(fieldOption)}
        onChange={(id: string) => set(conditionFor(fields.get(id)!))}
      />
      <Select
        style={{ width: 120 }}
        aria-label={`条件 ${index + 1} 比较方式`}
        disabled={!field}
        value={cond.op}
        options={(field ? operatorsFor(field.type) : []).map((o) => ({ value: o, label: RULE_OPERATOR_LABELS[o] }))}
        onChange={(op: RuleOperator) => set(withOperator(cond, field!, op))}
      />
      {field && kind !== 'none' && (
        <span style={{ flex: 1, minWidth: 200 }}>
          <TypedValueInput
            field={field}
            kind={kind}
            aria-label={`条件 ${index + 1} 值`}
            value={cond.value}
            onChange={(v) => {
              const next: RuleCondition = { field: cond.field, op: cond.op };
              if (
                v !== undefined &&
                v !== null &&
                (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
              )
                next.value = v;
              set(next, `${rule.id}.c${index}`);
            }}
          />
        </span>
      )}
      <Tooltip title="删除条件">
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={`删除条件 ${index + 1}`}
          onClick={() => onChange({ ...rule, conditions: rule.conditions.filter((_, i) => i !== index) })}
        />
      </Tooltip>
    </div>
  );
}

function ActionRow({
  rule,
  index,
  schema,
  onChange,
}: {
  rule: LinkageRule;
  index: number;
  schema: FormSchema;
  onChange: Change;
}) {
  const action = rule.actions[index]!;
  const set = (next: RuleAction, key?: string) =>
    onChange({ ...rule, actions: rule.actions.map((a, i) => (i === index ? next : a)) }, key);
  const candidates = targetFields(schema, action.type);
  const byId = new Map(candidates.map((f) => [f.id, f]));
  const first = byId.get(action.targets[0] ?? '');
  // setValue gives one value to every target: offer only fields that take the same kind of value.
  const offered =
    action.type === 'setValue' && first ? candidates.filter((f) => sameValueGroup(first.type, f.type)) : candidates;
  const valueKind = action.type === 'setValue' && first ? staticValueKind(first.type) : null;
  return (
    <div className={s.ruleLine} data-testid="rule-action">
      <span className={s.ruleWord}>{index === 0 ? '则' : '并'}</span>
      <Select
        style={{ width: 120 }}
        aria-label={`动作 ${index + 1} 类型`}
        value={action.type}
        options={RULE_ACTIONS.map((a) => ({ value: a, label: RULE_ACTION_LABELS[a] }))}
        onChange={(t: RuleActionType) => set(withActionType(action, t, schema))}
      />
      <Select
        style={{ flex: 1, minWidth: 220 }}
        aria-label={`动作 ${index + 1} 目标字段`}
        mode="multiple"
        placeholder="选择目标字段"
        showSearch={{ optionFilterProp: 'label' }}
        value={action.targets.filter((t) => byId.has(t))}
        options={offered.map(fieldOption)}
        maxCount={FORM_LIMITS.fields}
        onChange={(targets: string[]) => {
          const next: RuleAction = { type: action.type, targets };
          // The value stays while the first target's kind of value stays.
          const nextFirst = byId.get(targets[0] ?? '');
          if (
            action.type === 'setValue' &&
            action.value !== undefined &&
            first &&
            nextFirst &&
            sameValueGroup(first.type, nextFirst.type)
          )
            next.value = action.value;
          set(next);
        }}
      />
      {action.type === 'setValue' && first && valueKind && (
        <span style={{ width: 220 }}>
          <TypedValueInput
            field={first}
            kind={valueKind}
            aria-label={`动作 ${index + 1} 赋值`}
            value={action.value}
            onChange={(v) =>
              set(
                v === undefined ? { type: action.type, targets: action.targets } : { ...action, value: v },
                `${rule.id}.a${index}`,
              )
            }
          />
        </span>
      )}
      <Tooltip title="删除动作">
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={`删除动作 ${index + 1}`}
          onClick={() => onChange({ ...rule, actions: rule.actions.filter((_, i) => i !== index) })}
        />
      </Tooltip>
    </div>
  );
}

function RuleCard({
  rule,
  n,
  schema,
  fields,
  onChange,
  onRemove,
}: {
  rule: LinkageRule;
  n: number;
  schema: FormSchema;
  fields: Map<string, FormField>;
  onChange: Change;
  onRemove: () => void;
}) {
  const problems = ruleProblems(rule, schema);
  const firstField = fields.values().next().value as FormField | undefined;
  return (
    <Card
      size="small"
      className={s.ruleCard}
      title={`规则 ${n}`}
      data-testid="rule-card"
      extra={
        <span className={s.row}>
          <Segmented
            size="small"
            aria-label={`规则 ${n} 条件关系`}
            value={rule.match}
            options={[
              { value: 'all', label: '满足全部条件' },
              { value: 'any', label: '满足任一条件' },
            ]}
            onChange={(v) => onChange({ ...rule, match: v as 'all' | 'any' })}
          />
          <Popconfirm
            title="删除这条规则？"
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={onRemove}
          >
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除规则 ${n}`} />
          </Popconfirm>
        </span>
      }
    >
      <div className={s.ruleSummary}>{describeRule(rule, schema, RULE_OPERATOR_LABELS, RULE_ACTION_LABELS)}</div>
      {rule.conditions.map((_, i) => (
        <ConditionRow key={i} rule={rule} index={i} fields={fields} onChange={onChange} />
      ))}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        disabled={!firstField || rule.conditions.length >= 20}
        style={{ marginBottom: 12 }}
        onClick={() => onChange({ ...rule, conditions: [...rule.conditions, conditionFor(firstField!)] })}
      >
        添加条件
      </Button>
      {rule.actions.map((_, i) => (
        <ActionRow key={i} rule={rule} index={i} schema={schema} onChange={onChange} />
      ))}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        disabled={rule.actions.length >= 20}
        onClick={() => onChange({ ...rule, actions: [...rule.actions, { type: 'show', targets: [] }] })}
      >
        添加动作
      </Button>
      {problems.length > 0 && <Alert style={{ marginTop: 12 }} type="warning" showIcon title={problems.join('；')} />}
    </Card>
  );
}

/**
 * The 联动规则 tab: rules as sentences built from selects ("当 字段 比较 值 时，则 动作 目标"),
 * never typed JSON. Each change hands back the whole rule list.
 */
export const RuleBuilder = memo(function RuleBuilder({
  schema,
  onChange,
}: {
  schema: FormSchema;
  onChange: (rules: LinkageRule[], key?: string) => void;
}) {
  const fields = useMemo(() => new Map(sourceFields(schema).map((f) => [f.id, f])), [schema]);
  const rules = schema.rules;
  const add = () => {
    const first = fields.values().next().value as FormField | undefined;
    const rule = createRule(schema);
    onChange([
      ...rules,
      { ...rule, conditions: first ? [conditionFor(first)] : [], actions: [{ type: 'show', targets: [] }] },
    ]);
  };
  if (fields.size === 0) return <Empty description="先在画布中添加字段，再设置联动规则" />;
  return (
    <div className={s.rules}>
      <Alert
        type="info"
        showIcon
        title="条件成立时执行动作；不成立时字段保持设计时的状态。被“显示”动作指向的字段，在条件成立前是隐藏的。"
      />
      {rules.map((r, i) => (
        <RuleCard
          key={r.id}
          rule={r}
          n={i + 1}
          schema={schema}
          fields={fields}
          onChange={(next, key) =>
            onChange(
              rules.map((x) => (x.id === r.id ? next : x)),
              key,
            )
          }
          onRemove={() => onChange(rules.filter((x) => x.id !== r.id))}
        />
      ))}
      <Button type="dashed" icon={<PlusOutlined />} onClick={add} disabled={rules.length >= FORM_LIMITS.rules}>
        添加规则
      </Button>
    </div>
  );
});
