import { useMemo } from 'react';
import { Alert, Button, Card, DatePicker, Empty, InputNumber, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { checkFormSchema } from '@/shared/forms/check-schema';
import {
  CHECK_OPS,
  CHECK_OP_LABELS,
  allFields,
  type CheckOp,
  type CrossCheck,
  type FormField,
  type FormSchema,
} from '@/shared/forms/schema';
import { TextInput } from '@/core/ui/text-input';
import s from './designer.module.css';

const DATES = new Set(['date', 'datetime', 'dateRange']);
const COMPARABLE = new Set(['date', 'datetime', 'number', 'money']);
const isDate = (f: FormField | undefined) => f?.type === 'date' || f?.type === 'datetime';

/** Which operators fit a field: comparisons for numbers and dates, 不能早于今天 and 相隔天数 for dates. */
const opsFor = (f: FormField | undefined): CheckOp[] =>
  CHECK_OPS.filter((op) =>
    !f ? true : op === 'notPast' || op === 'maxDays' ? DATES.has(f.type) : COMPARABLE.has(f.type),
  );

function newCheckId(checks: readonly CrossCheck[]): string {
  const taken = new Set(checks.map((c) => c.id));
  let n = checks.length + 1;
  while (taken.has(`check_${n}`)) n++;
  return `check_${n}`;
}

/** One check: the field, the operator, what it is compared with, the days, the message. */
function CheckRow({
  check,
  index,
  fields,
  onChange,
  onRemove,
}: {
  check: CrossCheck;
  index: number;
  fields: FormField[];
  onChange: (c: CrossCheck, key?: string) => void;
  onRemove: () => void;
}) {
  const field = fields.find((f) => f.id === check.field);
  const label = (f: FormField) => f.label || f.id;
  const fieldOptions = fields
    .filter((f) => DATES.has(f.type) || COMPARABLE.has(f.type))
    .map((f) => ({ value: f.id, label: label(f) }));
  const comparing = check.op !== 'notPast' && check.op !== 'maxDays';
  // Compared with another field of the same kind (dates with dates, numbers with numbers).
  const others = fields
    .filter((f) => f.id !== check.field)
    .filter((f) =>
      check.op === 'maxDays' ? isDate(f) : COMPARABLE.has(f.type) && (!field || isDate(f) === isDate(field)),
    )
    .map((f) => ({ value: f.id, label: label(f) }));
  const target = check.other !== undefined ? 'field' : 'value';
  const set = (patch: Partial<CrossCheck>, key?: string) => {
    const next = { ...check, ...patch };
    for (const k of Object.keys(patch) as (keyof CrossCheck)[]) if (patch[k] === undefined) delete next[k];
    onChange(next, key);
  };
  const n = index + 1;
  return (
    <Card
      size="small"
      className={s.checkCard}
      title={`规则 ${n}`}
      extra={
        <Button
          type="text"
          danger
          size="small"
          icon={<DeleteOutlined />}
          aria-label={`删除规则 ${n}`}
          onClick={onRemove}
        />
      }
    >
      <div className={s.checkRow}>
        <Select
          aria-label={`规则 ${n} 的字段`}
          placeholder="选择字段"
          className={s.checkField}
          value={check.field || undefined}
          options={fieldOptions}
          onChange={(id: string) => {
            const f = fields.find((x) => x.id === id);
            const op = opsFor(f).includes(check.op) ? check.op : (opsFor(f)[0] ?? 'gte');
            set({ field: id, op, other: undefined, value: undefined });
          }}
        />
        <Select
          aria-label={`规则 ${n} 的条件`}
          className={s.checkOp}
          value={check.op}
          options={opsFor(field).map((op) => ({ value: op, label: CHECK_OP_LABELS[op] }))}
          onChange={(op: CheckOp) =>
            set({
              op,
              other: op === 'notPast' ? undefined : check.other,
              value: op === 'notPast' || op === 'maxDays' ? undefined : check.value,
              days: op === 'maxDays' ? (check.days ?? 30) : undefined,
            })
          }
        />
        {comparing && (
          <>
            <Select
              aria-label={`规则 ${n} 比较对象`}
              className={s.checkOp}
              value={target}
              options={[
                { value: 'field', label: '另一字段' },
                { value: 'value', label: '固定值' },
              ]}
              onChange={(t: string) =>
                set(t === 'field' ? { value: undefined, other: others[0]?.value } : { other: undefined })
              }
            />
            {target === 'field' ? (
              <Select
                aria-label={`规则 ${n} 比较字段`}
                placeholder="选择字段"
                className={s.checkField}
                value={check.other}
                options={others}
                onChange={(other: string) => set({ other })}
              />
            ) : isDate(field) ? (
              <DatePicker
                aria-label={`规则 ${n} 比较日期`}
                value={typeof check.value === 'string' && check.value ? dayjs(check.value) : null}
                onChange={(d) => set({ value: d ? d.format('YYYY-MM-DD') : undefined })}
              />
            ) : (
              <InputNumber
                aria-label={`规则 ${n} 比较值`}
                placeholder="数值"
                value={typeof check.value === 'number' ? check.value : null}
                onChange={(v) => set({ value: v ?? undefined }, `${check.id}.value`)}
              />
            )}
          </>
        )}
        {check.op === 'maxDays' && (
          <>
            <InputNumber
              aria-label={`规则 ${n} 天数`}
              min={0}
              max={3650}
              precision={0}
              suffix="天"
              value={check.days ?? null}
              onChange={(v) => set({ days: v ?? undefined }, `${check.id}.days`)}
            />
            {field?.type !== 'dateRange' && (
              <Select
                aria-label={`规则 ${n} 起始字段`}
                placeholder="从哪个日期算起"
                className={s.checkField}
                value={check.other}
                options={others}
                onChange={(other: string) => set({ other })}
              />
            )}
          </>
        )}
      </div>
      <TextInput
        aria-label={`规则 ${n} 提示`}
        placeholder="不满足时的提示（留空则自动生成）"
        maxLength={100}
        value={check.message ?? ''}
        onChange={(e) => set({ message: e.target.value || undefined }, `${check.id}.message`)}
      />
    </Card>
  );
}

/**
 * 校验规则: cross-field checks of the form (返校日期不早于离校日期, 金额不大于预算, 不能早于今天,
 * 相隔不超过 N 天), checked live in the fill pages and again on the server. The shared checker's
 * messages about them show here as they are edited.
 */
export function ChecksEditor({
  schema,
  onChange,
}: {
  schema: FormSchema;
  onChange: (checks: CrossCheck[], key?: string) => void;
}) {
  const checks = useMemo(() => schema.checks ?? [], [schema.checks]);
  const fields = useMemo(() => allFields(schema), [schema]);
  const problems = useMemo(() => checkFormSchema(schema).filter((m) => m.includes('条校验规则')), [schema]);
  const usable = fields.filter((f) => DATES.has(f.type) || COMPARABLE.has(f.type));
  const add = () => {
    const first = usable[0];
    const op = opsFor(first)[0] ?? 'gte';
    onChange([
      ...checks,
      { id: newCheckId(checks), field: first?.id ?? '', op, ...(op === 'maxDays' ? { days: 30 } : {}) },
    ]);
  };
  return (
    <div className={s.checks} onClick={(e) => e.stopPropagation()}>
      <div className={s.checksHead}>
        <span className={s.muted}>校验规则在填写时实时提示，提交时服务器再次检查。</span>
        <Button type="primary" icon={<PlusOutlined />} disabled={!usable.length} onClick={add}>
          添加校验规则
        </Button>
      </div>
      {problems.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title="校验规则有误"
          description={
            <ul className={s.checkProblems}>
              {problems.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          }
        />
      )}
      {checks.length === 0 ? (
        <Empty
          description={usable.length ? '尚无校验规则' : '添加数字、金额或日期字段后可设置校验规则'}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
        />
      ) : (
        checks.map((c, i) => (
          <CheckRow
            key={c.id}
            check={c}
            index={i}
            fields={fields}
            onChange={(next, key) =>
              onChange(
                checks.map((x) => (x.id === c.id ? next : x)),
                key,
              )
            }
            onRemove={() => onChange(checks.filter((x) => x.id !== c.id))}
          />
        ))
      )}
    </div>
  );
}
