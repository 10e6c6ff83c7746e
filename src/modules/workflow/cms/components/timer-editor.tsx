import { Form, InputNumber, Radio, Select, Typography } from 'antd';
import { allFields, type FormSchema } from '@/shared/forms/schema';
import type { ProcessNode, TimerSpec } from '@/modules/workflow/contract';
import { TIMER_FIELD_TYPES } from '@/modules/workflow/check-process';

/** A timer node's wait: until a date field of the form (plus an offset) or for a number of hours. */
export function TimerEditor({
  node,
  schema,
  onChange,
}: {
  node: ProcessNode;
  schema: FormSchema | null;
  onChange: (n: ProcessNode) => void;
}) {
  const t = node.timer;
  const dateFields = schema ? allFields(schema).filter((f) => TIMER_FIELD_TYPES.has(f.type)) : [];
  const set = (timer: TimerSpec | undefined) => {
    const next = { ...node };
    if (timer) next.timer = timer;
    else delete next.timer;
    onChange(next);
  };
  const kind = t?.kind ?? 'field';
  return (
    <>
      <Form.Item label="等待方式" required>
        <Radio.Group
          value={kind}
          onChange={(e) => set(e.target.value === 'duration' ? { kind: 'duration', hours: 24 } : undefined)}
        >
          <Radio value="field">等到表单中的日期</Radio>
          <Radio value="duration">等待固定时长</Radio>
        </Radio.Group>
      </Form.Item>
      {kind === 'field' && (
        <>
          <Form.Item label="日期字段" required extra="日期表示当天结束时；日期区间取结束日期">
            <Select
              aria-label="日期字段"
              placeholder="选择日期字段"
              value={t?.kind === 'field' ? t.fieldId : undefined}
              options={dateFields.map((f) => ({ value: f.id, label: f.label || f.id }))}
              notFoundContent="表单没有日期字段"
              onChange={(fieldId: string) =>
                set({
                  kind: 'field',
                  fieldId,
                  ...(t?.kind === 'field' && t.offsetHours ? { offsetHours: t.offsetHours } : {}),
                })
              }
            />
          </Form.Item>
          <Form.Item label="再等待（小时）" extra="可为负数：提前这么多小时继续">
            <InputNumber
              aria-label="再等待（小时）"
              min={-8760}
              max={8760}
              disabled={t?.kind !== 'field'}
              value={t?.kind === 'field' ? (t.offsetHours ?? 0) : 0}
              onChange={(v) => t?.kind === 'field' && set({ ...t, offsetHours: v ?? 0 })}
            />
          </Form.Item>
        </>
      )}
      {t?.kind === 'duration' && (
        <Form.Item label="等待时长（小时）" required>
          <InputNumber
            aria-label="等待时长（小时）"
            min={1}
            max={8760}
            value={t.hours}
            onChange={(v) => set({ kind: 'duration', hours: v ?? 1 })}
          />
        </Form.Item>
      )}
      <Typography.Paragraph type="secondary">到时间后流程自动继续（每分钟检查一次）。</Typography.Paragraph>
    </>
  );
}
