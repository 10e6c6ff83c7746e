import { Form, InputNumber, Radio, Select, Space, Typography } from 'antd';
import {
  TIMEOUT_ACTIONS,
  TIMEOUT_ACTION_LABELS,
  type ProcessDefinition,
  type ProcessNode,
  type TimeoutAction,
} from '@/modules/workflow/contract';

/** Offsets the reminder pickers propose (hours); any other number can be typed in. */
const REMINDER_CHOICES = [1, 2, 4, 8, 12, 24, 48, 72];
const hoursLabel = (h: number) => (h >= 24 && h % 24 === 0 ? `${h / 24} 天` : `${h} 小时`);

/**
 * An approval node's time limit (calendar hours or days, as due times are computed), the reminders
 * around the due time and the action once it is passed (issue 24 item 1). No limit: the other
 * settings are dropped, so today's behaviour stays the default.
 */
export function TimeLimitEditor({
  node,
  def,
  onChange,
}: {
  node: ProcessNode;
  def: ProcessDefinition;
  onChange: (n: ProcessNode) => void;
}) {
  const days = node.timeLimitUnit === 'days';
  const unitHours = days ? 24 : 1;
  const limit = node.timeLimitHours ?? 0;
  const reminders = node.reminders ?? { beforeHours: [], afterHours: [] };
  const action = node.onTimeout?.action ?? 'none';
  const hasPrevious = def.edges.some((e) => e.to === node.id);
  const setLimit = (v: number | null, asDays = days) => {
    const next = { ...node };
    if (asDays) next.timeLimitUnit = 'days';
    else delete next.timeLimitUnit;
    if (v) next.timeLimitHours = v * (asDays ? 24 : 1);
    else {
      delete next.timeLimitHours;
      delete next.reminders;
      delete next.onTimeout;
    }
    onChange(next);
  };
  const setReminders = (part: 'beforeHours' | 'afterHours', list: (string | number)[]) => {
    const hours = [...new Set(list.map(Number).filter((h) => Number.isFinite(h) && h >= 0 && h <= 8760))].sort(
      (a, b) => a - b,
    );
    const r = { ...reminders, [part]: part === 'beforeHours' ? hours.filter((h) => h > 0) : hours };
    const next = { ...node };
    if (r.beforeHours.length || r.afterHours.length) next.reminders = r;
    else delete next.reminders;
    onChange(next);
  };
  const setAction = (a: TimeoutAction) => {
    const next = { ...node };
    if (a === 'none') delete next.onTimeout;
    else
      next.onTimeout = {
        action: a,
        graceHours: node.onTimeout?.graceHours ?? 0,
        ...(a === 'return' ? { returnTo: node.onTimeout?.returnTo ?? 'applicant' } : {}),
      };
    onChange(next);
  };
  const reminderSelect = (part: 'beforeHours' | 'afterHours', label: string) => (
    <Select
      aria-label={label}
      mode="tags"
      placeholder="选择或输入小时数"
      value={reminders[part].map(String)}
      options={REMINDER_CHOICES.filter((h) => part === 'afterHours' || h < limit).map((h) => ({
        value: String(h),
        label: hoursLabel(h),
      }))}
      onChange={(v: string[]) => setReminders(part, v)}
    />
  );
  return (
    <>
      <Form.Item
        label="审批时限"
        extra="按自然时间计算（1 天 = 24 小时）；不填或 0 表示不限，超过时限未处理的待办标记为超时"
      >
        <Space.Compact>
          <InputNumber
            aria-label={`审批时限（${days ? '天' : '小时'}）`}
            min={0}
            max={days ? 365 : 8760}
            value={limit ? limit / unitHours : null}
            onChange={(v) => setLimit(v)}
          />
          <Select
            aria-label="时限单位"
            value={days ? 'days' : 'hours'}
            style={{ width: 84 }}
            options={[
              { value: 'hours', label: '小时' },
              { value: 'days', label: '天' },
            ]}
            onChange={(u) =>
              setLimit(limit ? Math.max(1, Math.round(limit / (u === 'days' ? 24 : 1))) : null, u === 'days')
            }
          />
        </Space.Compact>
      </Form.Item>
      {limit > 0 && (
        <>
          <Form.Item label="到期前提醒（小时）" extra="到期前这些时刻给审批人发提醒，每个时刻只发一次">
            {reminderSelect('beforeHours', '到期前提醒')}
          </Form.Item>
          <Form.Item label="超时后提醒（小时）" extra="超过时限后这些时刻再提醒">
            {reminderSelect('afterHours', '超时后提醒')}
          </Form.Item>
          <Form.Item label="超时处理">
            <Radio.Group value={action} onChange={(e) => setAction(e.target.value as TimeoutAction)}>
              {TIMEOUT_ACTIONS.map((a) => (
                <Radio key={a} value={a}>
                  {TIMEOUT_ACTION_LABELS[a]}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          {action !== 'none' && (
            <Form.Item label="超时多久后处理（小时）" extra="0 表示一到期就处理">
              <InputNumber
                aria-label="超时多久后处理（小时）"
                min={0}
                max={8760}
                value={node.onTimeout?.graceHours ?? 0}
                onChange={(v) => onChange({ ...node, onTimeout: { ...node.onTimeout!, graceHours: v ?? 0 } })}
              />
            </Form.Item>
          )}
          {action === 'return' && (
            <Form.Item label="退回到">
              <Radio.Group
                value={node.onTimeout?.returnTo ?? 'applicant'}
                onChange={(e) =>
                  onChange({ ...node, onTimeout: { ...node.onTimeout!, returnTo: e.target.value as 'applicant' } })
                }
              >
                <Radio value="applicant">申请人</Radio>
                <Radio value="previous" disabled={!hasPrevious}>
                  上一审批节点
                </Radio>
              </Radio.Group>
            </Form.Item>
          )}
          {action === 'escalate' && (
            <Typography.Paragraph type="secondary">
              超时的待办转给审批人所在部门的负责人（审批人本人是负责人时转给上级部门的负责人），重新计时；找不到负责人时记入审批记录并通知申请人。
            </Typography.Paragraph>
          )}
        </>
      )}
    </>
  );
}
