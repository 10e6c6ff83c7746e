import { useEffect } from 'react';
import { Button, Form, InputNumber, Select, Switch, Typography } from 'antd';
import type { BackupSchedule, BackupScheduleView } from '@/modules/maintenance/contract';

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: `每天 ${String(h).padStart(2, '0')}:00` }));

/**
 * Schedule of the automatic backup and retention: on/off, the hour (the server's time zone, named
 * beside it), how many scheduled and manual backups to keep (manual 0: all).
 */
export function ScheduleForm({
  value,
  saving,
  onSave,
}: {
  value: BackupScheduleView | undefined;
  saving: boolean;
  onSave: (s: BackupSchedule) => void;
}) {
  const [form] = Form.useForm<BackupSchedule>();
  useEffect(() => {
    if (value) form.setFieldsValue(value);
  }, [value, form]);
  return (
    <>
      <Form
        name="schedule-form"
        form={form}
        layout="inline"
        onFinish={(v) => onSave({ enabled: v.enabled, hour: v.hour, keep: v.keep, keepManual: v.keepManual ?? 0 })}
        initialValues={value}
        disabled={!value}
      >
        <Form.Item label="定时备份" name="enabled" valuePropName="checked">
          <Switch checkedChildren="开" unCheckedChildren="关" />
        </Form.Item>
        <Form.Item label="备份时间" name="hour" rules={[{ required: true, message: '请选择备份时间' }]}>
          <Select options={HOURS} style={{ width: 140 }} aria-label="备份时间" />
        </Form.Item>
        <Form.Item
          label="定时备份保留"
          name="keep"
          rules={[
            { required: true, message: '请输入保留份数' },
            { type: 'integer', min: 1, max: 100, message: '保留份数为 1–100' },
          ]}
        >
          <InputNumber min={1} max={100} precision={0} suffix="份" style={{ width: 110 }} aria-label="保留份数" />
        </Form.Item>
        <Form.Item
          label="手动备份保留"
          name="keepManual"
          tooltip="只保留最新的若干份手动备份，新备份完成后删除更早的；0 表示全部保留。上传的备份不会被自动删除。"
          rules={[{ type: 'integer', min: 0, max: 100, message: '手动备份保留份数为 0–100' }]}
        >
          <InputNumber
            min={0}
            max={100}
            precision={0}
            suffix="份"
            style={{ width: 110 }}
            aria-label="手动备份保留份数"
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存计划
          </Button>
        </Form.Item>
      </Form>
      {value && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }} data-testid="schedule-zone">
          备份时间按服务器时区 {value.timeZone}（{value.utcOffset}
          ）计算；服务器停机错过的定时备份会在启动后补做一次，失败时会通知管理员。手动备份保留 0 份表示全部保留。
        </Typography.Text>
      )}
    </>
  );
}
